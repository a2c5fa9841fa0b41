import type { Db } from "@server/db/client";
import { companies, messageTemplates, outboxAttachments, outboxMessages } from "@server/db/schema";
import { containsPattern, folded } from "@server/lib/search";
import { type ExpectedVersion, lockVersion } from "@server/lib/versions";
import type { MessageKind, MessageStatus, TemplateKind } from "@shared/message-rules";
import type { MessageDetail, MessageSummary } from "@shared/messages";
import { and, desc, eq, sql } from "drizzle-orm";

/** A message as written by enqueueMessage (mailer.ts). */
export interface NewMessage {
  companyId: string;
  kind: MessageKind;
  status: MessageStatus;
  transport: "outbox" | "smtp";
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  document: { type: "quote" | "invoice"; id: string; reference: string } | null;
  attachmentName: string | null;
  createdBy: { id: string; name: string } | null;
  /** The one-time link the body names masked, sealed (link-secrets.ts); null for most messages. */
  linkSecret?: string | null;
}

/** A pending message as the delivery loop sends it, with its attachment and its company's e-mail. */
export interface QueuedMessage {
  id: string;
  companyId: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  attempts: number;
  /** The sealed one-time link to put back in the body when sending (link-secrets.ts). */
  linkSecret: string | null;
  replyTo: string | null;
  attachment: { name: string; contentType: string; content: Buffer } | null;
}

const summaryColumns = {
  id: outboxMessages.id,
  kind: outboxMessages.kind,
  status: outboxMessages.status,
  transport: outboxMessages.transport,
  to: outboxMessages.toAddresses,
  cc: outboxMessages.ccAddresses,
  subject: outboxMessages.subject,
  documentType: outboxMessages.documentType,
  documentId: outboxMessages.documentId,
  documentReference: outboxMessages.documentReference,
  attachmentName: outboxMessages.attachmentName,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  sentAt: outboxMessages.sentAt,
  createdByName: outboxMessages.createdByName,
};

type SummaryRow = {
  id: string;
  kind: string;
  status: string;
  transport: string;
  to: string[];
  cc: string[];
  subject: string;
  documentType: string | null;
  documentId: string | null;
  documentReference: string | null;
  attachmentName: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date | string;
  sentAt: Date | string | null;
  createdByName: string | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();

function toSummary(row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    kind: row.kind as MessageSummary["kind"],
    status: row.status as MessageSummary["status"],
    transport: row.transport as MessageSummary["transport"],
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    document:
      row.documentType && row.documentId
        ? {
            type: row.documentType as "quote" | "invoice",
            id: row.documentId,
            reference: row.documentReference ?? "",
          }
        : null,
    attachment_name: row.attachmentName,
    attempts: row.attempts,
    error: row.lastError,
    created_at: iso(row.createdAt),
    sent_at: row.sentAt ? iso(row.sentAt) : null,
    created_by_name: row.createdByName,
  };
}

