import { cityLine, documentIssuer, issuerFooter, VAT_EXEMPTION_MENTION } from "@server/pdf/company";
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
    {
      kind: "lines",
      lines: quote.items.map((i) => ({
        kind: "item",
        name: i.name,
        description: i.description,
        quantity: i.quantity,
        unit: i.unit,
        unit_price: i.unit_price,
        tax_rate: i.tax_rate,
        subtotal: i.subtotal,
      })),
    },
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
