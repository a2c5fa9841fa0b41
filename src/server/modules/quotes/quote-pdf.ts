import { cityLine, documentIssuer, insuranceMention, issuerFooter, VAT_EXEMPTION_MENTION } from "@server/pdf/company";
import { documentLines } from "@server/pdf/lines";
import type { AuditPart, CommercialDocument, DocumentPart, SignaturePart } from "@server/pdf/model";
import type { CompanyInfo } from "@shared/company";
import { discountLabel } from "@shared/documents";
import { formatDate, formatEuro } from "@shared/format";
import { formatPhone } from "@shared/format-trade";
import type { Quote } from "@shared/quotes";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import { reducedRateMentions } from "@shared/vat-rules";

/** A signed quote's signature and evidence, as its PDF prints them (docs/domain/signing.md#the-signed-pdf). */
export interface SignedQuoteEvidence {
  signerName: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  pdfSha256: string;
  via: "link" | "on_site";
  signaturePng: Buffer;
}

const parisDateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** `12/05/2026 à 14:32:05 (heure de Paris)`: the signing's time as the signed PDF prints it. */
export function parisTimestamp(date: Date): string {
  const parts = parisDateTime.formatToParts(date);
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${pick("day")}/${pick("month")}/${pick("year")} à ${pick("hour")}:${pick("minute")}:${pick("second")} (heure de Paris)`;
}

/** The « Bon pour accord » box of a signed quote, and its last page « Journal de signature ». */
function signedParts(quote: Quote, signed: SignedQuoteEvidence): { box: SignaturePart["signed"]; audit: AuditPart } {
  const when = parisTimestamp(signed.signedAt);
  return {
    box: {
      imagePng: signed.signaturePng.toString("base64"),
      lines: [`Signé électroniquement par ${signed.signerName}`, `le ${when}`],
    },
    audit: {
      kind: "audit",
      title: SIGNING_TEXTS.auditTitle,
      intro:
        "Ce devis a été accepté par le client sur Propulse\u00a0: il a lu le devis, coché «\u00a0Bon pour accord\u00a0», indiqué son nom et signé à la main dans le cadre prévu. Les éléments ci-dessous ont été enregistrés au moment de la signature.",
      rows: [
        ["Devis", `${quote.reference} — ${quote.name}`],
        ["Montant", `${formatEuro(quote.total)} TTC`],
        ["Signataire", signed.signerName],
        ["Date et heure", when],
        ["Adresse IP", signed.ip ?? "—"],
        ["Navigateur (user agent)", signed.userAgent ?? "—"],
        ["Empreinte SHA-256 du devis présenté", signed.pdfSha256],
        ["Mode de signature", SIGNING_TEXTS.via[signed.via]],
      ],
    },
  };
}

/**
 * The quote as a document: header (identity, reference, dates, validity), parties, lines, VAT per
 * rate and totals with the client's « Bon pour accord » box under them (never alone on a page), then
 * the mentions and terms — signed, with the signature in the box and a last page « Journal de
 * signature », when the client signed on the app.
 * Dated by the quote's last change (its signature's time once signed): the same content, the same bytes.
 */
export function quoteDocument(
  quote: Quote,
  company: Omit<CompanyInfo, "logo_url" | "updated_at">,
  logo: Buffer | null,
  defaultTerms: string | null,
  signed: SignedQuoteEvidence | null = null,
): CommercialDocument {
  const signature = signed ? signedParts(quote, signed) : null;
  const issuer = documentIssuer(company, logo);
  const validityDays =
    quote.valid_until && quote.date
      ? Math.round((Date.parse(quote.valid_until) - Date.parse(quote.date)) / 86_400_000)
      : null;
  // Internal notes stay internal: only the terms are printed.
  const terms = quote.terms ?? defaultTerms;
  const insurance = insuranceMention(company);
  const parts: DocumentPart[] = [
    {
      kind: "header",
      facts: [
        ["Date", formatDate(quote.date) || "—"],
        ["Valable jusqu’au", formatDate(quote.valid_until) || "—"],
        ...(validityDays !== null ? ([["Durée de validité", `${validityDays} jours`]] as [string, string][]) : []),
      ],
    },
    {
      kind: "parties",
      worksite: quote.worksite
        ? {
            name: quote.worksite.label ?? "Adresse du chantier",
            lines: [quote.worksite.address, cityLine(quote.worksite.postal_code, quote.worksite.city)].filter(
              (l): l is string => Boolean(l),
            ),
          }
        : null,
      client: {
        name: quote.client.name,
        lines: [
          quote.client.address,
          cityLine(quote.client.postal_code, quote.client.city),
          quote.client.email,
          quote.client.phone ? `Tél. ${formatPhone(quote.client.phone)}` : null,
        ].filter((l): l is string => Boolean(l)),
      },
    },
    { kind: "lines", lines: documentLines(quote.items) },
    {
      kind: "totals",
      vat: quote.vat_breakdown.map((v) => ({ rate: v.rate, net: v.net, tax: v.tax })),
      subtotal: quote.subtotal,
      // The discount stored with the totals (ADR 0002), not derived again from them.
      discount: quote.discount > 0 ? { label: discountLabel(quote.discount_percentage), amount: quote.discount } : null,
      taxAmount: quote.tax_amount,
      total: quote.total,
    },
    // The « Bon pour accord » box right under the totals it accepts, kept on their page (issue 32).
    {
      kind: "signature",
      title: "Bon pour accord",
      lines: [
        "Devis reçu avant l’exécution des travaux.",
        // Non-breaking spaces inside the guillemets and before the colons (French typography).
        "Date\u00a0:",
        "Signature du client, précédée de la mention manuscrite «\u00a0Bon pour accord\u00a0»\u00a0:",
      ],
      signed: signature?.box ?? null,
    },
    {
      kind: "mentions",
      paragraphs: [
        ...(quote.tax_amount === 0 ? [{ title: "Mention", body: VAT_EXEMPTION_MENTION }] : []),
        // The client's certification of each reduced rate used, written on the quote (ADR 0029).
        ...reducedRateMentions(
          quote.items.filter((i) => i.kind === "item" && i.tax_rate > 0).map((i) => i.tax_rate),
        ).map((body) => ({ title: "TVA à taux réduit", body })),
        ...(terms ? [{ title: "Conditions", body: terms }] : []),
        // Building trades print their décennale insurance on quotes too (loi n° 96-603 art. 22-2).
        ...(insurance ? [{ title: "Assurance décennale", body: insurance }] : []),
      ],
    },
    ...(signature ? [signature.audit] : []),
  ];
  return {
    title: "Devis",
    reference: quote.reference,
    subject: quote.name,
    company: issuer,
    parts,
    footer: issuerFooter(issuer),
    date: signed ? signed.signedAt.toISOString() : quote.updated_at,
  };
}
