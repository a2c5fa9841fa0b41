import { z } from "zod";
import { SIGNING_LIMITS, SIGNING_STATES, SIGNING_TEXTS } from "./signing-rules";

export * from "./signing-rules";

/** Wire shapes of the signing link and its public page (issue 18, docs/domain/signing.md). */

/** POST /api/quotes/:id/signing-link (quotes:edit): a new link (the previous one dies), e.g. to sign on site. */
export const signingLinkSchema = z.object({ url: z.string(), path: z.string(), expires_at: z.string() });
export type SigningLink = z.infer<typeof signingLinkSchema>;

/**
 * GET /api/signing/:token (public, rate-limited): what the client reads before signing — or only the
 * state when the link cannot be signed (then `quote` is null). Nothing of other documents.
 */
export const signingViewSchema = z.object({
  state: z.enum(SIGNING_STATES),
  quote: z
    .object({
      reference: z.string(),
      /** The version of the quote this link presents (docs/domain/quotes.md#sent-quotes-are-frozen). */
      version: z.number().int(),
      name: z.string(),
      date: z.string(),
      valid_until: z.string().nullable(),
      company: z.object({
        name: z.string(),
        address_lines: z.array(z.string()),
        phone: z.string().nullable(),
        email: z.string().nullable(),
        logo_url: z.string().nullable(),
      }),
      client: z.object({ name: z.string(), address_lines: z.array(z.string()) }),
      lines: z.array(
        z.object({
          kind: z.enum(["item", "section", "text"]),
          name: z.string(),
          description: z.string().nullable(),
          quantity: z.number(),
          unit: z.string(),
          unit_price: z.number(),
          tax_rate: z.number(),
          /** HT, as printed (a section heading: its section's subtotal). */
          total: z.number(),
        }),
      ),
      /** As stored with the quote: `net` is the total HT before the discount, `total` the TTC. */
      totals: z.object({
        net: z.number(),
        discount: z.number(),
        discount_percentage: z.number(),
        tax: z.number(),
        total: z.number(),
        vat_breakdown: z.array(z.object({ rate: z.number(), net: z.number(), tax: z.number() })),
      }),
      terms: z.string().nullable(),
      /**
       * The PDF the client reads (GET /api/signing/:token/pdf), frozen with the link: its SHA-256 is kept
       * with the signature.
       */
      pdf_url: z.string(),
    })
    .nullable(),
  /** When signed: by whom and when. */
  signed: z.object({ signer_name: z.string(), signed_at: z.string() }).nullable(),
});
export type SigningView = z.infer<typeof signingViewSchema>;

/** POST /api/signing/:token: « Bon pour accord », the signer's name and the drawn signature (PNG data URL). */
export const signBodySchema = z.object({
  signer_name: z
    .string({ error: SIGNING_TEXTS.signerNameRequired })
    .trim()
    .min(2, SIGNING_TEXTS.signerNameRequired)
    .max(SIGNING_LIMITS.signerNameMax),
  approved: z.literal(true, { error: SIGNING_TEXTS.approvalRequired }),
  signature: z
    .string({ error: SIGNING_TEXTS.signatureRequired })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, SIGNING_TEXTS.signatureInvalid)
    .max(Math.ceil((SIGNING_LIMITS.signatureMaxBytes * 4) / 3) + 32, SIGNING_TEXTS.signatureInvalid),
});
export type SignBody = z.output<typeof signBodySchema>;

/** A quote's signature as the office sees it (quote detail `signature`, null when not signed). */
export const quoteSignatureSchema = z.object({
  signer_name: z.string(),
  signed_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  pdf_sha256: z.string(),
  /** 'link' (the client's own device) or 'on_site' (the artisan's phone, signed in). */
  via: z.enum(["link", "on_site"]),
});
export type QuoteSignature = z.infer<typeof quoteSignatureSchema>;

/** GET /api/notifications (signed in): the user's latest notifications; POST /api/notifications/:id/read. */
export const notificationSchema = z.object({
  id: z.uuid(),
  /** `project_issue` (issue 32): an imprévu reported on a worksite (docs/domain/projects.md). */
  kind: z.enum(["quote_signed", "project_issue"]),
  title: z.string(),
  body: z.string(),
  href: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsSchema = z.object({ data: z.array(notificationSchema), unread: z.number().int() });
