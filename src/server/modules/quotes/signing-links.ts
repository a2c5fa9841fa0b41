import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@server/db/client";
import { quoteSigningLinks } from "@server/db/schema";
import type { Quote } from "@shared/quotes";
import { SIGNING_PATH } from "@shared/signing-rules";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { IssueSigningLink } from "../messages/contract";
import { publicUrl } from "../messages/mail-config";
import { type SigningContent, signingContentOf } from "./signing-content";

/**
 * A quote's signing links (docs/domain/signing.md#links): 32 random bytes in base64url, only their
 * SHA-256 stored (the pattern of the accounts' links, account-tokens.ts). One live link per quote: a new
 * one revokes the previous ones. It expires at the end of the quote's validity day (Europe/Paris), or
 * 30 days after it is made for a quote without one; it is used once. It freezes what it presents: the
 * quote's version, its content and the PDF's bytes with their SHA-256 (#what-the-client-signs).
 */

/** Days a link lives when its quote has no validity date. */
export const LINK_DAYS_WITHOUT_VALIDITY = 30;

/** A token as it may come from a URL: 43 base64url characters, nothing else reaches the database. */
export const SIGNING_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const signingTokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export type SigningVia = "link" | "on_site";

/** A link as the public routes read it (in the platform scope, by the token's hash). */
export interface SigningLinkRow {
  id: string;
  companyId: string;
  quoteId: string;
  via: SigningVia;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  /** The version of the quote the link presents. */
  quoteVersion: number;
}

/** What a link presents, frozen when it was made; null parts for a link made before they were kept. */
export interface FrozenPresentation {
  content: SigningContent | null;
  pdfSha256: string | null;
}

/** The quote as it is sent and the bytes of its PDF (GET …/pdf at that moment): what a new link freezes. */
export interface QuoteToFreeze {
  quote: Quote;
  pdf: Uint8Array;
}

/** Revokes the quote's live links (unused, not revoked), in the caller's transaction; answers how many. */
export async function revokeLiveLinks(tx: Db, companyId: string, quoteId: string): Promise<number> {
  const revoked = await tx
    .update(quoteSigningLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(quoteSigningLinks.companyId, companyId),
        eq(quoteSigningLinks.quoteId, quoteId),
        isNull(quoteSigningLinks.usedAt),
        isNull(quoteSigningLinks.revokedAt),
      ),
    )
    .returning({ id: quoteSigningLinks.id });
  return revoked.length;
}

/** Whether the quote has a live link (unused, not revoked, not expired): it is presented to the client. */
export async function hasLiveLink(tx: Db, companyId: string, quoteId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: quoteSigningLinks.id })
    .from(quoteSigningLinks)
    .where(
      and(
        eq(quoteSigningLinks.companyId, companyId),
        eq(quoteSigningLinks.quoteId, quoteId),
        isNull(quoteSigningLinks.usedAt),
        isNull(quoteSigningLinks.revokedAt),
        sql`${quoteSigningLinks.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Makes a new link for the quote, revoking its live ones, in the caller's transaction (company scope). */
export async function issueLink(
  tx: Db,
  input: {
    companyId: string;
    quoteId: string;
    expiresOn: string | null;
    createdBy: string | null;
    via: SigningVia;
    frozen: QuoteToFreeze;
  },
): Promise<{ token: string; path: string; url: string; expiresAt: Date }> {
  if (input.frozen.quote.id !== input.quoteId) throw new Error("signing link frozen with another quote");
  await revokeLiveLinks(tx, input.companyId, input.quoteId);
  const content = await signingContentOf(tx, input.companyId, input.frozen.quote);
  const pdf = Buffer.from(input.frozen.pdf);
  const token = randomBytes(32).toString("base64url");
  // The end of the validity day in Paris: the next day's midnight there, whatever the server's zone.
  const expiresAt =
    input.expiresOn === null
      ? sql`now() + make_interval(days => ${LINK_DAYS_WITHOUT_VALIDITY})`
      : sql`((${input.expiresOn}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`;
  const [row] = await tx
    .insert(quoteSigningLinks)
    .values({
      companyId: input.companyId,
      quoteId: input.quoteId,
      tokenHash: signingTokenHash(token),
      via: input.via,
      createdBy: input.createdBy,
      expiresAt,
      quoteVersion: input.frozen.quote.version,
      content,
      pdf,
      pdfSha256: createHash("sha256").update(pdf).digest("hex"),
    })
    .returning({ expiresAt: quoteSigningLinks.expiresAt });
  if (!row) throw new Error("signing link not stored");
  const path = `${SIGNING_PATH}${token}`;
  return { token, path, url: publicUrl(path), expiresAt: row.expiresAt };
}

/**
 * The contract of issue 18 (src/server/modules/messages/contract.ts): the link the send and remind
 * messages name as {lien_signature}.
 */
export const issueSigningLink: IssueSigningLink = (tx, input) => issueLink(tx, { ...input, via: "link" });

export const signingLinksRepository = {
  /** The link of `token` whatever its state, or undefined. Run in the platform scope: it reads that row only. */
  async findByToken(tx: Db, token: string): Promise<SigningLinkRow | undefined> {
    if (!SIGNING_TOKEN_RE.test(token)) return undefined;
    const [row] = await tx
      .select({
        id: quoteSigningLinks.id,
        companyId: quoteSigningLinks.companyId,
        quoteId: quoteSigningLinks.quoteId,
        via: quoteSigningLinks.via,
        expiresAt: quoteSigningLinks.expiresAt,
        usedAt: quoteSigningLinks.usedAt,
        revokedAt: quoteSigningLinks.revokedAt,
        quoteVersion: quoteSigningLinks.quoteVersion,
      })
      .from(quoteSigningLinks)
      .where(eq(quoteSigningLinks.tokenHash, signingTokenHash(token)));
    return row ? { ...row, via: row.via as SigningVia } : undefined;
  },

  /** What the link presents, frozen when it was made (company scope), its PDF's bytes aside (`frozenPdf`). */
  async frozen(tx: Db, companyId: string, id: string): Promise<FrozenPresentation> {
    const [row] = await tx
      .select({ content: quoteSigningLinks.content, pdfSha256: quoteSigningLinks.pdfSha256 })
      .from(quoteSigningLinks)
      .where(and(eq(quoteSigningLinks.companyId, companyId), eq(quoteSigningLinks.id, id)));
    return { content: (row?.content as SigningContent | null) ?? null, pdfSha256: row?.pdfSha256 ?? null };
  },

  /** The bytes of the PDF frozen with the link: read only by GET …/pdf (and a signing of a link without its hash). */
  async frozenPdf(tx: Db, companyId: string, id: string): Promise<Buffer | null> {
    const [row] = await tx
      .select({ pdf: quoteSigningLinks.pdf })
      .from(quoteSigningLinks)
      .where(and(eq(quoteSigningLinks.companyId, companyId), eq(quoteSigningLinks.id, id)));
    return row?.pdf ?? null;
  },

  /** Uses the link: true for the one caller that marks it used (live, unexpired), in the signing's transaction. */
  async consume(tx: Db, companyId: string, id: string): Promise<boolean> {
    const used = await tx
      .update(quoteSigningLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(quoteSigningLinks.companyId, companyId),
          eq(quoteSigningLinks.id, id),
          isNull(quoteSigningLinks.usedAt),
          isNull(quoteSigningLinks.revokedAt),
          sql`${quoteSigningLinks.expiresAt} > now()`,
        ),
      )
      .returning({ id: quoteSigningLinks.id });
    return used.length === 1;
  },
};
