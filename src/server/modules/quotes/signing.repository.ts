import type { Db } from "@server/db/client";
import { companies, quoteSignatures } from "@server/db/schema";
import type { QuoteSignature } from "@shared/signing";
import { and, eq, sql } from "drizzle-orm";
import type { SignedQuoteEvidence } from "./quote-pdf";
import type { SigningVia } from "./signing-links";

/** A signature to store: the evidence of docs/domain/signing.md#evidence. */
export interface NewSignature {
  quoteId: string;
  linkId: string;
  signerName: string;
  ip: string | null;
  userAgent: string | null;
  pdfSha256: string;
  signaturePng: Buffer;
  via: SigningVia;
}

export const signaturesRepository = {
  /** Stores the signature (one per quote: the unique index refuses a second); answers its time. */
  async insert(tx: Db, companyId: string, signature: NewSignature): Promise<Date> {
    const [row] = await tx
      .insert(quoteSignatures)
      .values({ companyId, ...signature })
      .returning({ signedAt: quoteSignatures.signedAt });
    if (!row) throw new Error("signature not stored");
    return row.signedAt;
  },

  /** The quote's signature as the office reads it (quote detail), or null. */
  async summary(tx: Db, companyId: string, quoteId: string): Promise<QuoteSignature | null> {
    const [row] = await tx
      .select({
        signer_name: quoteSignatures.signerName,
        signed_at: quoteSignatures.signedAt,
        ip: quoteSignatures.ip,
        user_agent: quoteSignatures.userAgent,
        pdf_sha256: quoteSignatures.pdfSha256,
        via: quoteSignatures.via,
      })
      .from(quoteSignatures)
      .where(and(eq(quoteSignatures.companyId, companyId), eq(quoteSignatures.quoteId, quoteId)));
    return row ? { ...row, signed_at: row.signed_at.toISOString(), via: row.via as SigningVia } : null;
  },

  /** Whether the quote is signed (a signed quote is final, docs/domain/signing.md#security). */
  async exists(tx: Db, companyId: string, quoteId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: quoteSignatures.id })
      .from(quoteSignatures)
      .where(and(eq(quoteSignatures.companyId, companyId), eq(quoteSignatures.quoteId, quoteId)));
    return rows.length === 1;
  },

  /** The signature and its image, as the signed PDF prints them, or null. */
  async evidence(tx: Db, companyId: string, quoteId: string): Promise<SignedQuoteEvidence | null> {
    const [row] = await tx
      .select({
        signerName: quoteSignatures.signerName,
        signedAt: quoteSignatures.signedAt,
        ip: quoteSignatures.ip,
        userAgent: quoteSignatures.userAgent,
        pdfSha256: quoteSignatures.pdfSha256,
        via: quoteSignatures.via,
        signaturePng: quoteSignatures.signaturePng,
      })
      .from(quoteSignatures)
      .where(and(eq(quoteSignatures.companyId, companyId), eq(quoteSignatures.quoteId, quoteId)));
    return row ? { ...row, via: row.via as SigningVia } : null;
  },
};

export const signingRepository = {
  /**
   * The users told of a signature: the company's active users who may edit quotes or administer it
   * (quotes:edit or admin:access through one of their roles).
   */
  async officeUserIds(tx: Db, companyId: string): Promise<string[]> {
    const result = await tx.execute<{ id: string }>(sql`
      SELECT DISTINCT u.id
      FROM users u
      JOIN user_roles ur ON ur.company_id = ${companyId} AND ur.user_id = u.id
      JOIN role_permissions rp ON rp.company_id = ${companyId} AND rp.role_id = ur.role_id
      JOIN permissions p ON p.id = rp.permission_id AND p.code IN ('quotes:edit', 'admin:access')
      WHERE u.company_id = ${companyId} AND u.is_active`);
    return result.rows.map((r) => r.id);
  },

  /** Whether the company may be reached through its links: not suspended (docs/domain/signing.md#security). */
  async companyActive(tx: Db, companyId: string): Promise<boolean> {
    const [row] = await tx.select({ status: companies.status }).from(companies).where(eq(companies.id, companyId));
    return row?.status === "active";
  },
  /** The company's e-mail (its contact address in « Paramètres »), or null. */
  async companyEmail(tx: Db, companyId: string): Promise<{ name: string; email: string | null }> {
    const [row] = await tx
      .select({ name: companies.name, email: companies.emailContact })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row ?? { name: "", email: null };
  },
};
