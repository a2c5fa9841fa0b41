import { cityLine, documentIssuer, insuranceMention, issuerFooter, VAT_EXEMPTION_MENTION } from "@server/pdf/company";
import { documentLines } from "@server/pdf/lines";
import type { CommercialDocument, DocumentPart } from "@server/pdf/model";
import type { CompanyInfo } from "@shared/company";
import { formatDate, formatPercent } from "@shared/format";
import type { Quote } from "@shared/quotes";

/**
 * The quote as a document: header (identity, reference, dates, validity), parties, lines, VAT per
 * rate and totals, the mentions and terms, and the client's « Bon pour accord » box.
 */
export function quoteDocument(
  quote: Quote,
  company: Omit<CompanyInfo, "logo_url">,
  logo: Buffer | null,
  defaultTerms: string | null,
): CommercialDocument {
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
        ["Valable jusqu'au", formatDate(quote.valid_until) || "—"],
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
          quote.client.phone ? `Tél. ${quote.client.phone}` : null,
        ].filter((l): l is string => Boolean(l)),
      },
    },
    { kind: "lines", lines: documentLines(quote.items) },
    {
      kind: "totals",
      vat: quote.vat_breakdown.map((v) => ({ rate: v.rate, net: v.net, tax: v.tax })),
      subtotal: quote.subtotal,
      // The discount stored with the totals (ADR 0002), not derived again from them.
      discount:
        quote.discount > 0
          ? {
              label: quote.discount_percentage > 0 ? `Remise (${formatPercent(quote.discount_percentage)})` : "Remise",
              amount: quote.discount,
            }
          : null,
      taxAmount: quote.tax_amount,
      total: quote.total,
    },
    {
      kind: "mentions",
      paragraphs: [
        ...(quote.tax_amount === 0 ? [{ title: "Mention", body: VAT_EXEMPTION_MENTION }] : []),
        ...(terms ? [{ title: "Conditions", body: terms }] : []),
        // Building trades print their décennale insurance on quotes too (loi n° 96-603 art. 22-2).
        ...(insurance ? [{ title: "Assurance décennale", body: insurance }] : []),
      ],
    },
    {
      kind: "signature",
      title: "Bon pour accord",
      lines: [
        "Devis reçu avant l'exécution des travaux.",
        // Non-breaking spaces inside the guillemets and before the colons (French typography).
        "Date\u00a0:",
        "Signature du client, précédée de la mention manuscrite «\u00a0Bon pour accord\u00a0»\u00a0:",
      ],
    },
  ];
  return {
    title: "Devis",
    reference: quote.reference,
    subject: quote.name,
    company: issuer,
    parts,
    footer: issuerFooter(issuer),
  };
}