export const outboxRepository = {
  /** The reference of the company's document, or undefined when it is not the company's. */
  async documentReference(tx: Db, companyId: string, type: "quote" | "invoice", id: string) {
    const table = type === "quote" ? sql`quotes` : sql`invoices`;
    const result = await tx.execute<{ reference: string }>(
      sql`SELECT reference FROM ${table} WHERE company_id = ${companyId} AND id = ${id}`,
    );
    return result.rows[0]?.reference;
  },

  async insert(tx: Db, message: NewMessage): Promise<string> {
    // Folded by the database, as every search column (ADR 0032).
    const searchText = folded(sql`${[message.subject, ...message.to, ...message.cc].join(" ")}::text`);
    const [row] = await tx
      .insert(outboxMessages)
      .values({
        companyId: message.companyId,
        kind: message.kind,
        status: message.status,
        transport: message.transport,
        toAddresses: message.to,
        ccAddresses: message.cc,
        subject: message.subject,
        body: message.body,
        documentType: message.document?.type ?? null,
        documentId: message.document?.id ?? null,
        documentReference: message.document?.reference ?? null,
        attachmentName: message.attachmentName,
        searchText,
        nextAttemptAt: message.status === "pending" ? sql`now()` : null,
        sentAt: message.status === "sent" ? sql`now()` : null,
        createdBy: message.createdBy?.id ?? null,
        createdByName: message.createdBy?.name ?? null,
        linkSecret: message.linkSecret ?? null,
      })
      .returning({ id: outboxMessages.id });
    if (!row) throw new Error("message not stored");
    return row.id;
  },

  async insertAttachment(
    tx: Db,
    companyId: string,
    messageId: string,
    file: { name: string; contentType: string; content: Buffer; sha256: string },
  ): Promise<void> {
    await tx.insert(outboxAttachments).values({ companyId, messageId, ...file });
  },

  /**
   * Tells the delivery loops that a message waits: PostgreSQL delivers the notification at commit only
   * (never for a rolled-back message), to every server listening (delivery.ts).
   */
  async notifyPending(tx: Db): Promise<void> {
    await tx.execute(sql`SELECT pg_notify('propulse_outbox', '')`);
  },

  /**
   * One page of the outbox, newest first, and the total. Without a search: the page from the (company,
   * created_at) index, the total from `outbox_counts` (kept by triggers: never a count of every message),
   * in one statement. With one: the matching rows from outbox_messages_matching() (trigram index under
   * RLS, subject and recipients), counted by the window.
   */
  async list(
    tx: Db,
    companyId: string,
    filters: { kind?: MessageKind; status?: MessageStatus; search?: string },
    page: { limit: number; offset: number },
  ): Promise<{ data: MessageSummary[]; total: number }> {
    const source = filters.search
      ? sql`outbox_messages_matching(${containsPattern(filters.search)}) AS m`
      : sql`outbox_messages AS m`;
    const kind = filters.kind ? sql`AND m.kind = ${filters.kind}` : sql``;
    const status = filters.status ? sql`AND m.status = ${filters.status}` : sql``;
    const where = sql`m.company_id = ${companyId} ${kind} ${status}`;
    const counted = filters.search
      ? sql`(count(*) OVER ())::int`
      : sql`(SELECT coalesce(sum(m.n), 0)::int FROM outbox_counts AS m WHERE ${where})`;
    const result = await tx.execute<SummaryRow & { total: number }>(sql`
      SELECT m.id, m.kind, m.status, m.transport, m.to_addresses AS "to", m.cc_addresses AS cc, m.subject,
             m.document_type AS "documentType", m.document_id AS "documentId",
             m.document_reference AS "documentReference", m.attachment_name AS "attachmentName",
             m.attempts, m.last_error AS "lastError", m.created_at AS "createdAt", m.sent_at AS "sentAt",
             m.created_by_name AS "createdByName", ${counted} AS total
      FROM ${source}
      WHERE ${where}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    let total = result.rows[0]?.total ?? 0;
    if (result.rows.length === 0 && page.offset > 0) {
      const again = filters.search
        ? sql`SELECT count(*)::int AS n FROM ${source} WHERE ${where}`
        : sql`SELECT coalesce(sum(m.n), 0)::int AS n FROM outbox_counts AS m WHERE ${where}`;
      total = (await tx.execute<{ n: number }>(again)).rows[0]?.n ?? 0;
    }
    return { data: result.rows.map(({ total: _total, ...row }) => toSummary(row)), total };
  },

  /** The message with its body, and the sealed link a message kept in the app names (or null). */
  async find(
    tx: Db,
    companyId: string,
    id: string,
  ): Promise<{ message: MessageDetail; keptLink: string | null } | undefined> {
    const [row] = await tx
      .select({ ...summaryColumns, body: outboxMessages.body, linkSecret: outboxMessages.linkSecret })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.companyId, companyId), eq(outboxMessages.id, id)));
    if (!row) return undefined;
    const { body, linkSecret, ...summary } = row;
    const message = { ...toSummary(summary), body };
    return { message, keptLink: message.transport === "outbox" ? linkSecret : null };
  },

  /** The stored attachment of the company's message, or undefined. */
  async attachment(tx: Db, companyId: string, messageId: string) {
    const [row] = await tx
      .select({
        name: outboxAttachments.name,
        contentType: outboxAttachments.contentType,
        content: outboxAttachments.content,
      })
      .from(outboxAttachments)
      .where(and(eq(outboxAttachments.companyId, companyId), eq(outboxAttachments.messageId, messageId)));
    return row;
  },

  /** The messages about one document, newest first (its page lists them). */
  async ofDocument(tx: Db, companyId: string, type: "quote" | "invoice", id: string): Promise<MessageSummary[]> {
    const rows = await tx
      .select(summaryColumns)
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.companyId, companyId),
          eq(outboxMessages.documentType, type),
          eq(outboxMessages.documentId, id),
        ),
      )
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
    return rows.map(toSummary);
  },

  /** The company's saved templates (the kinds never saved are absent). */
  async templates(tx: Db, companyId: string) {
    return tx
      .select({ kind: messageTemplates.kind, subject: messageTemplates.subject, body: messageTemplates.body })
      .from(messageTemplates)
      .where(eq(messageTemplates.companyId, companyId));
  },

  /** Locks the company and refuses a replaced version of its templates (ADR 0024). */
  lockTemplatesVersion: (tx: Db, companyId: string, version: ExpectedVersion) =>
    lockVersion(tx, version, companies.messageTemplatesUpdatedAt, eq(companies.id, companyId)),

  /** The version of the company's templates (the four as one). */
  async templatesVersion(tx: Db, companyId: string): Promise<string> {
    const [row] = await tx
      .select({ at: companies.messageTemplatesUpdatedAt })
      .from(companies)
      .where(eq(companies.id, companyId));
    return (row?.at ?? new Date(0)).toISOString();
  },

  async saveTemplates(
    tx: Db,
    companyId: string,
    templates: { kind: TemplateKind; subject: string; body: string }[],
  ): Promise<void> {
    if (templates.length === 0) return;
    await tx
      .insert(messageTemplates)
      .values(templates.map((t) => ({ companyId, ...t })))
      .onConflictDoUpdate({
        target: [messageTemplates.companyId, messageTemplates.kind],
        set: { subject: sql`excluded.subject`, body: sql`excluded.body`, updatedAt: sql`now()` },
      });
    await tx.update(companies).set({ messageTemplatesUpdatedAt: sql`now()` }).where(eq(companies.id, companyId));
  },

  async companyName(tx: Db, companyId: string): Promise<string | undefined> {
    const [row] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    return row?.name;
  },

  /** The company's contact e-mail: the Reply-To of its messages. */
  async companyEmail(tx: Db, companyId: string): Promise<string | null> {
    const [row] = await tx.select({ email: companies.emailContact }).from(companies).where(eq(companies.id, companyId));
    return row?.email ?? null;
  },

  // The delivery queue (delivery.ts), read in the platform scope: every company's pending messages.

  /**
   * Claims the next pending message that is due, locked for this transaction: another server's loop
   * skips it (SKIP LOCKED), so a message is never sent twice at once.
   */
  async claimNext(tx: Db): Promise<QueuedMessage | undefined> {
    const result = await tx.execute<{
      id: string;
      company_id: string;
      to_addresses: string[];
      cc_addresses: string[];
      subject: string;
      body: string;
      attempts: number;
      link_secret: string | null;
    }>(sql`
      SELECT id, company_id, to_addresses, cc_addresses, subject, body, attempts, link_secret
      FROM outbox_messages
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED`);
    const row = result.rows[0];
    if (!row) return undefined;
    const [attachment] = await tx
      .select({
        name: outboxAttachments.name,
        contentType: outboxAttachments.contentType,
        content: outboxAttachments.content,
      })
      .from(outboxAttachments)
      .where(and(eq(outboxAttachments.companyId, row.company_id), eq(outboxAttachments.messageId, row.id)));
    return {
      id: row.id,
      companyId: row.company_id,
      to: row.to_addresses,
      cc: row.cc_addresses,
      subject: row.subject,
      body: row.body,
      attempts: row.attempts,
      linkSecret: row.link_secret,
      replyTo: await outboxRepository.companyEmail(tx, row.company_id),
      attachment: attachment ?? null,
    };
  },

  async markSent(tx: Db, id: string): Promise<void> {
    await tx
      .update(outboxMessages)
      .set({
        status: "sent",
        attempts: sql`${outboxMessages.attempts} + 1`,
        sentAt: sql`now()`,
        nextAttemptAt: null,
        lastError: null,
        // Sent: the link is the person's now; nothing of it stays here.
        linkSecret: null,
      })
      .where(eq(outboxMessages.id, id));
  },

  /** A failed try: retried at `retryAt`, or given up (`failed`) when null. */
  async markFailed(tx: Db, id: string, reason: string, retryAt: Date | null): Promise<void> {
    await tx
      .update(outboxMessages)
      .set({
        status: retryAt ? "pending" : "failed",
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: retryAt,
        lastError: reason,
        // Failed for good: the sealed link goes (a retry keeps it).
        ...(retryAt ? {} : { linkSecret: null }),
      })
      .where(eq(outboxMessages.id, id));
  },
};
