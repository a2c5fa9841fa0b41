import { cityLine, documentIssuer, issuerFooter, VAT_EXEMPTION_MENTION } from "@server/pdf/company";
import type { CommercialDocument, DocumentLine, DocumentPart } from "@server/pdf/model";
import type { CompanyInfo } from "@shared/company";
import { formatDate, formatPercent } from "@shared/format";
import type { Quote } from "@shared/quotes";

/**
 * The lines as printed: priced lines, text lines, and each section's heading with its subtotal HT
 * after its last line (docs/domain/quotes.md#line-kinds). Costs are never printed.
 */
export function documentLines(items: Quote["items"]): DocumentLine[] {
  const lines: DocumentLine[] = [];
  let section: { title: string; amount: number } | null = null;
  const closeSection = () => {
    if (section) lines.push({ kind: "subtotal", label: `Sous-total ${section.title}`, amount: section.amount });
    section = null;
  };
  for (const item of items) {
    if (item.kind === "section") {
      closeSection();
      lines.push({ kind: "section", title: item.name });
      section = { title: item.name, amount: item.subtotal };
    } else if (item.kind === "text") {
      lines.push({ kind: "text", text: item.name });
    } else {
      lines.push({
        kind: "item",
        name: item.name,
        description: item.description,
        quantity: item.quantity,
        unit: item.unit,
        unit_price: item.unit_price,
        tax_rate: item.tax_rate,
        subtotal: item.subtotal,
      });
    }
  }
  closeSection();
  return lines;
}

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
