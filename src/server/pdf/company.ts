/** The issuing company as every commercial document shows it: identity, legal lines, footer. */
import type { CompanyInfo } from "@shared/company";
import type { DocumentIssuer } from "./model";

/** Printed when no VAT applies (VAT franchise of small businesses). */
export const VAT_EXEMPTION_MENTION = "TVA non applicable, art. 293 B du CGI";

/** « 69003 Lyon », or '' when neither is known. */
export const cityLine = (zip: string | null, city: string | null) => [zip, city].filter(Boolean).join(" ");

const present = (lines: (string | null)[]) => lines.filter((line): line is string => Boolean(line));

/** The header's identity: address and contact lines, then SIRET and VAT number. */
export function documentIssuer(company: Omit<CompanyInfo, "logo_url">, logo: Buffer | null): DocumentIssuer {
  return {
    name: company.name,
    logo,
    lines: present([
      company.address1,
      company.address2,
      cityLine(company.zip_code, company.city),
      company.phone_contact ? `Tél. ${company.phone_contact}` : null,
      company.email_contact,
      company.website,
    ]),
    legal: present([
      company.siret ? `SIRET ${company.siret}` : null,
      company.tva_number ? `TVA intracommunautaire ${company.tva_number}` : null,
    ]),
  };
}

/** « Durand · SIRET … · TVA intracommunautaire … » at the bottom of every page. */
export function issuerFooter(issuer: DocumentIssuer): string {
  return [issuer.name, ...issuer.legal].join(" · ");
}
