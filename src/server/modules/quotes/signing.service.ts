import { createHash } from "node:crypto";
import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { inspectImage } from "@server/lib/file-types";
import type { RenderLog } from "@server/pdf/document";
import { printableLogo } from "@server/pdf/logo";
import { parisToday } from "@shared/dates";
import { formatEuro } from "@shared/format";
import { isFinalQuoteStatus, QUOTE_TEXTS, type Quote } from "@shared/quotes";
import {
  SIGNING_LIMITS,
  SIGNING_TEXTS,
  type SignBody,
  type SigningLink,
  type SigningRefusal,
  type SigningState,
  type SigningView,
  signedNotificationBody,
} from "@shared/signing";
import { throttleQueries } from "../auth/auth.queries";
import { publicUrl } from "../messages/mail-config";
import { enqueueMessage } from "../messages/mailer";
import { notificationsQueries } from "../notifications/notifications.queries";
import { changeQuoteStatus } from "./quote-status";
import { quotesRepository } from "./quotes.repository";
import { createQuotesService } from "./quotes.service";
import { signaturesRepository, signingRepository } from "./signing.repository";
import { shownContent, signingContentOf } from "./signing-content";
import { issueLink, type SigningLinkRow, signingLinksRepository } from "./signing-links";

/** Signing on site: a new link for the quote, opened on the artisan's phone (docs/domain/signing.md#links). */
export const SIGNING_ACCESS = permissions({ issue: "quotes:edit" });

/** The requests of one IP to the public signing routes, counted in the login's throttle table. */
const ipKey = (ip: string) => `signing-ip:${ip}`;

/** What the public routes know of the caller: the evidence of a signature. */
export interface SigningRequestMeta {
  ip: string;
  userAgent: string | null;
}

const USER_AGENT_MAX = 500;

/**
 * The PNG of a signature body, checked by content: its signature, its size in bytes and in pixels (at
 * most `SIGNING_LIMITS.signatureMaxWidth` × `signatureMaxHeight`, 8 bits per sample at most: what the
 * page's pad draws; every signed PDF decodes it again), decodable by the PDF. Refused, never reduced:
 * the image is the evidence kept as the client sent it.
 */
export function signaturePng(dataUrl: string): Buffer {
  const invalid = () =>
    errors.validation(SIGNING_TEXTS.signatureInvalid, [{ path: "signature", message: SIGNING_TEXTS.signatureInvalid }]);
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (png.length === 0 || png.length > SIGNING_LIMITS.signatureMaxBytes) throw invalid();
  // The bounds are read from the header: a PNG beyond them is refused before its data is inflated.
  const checked = inspectImage(png, {
    maxWidth: SIGNING_LIMITS.signatureMaxWidth,
    maxHeight: SIGNING_LIMITS.signatureMaxHeight,
  });
  if (!checked.ok || checked.image.type !== "image/png") throw invalid();
  if ((checked.image.png?.bitDepth ?? 16) > 8 || !printableLogo(png).ok) throw invalid();
  return png;
}

/**
 * The state's error for a link that cannot be signed: 404 for an invalid one, 410 for a link of an older
 * version of its quote, 403 while the company is suspended, 409 with its text otherwise.
 */
function refused(state: Exclude<SigningState, "open"> | SigningRefusal) {
  if (state === "invalid") return errors.notFound(SIGNING_TEXTS.states.invalid);
  if (state === "outdated") return errors.gone(SIGNING_TEXTS.states.outdated);
  if (state === "suspended") return errors.forbidden(SIGNING_TEXTS.states.suspended);
  return errors.conflict(SIGNING_TEXTS.states[state]);
}

type Found = { link: SigningLinkRow; quote: Quote } | null;

