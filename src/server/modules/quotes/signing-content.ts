import type { Db } from "@server/db/client";
import { signFileUrl } from "@server/lib/signed-urls";
import { cityLine } from "@server/pdf/company";
import type { Quote } from "@shared/quotes";
import type { SigningView } from "@shared/signing";
import { companyInfoQueries } from "../company/company.queries";
import { lineAsWritten } from "../documents/document-lines";

type ShownQuote = NonNullable<SigningView["quote"]>;

/**
 * What a signing link presents, frozen when the link is made (docs/domain/signing.md#what-the-client-signs):
 * the quote's version and content as the public page shows them, the company as it was then. The logo is
 * kept by its file id (its URL is signed when shown); the PDF's address depends on the token.
 */
export type SigningContent = Omit<ShownQuote, "pdf_url" | "company"> & {
  company: Omit<ShownQuote["company"], "logo_url"> & { logo_file_id: string | null };
};

/** The content of `quote` (read in `tx`, its company's scope) as a link freezes it. */
export async function signingContentOf(tx: Db, companyId: string, quote: Quote): Promise<SigningContent> {
  const company = await companyInfoQueries.forDocuments(tx, companyId);
  const lines = (...values: (string | null)[]) => values.filter((v): v is string => Boolean(v));
  return {
    reference: quote.reference,
    version: quote.version,
    name: quote.name,
    date: quote.date,
    valid_until: quote.valid_until,
    company: {
      name: company.name,
      address_lines: lines(company.address1, company.address2, cityLine(company.zip_code, company.city)),
      phone: company.phone_contact,
      email: company.email_contact,
      logo_file_id: company.logo_file_id,
    },
    client: {
      name: quote.client.name,
      address_lines: lines(quote.client.address, cityLine(quote.client.postal_code, quote.client.city)),
    },
    lines: quote.items.map((item) => ({ ...lineAsWritten(item), total: item.subtotal })),
    totals: {
      net: quote.subtotal,
      discount: quote.discount,
      discount_percentage: quote.discount_percentage,
      tax: quote.tax_amount,
      total: quote.total,
      vat_breakdown: quote.vat_breakdown.map((v) => ({ rate: v.rate, net: v.net, tax: v.tax })),
    },
    // As the PDF prints them: the quote's own terms, or the company's.
    terms: quote.terms ?? company.terms_and_conditions,
  };
}

/** The page's quote from a frozen content: the logo's URL signed now, the PDF's address of `token`. */
export function shownContent(content: SigningContent, token: string, fileSecret: string): ShownQuote {
  const { logo_file_id, ...company } = content.company;
  return {
    ...content,
    company: { ...company, logo_url: logo_file_id ? signFileUrl(fileSecret, logo_file_id) : null },
    pdf_url: `/api/signing/${token}/pdf`,
  };
}
