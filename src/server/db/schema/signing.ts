import { customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";
import { quotes } from "./quotes";
import { users } from "./users";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * A quote's signing links (docs/domain/signing.md#links): only the SHA-256 of the token is kept; a new
 * link revokes the quote's previous ones; used once (`used_at`); `via` says whether it was sent to the
 * client ('link') or made for signing on the artisan's phone ('on_site').
 */
export const quoteSigningLinks = pgTable(
  "quote_signing_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    via: text("via").notNull().default("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * What the link presents, frozen when it is made (docs/domain/signing.md#what-the-client-signs): the
     * quote's version, its content as the public page shows it (SigningContent), the PDF's bytes and
     * their SHA-256. Null content and PDF: a link made before they were kept (it shows the quote as stored).
     */
    quoteVersion: integer("quote_version").notNull().default(1),
    content: jsonb("content"),
    pdf: bytea("pdf"),
    pdfSha256: text("pdf_sha256"),
  },
  (t) => [index("quote_signing_links_quote_idx").on(t.companyId, t.quoteId)],
);

/** The signature of a quote and its evidence (docs/domain/signing.md#evidence); one per quote, never deleted. */
export const quoteSignatures = pgTable(
  "quote_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "restrict" }),
    linkId: uuid("link_id").references(() => quoteSigningLinks.id, { onDelete: "set null" }),
    signerName: text("signer_name").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The SHA-256 (hex) of the PDF the signer was shown (GET /api/signing/:token/pdf at that moment). */
    pdfSha256: text("pdf_sha256").notNull(),
    signaturePng: bytea("signature_png").notNull(),
    via: text("via").notNull(),
  },
  (t) => [uniqueIndex("quote_signatures_quote_key").on(t.companyId, t.quoteId)],
);

/** In-app notifications of a user (docs/domain/signing.md#notifications). */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    href: text("href").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_idx").on(t.companyId, t.userId, t.createdAt)],
);
