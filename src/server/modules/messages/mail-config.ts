import { randomBytes } from "node:crypto";
import { linkKeyOf } from "./link-secrets";

/**
 * How this server sends its messages (docs/domain/messages.md#transport), set once at start-up by
 * main.ts from the environment (SMTP_URL, SMTP_FROM, APP_URL): no SMTP server → every message stays in
 * the app's outbox (transport 'outbox', status 'sent' at once); an SMTP server → the message waits
 * ('pending') for the delivery loop. Tests that exercise SMTP set it and put it back.
 */
export interface SmtpSettings {
  /** smtp://user:password@host:587 or smtps://… — never logged nor shown (it holds the password). */
  url: string;
  /** « Propulse <no-reply@exemple.fr> » */
  from: string;
}

export type MailTransport = "outbox" | "smtp";

interface MailConfig {
  appUrl: string;
  smtp: SmtpSettings | null;
  /** Seals the one-time links the delivery loop has still to send (link-secrets.ts). */
  linkKey: Buffer;
}

const defaultAppUrl = () =>
  (process.env.APP_URL?.replace(/\/+$/, "") || undefined) ?? `http://localhost:${process.env.PORT ?? 3000}`;

// Until main.ts gives the server's secret, a key of this process alone (tests, tools).
let config: MailConfig = { appUrl: defaultAppUrl(), smtp: null, linkKey: randomBytes(32) };

/**
 * Sets the public origin, the SMTP server (null: the in-app outbox) and the secret the links' key is
 * derived from (the server's JWT_SECRET: every process reads what another sealed). Answers the previous
 * settings.
 */
export function configureMail(next: {
  appUrl?: string;
  smtp?: SmtpSettings | null;
  secret?: string;
  linkKey?: Buffer;
}): MailConfig {
  const previous = config;
  config = {
    appUrl: (next.appUrl ?? previous.appUrl).replace(/\/+$/, ""),
    smtp: next.smtp === undefined ? previous.smtp : next.smtp,
    linkKey: next.secret ? linkKeyOf(next.secret) : (next.linkKey ?? previous.linkKey),
  };
  return previous;
}

/** The key that seals the links waiting for the delivery loop. */
export function linkKey(): Buffer {
  return config.linkKey;
}

export function mailTransport(): MailTransport {
  return config.smtp ? "smtp" : "outbox";
}

export function smtpSettings(): SmtpSettings | null {
  return config.smtp;
}

/** The public origin (APP_URL), without a trailing slash. */
export function appUrl(): string {
  return config.appUrl;
}

/** The full URL of a path of the app, as a mail names it: `publicUrl("/signer/abc")`. */
export function publicUrl(path: string): string {
  return `${config.appUrl}${path.startsWith("/") ? path : `/${path}`}`;
}
