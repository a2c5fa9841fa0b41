import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companies, companyIdColumn } from "./companies";
import { users } from "./users";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * The outbox (docs/domain/messages.md): every message the app sends, kept with its status whatever its
 * transport ('outbox': kept in the app, no SMTP configured; 'smtp': delivered by the delivery loop).
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    /** MESSAGE_KINDS (src/shared/message-rules.ts). */
    kind: text("kind").notNull(),
    /** 'pending' | 'sent' | 'failed' */
    status: text("status").notNull(),
    /** 'outbox' | 'smtp' */
    transport: text("transport").notNull(),
    toAddresses: text("to_addresses").array().notNull(),
    ccAddresses: text("cc_addresses").array().notNull().default(sql`'{}'`),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** 'quote' | 'invoice': the document the message is about (no foreign key: two tables). */
    documentType: text("document_type"),
    documentId: uuid("document_id"),
    /** The document's reference when sent (the list shows it without a join). */
    documentReference: text("document_reference"),
    attachmentName: text("attachment_name"),
    /** Lower-cased subject and recipients: what the list's search matches (trigram index). */
    searchText: text("search_text").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * An invitation's or a reset's link, sealed (AES-256-GCM, link-secrets.ts) while the delivery loop
     * has to send it; the body names it masked; cleared once sent or failed for good (ADR 0019).
     */
    linkSecret: text("link_secret"),
  },
  (t) => [
    index("outbox_messages_company_created_idx").on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("outbox_messages_document_idx").on(
      t.companyId,
      t.documentType,
      t.documentId,
      t.createdAt.desc().nullsFirst(),
    ),
    index("outbox_messages_queue_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_messages_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** The attachment of a message: the document's bytes as sent (never a path), with their SHA-256. */
export const outboxAttachments = pgTable(
  "outbox_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => outboxMessages.id, { onDelete: "cascade" }),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("outbox_attachments_message_key").on(t.messageId),
    index("outbox_attachments_company_idx").on(t.companyId, t.messageId),
  ],
);

/** The company's own templates (« Paramètres »); a kind never saved uses DEFAULT_TEMPLATES. */
export const messageTemplates = pgTable(
  "message_templates",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** TEMPLATE_KINDS */
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

/**
 * How many messages a company has of each kind and status, kept by statement triggers on
 * `outbox_messages` (drizzle/0034_outbox_counts.sql): the list's total without counting every message.
 */
export const outboxCounts = pgTable(
  "outbox_counts",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.status] })],
);
