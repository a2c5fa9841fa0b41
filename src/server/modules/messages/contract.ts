/**
 * The seams between the parts of issue 18 (written by the lead; each part implements its side):
 * - the mailer (helper M, src/server/modules/messages/): `enqueueMessage` writes a message to the outbox in
 *   the caller's transaction; after commit, it is delivered (kept in the app, or sent through SMTP with
 *   retries) — the caller never waits for a mail server;
 * - the signing links (helper G, src/server/modules/quotes/signing-links.ts): `issueSigningLink` gives a quote a new link
 *   (the previous one dies) that the send and remind messages name as {lien_signature}.
 */
import type { Db } from "@server/db/client";
import type { MessageKind } from "@shared/message-rules";
import type { Quote } from "@shared/quotes";

export interface OutgoingMessage {
  companyId: string;
  kind: MessageKind;
  to: string[];
  cc?: string[];
  subject: string;
  body: string;
  /** The document the message is about (listed on its page). */
  document?: { type: "quote" | "invoice"; id: string } | null;
  /** The stored document's bytes (its PDF), never a path from a request. */
  attachment?: { name: string; contentType: string; content: Uint8Array } | null;
  createdBy?: { id: string; name: string } | null;
  /**
   * A one-time link (invitation, reset, a quote's signing link) that `body` names masked (`maskedUrl`,
   * link-secrets.ts): never stored in clear; sealed for the delivery loop when SMTP sends the message,
   * dropped when the app keeps it — unless `keepLink`.
   */
  link?: string | null;
  /**
   * The app keeps the message (no SMTP) and its reader needs the link (a quote's signing link, which the
   * office copies from « Messages envoyés » to the client): the link stays sealed with the message and
   * GET /api/outbox/:id shows it in place.
   */
  keepLink?: boolean;
}

/** Implemented by helper M in src/server/modules/messages/mailer.ts. */
export type EnqueueMessage = (tx: Db, message: OutgoingMessage) => Promise<{ id: string }>;

/**
 * Implemented by helper G in src/server/modules/quotes/signing-links.ts. `frozen`: the quote as sent and
 * its PDF's bytes, which the link presents whatever happens to the quote later (issue 31).
 */
export type IssueSigningLink = (
  tx: Db,
  input: {
    companyId: string;
    quoteId: string;
    expiresOn: string | null;
    createdBy: string | null;
    frozen: { quote: Quote; pdf: Uint8Array };
  },
) => Promise<{ token: string; path: string; url: string; expiresAt: Date }>;