export function createSigningService(db: Database, options: { fileSecret: string }) {
  // The quotes' own PDF (same document, same bytes as GET /api/quotes/:id/pdf: a document's bytes
  // depend on its content only, src/server/modules/quotes/quote-pdf.ts).
  const quotes = createQuotesService(db);

  /**
   * The link of `token` (platform scope, by the token's hash: nothing else is read there), after the
   * IP's rate limit: SIGNING_LIMITS.ratePerMinute requests a minute, then 429 for a minute.
   */
  async function linkOf(token: string, meta: SigningRequestMeta): Promise<SigningLinkRow | undefined> {
    return db.run("platform", async (tx) => {
      const wait = await throttleQueries.blockedFor(tx, [ipKey(meta.ip)]);
      if (wait > 0) throw errors.tooManyRequests(SIGNING_TEXTS.tooManyRequests, wait);
      await throttleQueries.recordFailure(tx, ipKey(meta.ip), SIGNING_LIMITS.ratePerMinute, 1);
      return signingLinksRepository.findByToken(tx, token);
    });
  }

  /**
   * The link's quote, in the link's company scope; null when its quote is gone. A suspended company's
   * links answer 403 whatever their state (docs/domain/signing.md#security).
   */
  async function quoteOf(tx: Db, link: SigningLinkRow, lock = false): Promise<Found> {
    if (!(await signingRepository.companyActive(tx, link.companyId))) throw refused("suspended");
    const quote = await quotesRepository.find(tx, link.companyId, link.quoteId, { lock });
    return quote ? { link, quote } : null;
  }

  /** Where a link stands (docs/domain/signing.md#states), and the signature when there is one. */
  async function stateOf(
    tx: Db,
    found: Found,
  ): Promise<{ state: SigningState | "outdated"; signed: SigningView["signed"] }> {
    if (!found) return { state: "invalid", signed: null };
    const { link, quote } = found;
    // Made for an older version: the quote was changed after it was sent (410).
    if (!link.usedAt && link.quoteVersion < quote.version) return { state: "outdated", signed: null };
    // Replaced by a newer link of the same version (a reminder, signing on site).
    if (link.revokedAt) return { state: "invalid", signed: null };
    if (quote.status === "valide" || link.usedAt) {
      const signature = await signaturesRepository.summary(tx, link.companyId, quote.id);
      return {
        state: "signed",
        signed: signature ? { signer_name: signature.signer_name, signed_at: signature.signed_at } : null,
      };
    }
    if (quote.status === "refuse") return { state: "refused", signed: null };
    if (quote.status === "annule") return { state: "cancelled", signed: null };
    if (link.expiresAt.getTime() <= Date.now()) return { state: "expired", signed: null };
    return { state: "open", signed: null };
  }

  /**
   * What an open link presents (docs/domain/signing.md#what-the-client-signs): the content and the PDF
   * frozen when it was made. A link made before they were kept shows the quote as stored — which can no
   * longer change without revoking it — and its PDF as GET …/pdf renders it.
   */
  async function presentation(tx: Db, found: NonNullable<Found>, log?: RenderLog) {
    const { link, quote } = found;
    const frozen = await signingLinksRepository.frozen(tx, link.companyId, link.id);
    const content = frozen.content ?? (await signingContentOf(tx, link.companyId, quote));
    const pdf = async () =>
      (await signingLinksRepository.frozenPdf(tx, link.companyId, link.id)) ??
      (await quotes.pdfInTransaction(tx, link.companyId, quote, log));
    return { content, pdf, pdfSha256: frozen.pdfSha256 };
  }

  return {
    /**
     * GET /api/signing/:token: the state, and the quote frozen with the link when it can be signed. An
     * invalid link (unknown, replaced) answers 404 with its text: nothing tells an unknown token from
     * another company's; a link of an older version of the quote 410, a suspended company's 403.
     */
    async view(token: string, meta: SigningRequestMeta): Promise<SigningView> {
      const link = await linkOf(token, meta);
      if (!link) throw refused("invalid");
      return db.run({ companyId: link.companyId }, async (tx) => {
        const found = await quoteOf(tx, link);
        const { state, signed } = await stateOf(tx, found);
        if (state === "invalid" || state === "outdated") throw refused(state);
        if (state !== "open" || !found) return { state, quote: null, signed };
        const { content } = await presentation(tx, found);
        return { state, quote: shownContent(content, token, options.fileSecret), signed: null };
      });
    },

    /**
     * GET /api/signing/:token/pdf: the PDF the client reads before signing, frozen with the link (its
     * SHA-256 is kept with the signature); once signed through this link, the signed PDF. Otherwise the
     * state's error.
     */
    async pdf(token: string, meta: SigningRequestMeta, log?: RenderLog): Promise<{ filename: string; pdf: Buffer }> {
      const link = await linkOf(token, meta);
      if (!link) throw refused("invalid");
      return db.run({ companyId: link.companyId }, async (tx) => {
        const found = await quoteOf(tx, link);
        const { state } = await stateOf(tx, found);
        const signedHere = state === "signed" && link.usedAt !== null;
        if (!found || (state !== "open" && !signedHere)) throw refused(state === "open" ? "invalid" : state);
        // Open: the PDF frozen with the link; signed through it: the signed PDF, as the office's.
        const pdf = signedHere
          ? await quotes.pdfInTransaction(tx, link.companyId, found.quote, log)
          : await (await presentation(tx, found, log)).pdf();
        return { filename: `devis-${found.quote.reference}${signedHere ? "-signe" : ""}.pdf`, pdf };
      });
    },

    /**
     * POST /api/signing/:token, in one transaction: the link used, the quote « Validé » (history
     * « Validation » naming the signer), the evidence stored (time, IP, user agent, the SHA-256 of the
     * PDF the link presents — frozen when it was made —, the PNG), a notification for each user of the
     * office and a mail to the company. A second signing finds the quote signed (409).
     */
    async sign(token: string, body: SignBody, meta: SigningRequestMeta, log?: RenderLog): Promise<SigningView> {
      const png = signaturePng(body.signature);
      const link = await linkOf(token, meta);
      if (!link) throw refused("invalid");
      return db.run({ companyId: link.companyId }, async (tx) => {
        const found = await quoteOf(tx, link, true);
        const { state } = await stateOf(tx, found);
        if (state !== "open" || !found) throw refused(state === "open" ? "invalid" : state);
        const { quote } = found;
        // The SHA-256 of the PDF the link presents: the bytes frozen when it was made.
        const shown = await presentation(tx, found, log);
        const pdfSha256 =
          shown.pdfSha256 ??
          createHash("sha256")
            .update(await shown.pdf())
            .digest("hex");
        if (!(await signingLinksRepository.consume(tx, link.companyId, link.id))) throw refused("signed");
        const signerName = body.signer_name;
        const signedAt = await signaturesRepository.insert(tx, link.companyId, {
          quoteId: quote.id,
          linkId: link.id,
          signerName,
          ip: meta.ip || null,
          userAgent: meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX) : null,
          pdfSha256,
          signaturePng: png,
          via: link.via,
        });
        await changeQuoteStatus(tx, link.companyId, {
          quote,
          to: "valide",
          actor: { userId: null, userName: signerName },
          action: "validated",
          metadata: { signer_name: signerName, signed_via: link.via },
        });
        const title = SIGNING_TEXTS.notification;
        const text = signedNotificationBody(signerName, quote.reference, quote.name);
        // The quote itself, open over the list (issue 32; older notifications keep `/quotes?search=<ref>`).
        const href = `/quotes/${quote.id}`;
        const users = await signingRepository.officeUserIds(tx, link.companyId);
        await notificationsQueries.add(tx, link.companyId, users, { kind: "quote_signed", title, body: text, href });
        const company = await signingRepository.companyEmail(tx, link.companyId);
        if (company.email) {
          const signedQuote = { ...quote, status: "valide" as const };
          const signedPdf = await quotes.pdfInTransaction(tx, link.companyId, signedQuote, log);
          await enqueueMessage(tx, {
            companyId: link.companyId,
            kind: "quote_signed",
            to: [company.email],
            subject: `Devis ${quote.reference} signé par ${signerName}`,
            body: [
              "Bonjour,",
              "",
              `${text} Montant\u00a0: ${formatEuro(quote.total)} TTC.`,
              "Le devis est passé au statut «\u00a0Validé\u00a0»\u00a0; le PDF signé, avec son journal de signature, est joint à ce message.",
              "",
              `Voir le devis\u00a0: ${publicUrl(href)}`,
            ].join("\n"),
            document: { type: "quote", id: quote.id },
            attachment: {
              name: `devis-${quote.reference}-signe.pdf`,
              contentType: "application/pdf",
              content: signedPdf,
            },
            createdBy: null,
          });
        }
        return {
          state: "signed" as const,
          quote: null,
          signed: { signer_name: signerName, signed_at: signedAt.toISOString() },
        };
      });
    },

    /**
     * POST /api/quotes/:id/signing-link: a link for signing on site, on the artisan's phone (the
     * quote's previous link dies). 409 for a validated, refused or cancelled quote, or one past its validity.
     */
    async issueOnSite(auth: AuthContext, id: string): Promise<SigningLink> {
      const t = tenant(auth, SIGNING_ACCESS.issue, QUOTE_TEXTS.companyRequired);
      const quoteId = idOr404(id, QUOTE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const quote = await quotesRepository.find(tx, t.companyId, quoteId, { lock: true });
        if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
        if (isFinalQuoteStatus(quote.status)) throw errors.conflict(SIGNING_TEXTS.finalQuote);
        if (quote.valid_until !== null && quote.valid_until < parisToday()) {
          throw errors.conflict(SIGNING_TEXTS.validityPassed);
        }
        // The link presents the quote as it is now, and these bytes (docs/domain/signing.md#what-the-client-signs).
        const pdf = await quotes.pdfInTransaction(tx, t.companyId, quote);
        const issued = await issueLink(tx, {
          companyId: t.companyId,
          quoteId,
          expiresOn: quote.valid_until,
          createdBy: auth.userId,
          via: "on_site",
          frozen: { quote, pdf },
        });
        return { url: issued.url, path: issued.path, expires_at: issued.expiresAt.toISOString() };
      });
    },
  };
}
