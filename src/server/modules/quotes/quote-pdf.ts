import type { CompanyInfo } from "../../../shared/company";
import type { Quote } from "../../../shared/quotes";
import { type CommercialDocument, formatPercent } from "../../pdf/document";

const frDate = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "—");

export const VAT_EXEMPTION_MENTION = "TVA non applicable, art. 293 B du CGI";

/** The quote as a document: identity, client, lines, VAT per rate, totals and the trade mentions. */
export function quoteDocument(
  quote: Quote,
  company: Omit<CompanyInfo, "logo_url">,
  logo: Buffer | null,
  defaultTerms: string | null,
): CommercialDocument {
  const cityLine = (zip: string | null, city: string | null) => [zip, city].filter(Boolean).join(" ");
  const legal = [
    company.siret ? `SIRET ${company.siret}` : null,
    company.tva_number ? `TVA intracommunautaire ${company.tva_number}` : null,
  ].filter((l): l is string => Boolean(l));
  const validityDays =
    quote.valid_until && quote.date
      ? Math.round((Date.parse(quote.valid_until) - Date.parse(quote.date)) / 86_400_000)
      : null;
  const discount = quote.subtotal - (quote.total - quote.tax_amount);
  return {
    title: "Devis",
    reference: quote.reference,
    subject: quote.name,
    facts: [
      ["Date", frDate(quote.date)],
      ["Valable jusqu'au", frDate(quote.valid_until)],
      ...(validityDays !== null ? ([["Durée de validité", `${validityDays} jours`]] as [string, string][]) : []),
    ],
    company: {
      name: company.name,
      logo,
      lines: [
        company.address1,
        company.address2,
        cityLine(company.zip_code, company.city),
        company.phone_contact ? `Tél. ${company.phone_contact}` : null,
        company.email_contact,
        company.website,
      ].filter((l): l is string => Boolean(l)),
      legal,
    },
    client: {
      name: quote.client.name,
      lines: [
        quote.client.address,
        cityLine(quote.client.postal_code, quote.client.city),
        quote.client.email,
        quote.client.phone ? `Tél. ${quote.client.phone}` : null,
      ].filter((l): l is string => Boolean(l)),
    },
    lines: quote.items.map((i) => ({
      name: i.name,
      description: i.description,
      quantity: i.quantity,
      unit: i.unit,
      unit_price: i.unit_price,
      tax_rate: i.tax_rate,
      subtotal: i.subtotal,
    })),
    vat: quote.vat_breakdown.map((v) => ({ rate: v.rate, net: v.net, tax: v.tax })),
    totals: {
      subtotal: quote.subtotal,
      discount: Math.round(discount * 100) / 100,
      discountLabel: quote.discount_percentage > 0 ? `Remise (${formatPercent(quote.discount_percentage)})` : "Remise",
      taxAmount: quote.tax_amount,
      total: quote.total,
    },
    // Internal notes stay internal: only the terms are printed.
    notes: null,
    terms: quote.terms ?? defaultTerms,
    mentions: quote.tax_amount === 0 ? [VAT_EXEMPTION_MENTION] : [],
    signature: {
      title: "Bon pour accord",
      lines: [
        "Devis reçu avant l'exécution des travaux.",
        // Non-breaking spaces inside the guillemets and before the colons (French typography).
        "Date\u00a0:",
        "Signature du client, précédée de la mention manuscrite «\u00a0Bon pour accord\u00a0»\u00a0:",
      ],
    },
    footer: [company.name, ...legal].join(" · "),
  };
}
