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
}

const defaultAppUrl = () =>
  (process.env.APP_URL?.replace(/\/+$/, "") || undefined) ?? `http://localhost:${process.env.PORT ?? 3000}`;

let config: MailConfig = { appUrl: defaultAppUrl(), smtp: null };

/** Sets the public origin and the SMTP server (null: the in-app outbox). Answers the previous settings. */
export function configureMail(next: { appUrl?: string; smtp?: SmtpSettings | null }): MailConfig {
  const previous = config;
  config = {
    appUrl: (next.appUrl ?? previous.appUrl).replace(/\/+$/, ""),
    smtp: next.smtp === undefined ? previous.smtp : next.smtp,
  };
  return previous;
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
