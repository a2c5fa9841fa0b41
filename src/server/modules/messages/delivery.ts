import type { Database } from "@server/db/client";
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from "@shared/message-rules";
import nodemailer from "nodemailer";
import type pg from "pg";
import { bodyWithLink, openLink } from "./link-secrets";
import { linkKey, type SmtpSettings } from "./mail-config";
import { checkedAddress } from "./mailer";
import { outboxRepository } from "./outbox.repository";

/**
 * The delivery loop (docs/domain/messages.md#delivery), started by the server when SMTP_URL is set:
 * it sends the pending messages of every company, one transaction each, the message locked with SKIP
 * LOCKED (two servers never send the same message at once). A failed try is retried after
 * MESSAGE_LIMITS.retryDelaysMs (1 min, 5 min, 30 min, 2 h); after the last, or at once when the server
 * refuses for good (a 5xx reply), the message is `failed` with the reason. Woken at each commit of a pending message (LISTEN propulse_outbox, notified by the mailer)
 * and every `intervalMs` (retries, a missed notification).
 */
export interface DeliveryOptions {
  smtp: SmtpSettings;
  retryDelaysMs?: readonly number[];
  intervalMs?: number;
  /** Where a failure of the loop itself goes (never a message's content nor the SMTP URL). */
  onError?: (error: unknown) => void;
}

export interface Delivery {
  /** Listens for the mailer's notifications and delivers what is due (now, then every interval). */
  start(): Promise<void>;
  /** Stops the timer and the listener, and waits for the pass under way. */
  stop(): Promise<void>;
  /** Delivers every due message now; answers how many were tried. */
  runOnce(): Promise<number>;
}

const CHANNEL = "propulse_outbox";
const SECOND = 1000;

/**
 * A refusal that trying again cannot mend (RFC 5321 §4.2.1: a 5yz reply is a permanent failure — an
 * unknown mailbox, a message refused): the message fails at once. Refused credentials (535, EAUTH) are
 * the server's settings, which the administrator may fix: those are retried as a network error is.
 */
export function isPermanent(error: unknown): boolean {
  const e = (error ?? {}) as { responseCode?: number; code?: string };
  return typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600 && e.code !== "EAUTH";
}

/**
 * Why a try failed, for the outbox's screen: the SMTP server's answer or the network error, never the
 * SMTP URL nor its password (masked wherever they would appear), at most 500 characters.
 */
export function failureReason(error: unknown, smtpUrl: string): string {
  const e = (error ?? {}) as { response?: string; responseCode?: number; code?: string; message?: string };
  let reason: string;
  if (typeof e.responseCode === "number") {
    reason = `Refusé par le serveur d’envoi\u00a0: ${e.response ?? e.responseCode}`;
  } else if (
    e.code &&
    /^E(CONNECTION|CONNREFUSED|TIMEDOUT|DNS|SOCKET|NOTFOUND)|^ETIMEDOUT|^ENOTFOUND|^ECONNREFUSED/.test(e.code)
  ) {
    reason = `Serveur d’envoi injoignable (${e.code})`;
  } else if (e.code === "EAUTH") {
    reason = "Identifiants du serveur d’envoi refusés";
  } else {
    reason = `Erreur d’envoi\u00a0: ${e.message ?? String(error)}`;
  }
  const secrets = new Set<string>([smtpUrl]);
  try {
    const url = new URL(smtpUrl);
    if (url.password) {
      secrets.add(url.password);
      secrets.add(decodeURIComponent(url.password));
    }
  } catch {
    // A URL that does not parse: only the whole is masked.
  }
  for (const secret of secrets) if (secret) reason = reason.split(secret).join("[masqué]");
  return reason.replace(/[\r\n]+/g, " ").slice(0, 500);
}

export function createDelivery(db: Database, options: DeliveryOptions): Delivery {
  const retryDelays = options.retryDelaysMs ?? MESSAGE_LIMITS.retryDelaysMs;
  const intervalMs = options.intervalMs ?? 30 * SECOND;
  const onError = options.onError ?? (() => undefined);
  const transporter = nodemailer.createTransport({
    url: options.smtp.url,
    connectionTimeout: 20 * SECOND,
    greetingTimeout: 20 * SECOND,
    socketTimeout: 60 * SECOND,
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  let timer: NodeJS.Timeout | null = null;
  let listener: pg.PoolClient | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  /** Sends one due message in its own transaction; false when none is due. */
  async function deliverOne(): Promise<boolean> {
    return db.run("platform", async (tx) => {
      const message = await outboxRepository.claimNext(tx);
      if (!message) return false;
      let replyTo: string | undefined;
      try {
        replyTo = message.replyTo ? checkedAddress(message.replyTo, "reply_to") : undefined;
      } catch {
        replyTo = undefined;
      }
      // A one-time link named masked in the stored body: put back for this mail only (link-secrets.ts).
      let text = message.body;
      if (message.linkSecret) {
        const url = openLink(message.linkSecret, linkKey());
        if (!url) {
          await outboxRepository.markFailed(tx, message.id, MESSAGE_TEXTS.linkUnreadable, null);
          return true;
        }
        text = bodyWithLink(message.body, url);
      }
      try {
        await transporter.sendMail({
          from: options.smtp.from,
          to: message.to,
          cc: message.cc.length > 0 ? message.cc : undefined,
          replyTo,
          subject: message.subject,
          text,
          attachments: message.attachment
            ? [
                {
                  filename: message.attachment.name,
                  content: message.attachment.content,
                  contentType: message.attachment.contentType,
                },
              ]
            : [],
        });
        await outboxRepository.markSent(tx, message.id);
      } catch (error) {
        const delay = isPermanent(error) ? undefined : retryDelays[message.attempts];
        const retryAt = delay === undefined ? null : new Date(Date.now() + delay);
        await outboxRepository.markFailed(tx, message.id, failureReason(error, options.smtp.url), retryAt);
      }
      return true;
    });
  }

  async function pass(): Promise<number> {
    let tried = 0;
    do {
      again = false;
      while (!stopped && (await deliverOne())) tried += 1;
    } while (again && !stopped);
    return tried;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = null;
    });
    return running;
  }

  function nudge(): void {
    if (stopped) return;
    runOnce().catch(onError);
  }

  async function listen(): Promise<void> {
    if (listener || stopped) return;
    const client = await db.pool.connect();
    client.on("notification", nudge);
    client.on("error", (error) => {
      // The connection was lost: dropped; the next tick listens again.
      if (listener === client) listener = null;
      client.release(error);
      onError(error);
    });
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }

  return {
    async start() {
      stopped = false;
      await listen().catch(onError);
      timer = setInterval(() => {
        listen().catch(onError);
        nudge();
      }, intervalMs);
      timer.unref();
      nudge();
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      const client = listener;
      listener = null;
      if (client) {
        client.removeListener("notification", nudge);
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        client.release();
      }
      transporter.close();
    },

    runOnce,
  };
}
