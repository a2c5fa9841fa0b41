import { createHash } from "node:crypto";
import { errors } from "@server/lib/errors";
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from "@shared/message-rules";
import { z } from "zod";
import type { EnqueueMessage, OutgoingMessage } from "./contract";
import { maskedUrl, sealLink } from "./link-secrets";
import { linkKey, mailTransport } from "./mail-config";
import { outboxRepository } from "./outbox.repository";

/**
 * The mailer (docs/domain/messages.md#transport): every message of the app goes through
 * `enqueueMessage`, which checks it once more (the routes' schemas checked it already: defence in depth)
 * and writes it, with its attachment's bytes, in the caller's transaction. No SMTP server configured:
 * it is kept in the app's outbox, `sent` at once. An SMTP server: it waits `pending` for the delivery
 * loop (delivery.ts), nudged at commit; the caller never waits for a mail server.
 */

const emailSchema = z.email().max(254);

/** An address as a mail header may carry it: a plain address, nothing a header could be built from. */
export function checkedAddress(raw: string, path: string): string {
  const address = raw.trim().toLowerCase();
  if (/[\r\n\t\0<>,;"()\\\s]/.test(address) || !emailSchema.safeParse(address).success) {
    throw errors.validation(MESSAGE_TEXTS.recipientInvalid, [{ path, message: MESSAGE_TEXTS.recipientInvalid }]);
  }
  return address;
}

function checkedAddresses(list: readonly string[], path: "to" | "cc", min: number): string[] {
  if (list.length < min) {
    throw errors.validation(MESSAGE_TEXTS.recipientRequired, [{ path, message: MESSAGE_TEXTS.recipientRequired }]);
  }
  if (list.length > MESSAGE_LIMITS.recipientsMax) {
    throw errors.validation(MESSAGE_TEXTS.tooManyRecipients, [{ path, message: MESSAGE_TEXTS.tooManyRecipients }]);
  }
  return [...new Set(list.map((a, i) => checkedAddress(a, `${path}.${i}`)))];
}

/** The subject: one line (a CR or LF would start a new header), required, at most subjectMax. */
export function checkedSubject(raw: string): string {
  if (/[\r\n\0]/.test(raw)) {
    throw errors.validation(MESSAGE_TEXTS.subjectInvalid, [{ path: "subject", message: MESSAGE_TEXTS.subjectInvalid }]);
  }
  const subject = raw.trim();
  if (subject.length === 0 || subject.length > MESSAGE_LIMITS.subjectMax) {
    throw errors.validation(MESSAGE_TEXTS.subjectRequired, [
      { path: "subject", message: MESSAGE_TEXTS.subjectRequired },
    ]);
  }
  return subject;
}

function checkedBody(raw: string): string {
  const body = raw.replace(/\0/g, "").trim();
  if (body.length === 0 || body.length > MESSAGE_LIMITS.bodyMax) {
    throw errors.validation(MESSAGE_TEXTS.bodyRequired, [{ path: "body", message: MESSAGE_TEXTS.bodyRequired }]);
  }
  return body;
}

/** An attachment's file name as a MIME header may carry it: no line break, quote, slash or control. */
export function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '"\\/:*?<>|'.includes(c) ? "_" : c))
    .join("")
    .trim()
    .slice(0, 150);
  return cleaned || "document.pdf";
}

export const enqueueMessage: EnqueueMessage = async (tx, message: OutgoingMessage) => {
  const to = checkedAddresses(message.to, "to", 1);
  const cc = checkedAddresses(message.cc ?? [], "cc", 0).filter((a) => !to.includes(a));
  const subject = checkedSubject(message.subject);
  const body = checkedBody(message.body);

  let document: { type: "quote" | "invoice"; id: string; reference: string } | null = null;
  if (message.document) {
    const reference = await outboxRepository.documentReference(
      tx,
      message.companyId,
      message.document.type,
      message.document.id,
    );
    if (reference === undefined) throw new Error("the message’s document is not the company’s");
    document = { ...message.document, reference };
  }

  const transport = mailTransport();
  // A one-time link: named masked in the stored body, sealed apart for the delivery loop only.
  if (message.link && (body.includes(message.link) || !body.includes(maskedUrl(message.link)))) {
    throw new Error("a one-time link must be named masked in the message's body");
  }
  const linkSecret =
    message.link && (transport === "smtp" || message.keepLink) ? sealLink(message.link, linkKey()) : null;
  const attachment = message.attachment ? { ...message.attachment, name: safeFileName(message.attachment.name) } : null;
  const id = await outboxRepository.insert(tx, {
    companyId: message.companyId,
    kind: message.kind,
    status: transport === "smtp" ? "pending" : "sent",
    transport,
    to,
    cc,
    subject,
    body,
    document,
    attachmentName: attachment?.name ?? null,
    createdBy: message.createdBy ?? null,
    linkSecret,
  });
  if (attachment) {
    const content = Buffer.from(attachment.content);
    await outboxRepository.insertAttachment(tx, message.companyId, id, {
      name: attachment.name,
      contentType: /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType)
        ? attachment.contentType
        : "application/octet-stream",
      content,
      sha256: createHash("sha256").update(content).digest("hex"),
    });
  }
  if (transport === "smtp") await outboxRepository.notifyPending(tx);
  return { id };
};
