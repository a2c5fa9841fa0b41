/** The issuing company as every commercial document shows it: identity, legal lines, footer. */
import type { CompanyInfo } from "@shared/company";
import { formatNumber } from "@shared/format";
import { formatPhone, formatSiret } from "@shared/format-trade";
import type { DocumentIssuer } from "./model";

/** Printed when no VAT applies (VAT franchise of small businesses). */
export const VAT_EXEMPTION_MENTION = "TVA non applicable, art. 293 B du CGI";

/** « 69003 Lyon », or '' when neither is known. */
export const cityLine = (zip: string | null, city: string | null) => [zip, city].filter(Boolean).join(" ");

const present = (lines: (string | null | undefined)[]) => lines.filter((line): line is string => Boolean(line));

/** What the legal lines are made of: a company's identity, or an invoice's frozen seller. */
export interface LegalIdentity {
  siret: string | null;
  tva_number: string | null;
  legal_form: string | null;
  share_capital: string | null;
  registration: string | null;
}

/** « 10 000 € » as typed; bare digits get their groups and the euro sign (« 10000 » → « 10 000 € »). */
export function capitalText(capital: string): string {
  const digits = capital.replace(/[\s\u00a0\u202f]/g, "");
  return /^\d+$/.test(digits) ? `${formatNumber(Number(digits))}\u00a0€` : capital;
}

/**
 * « SARL au capital de 10 000 € » (Code de commerce R123-237), the SIRET, the registration (« RCS Lyon
 * 812 345 678 » or « RM 69 ») and the VAT number: under the issuer's address and in the footer.
 */
export function legalLines(identity: LegalIdentity): string[] {
  const capital = identity.share_capital ? capitalText(identity.share_capital) : null;
  const form = identity.legal_form
    ? capital
      ? `${identity.legal_form} au capital de ${capital}`
      : identity.legal_form
    : capital
      ? `Capital social de ${capital}`
      : null;
  return present([
    form,
    identity.siret ? `SIRET ${formatSiret(identity.siret)}` : null,
    identity.registration,
    identity.tva_number ? `TVA intracommunautaire ${identity.tva_number}` : null,
  ]);
}

/** What the décennale mention is made of. */
export interface Insurance {
  insurer_name: string | null;
  insurer_policy: string | null;
  insurance_coverage: string | null;
}

/**
 * The décennale insurance as building trades must print it on quotes and invoices (loi n° 96-603 du
 * 5 juillet 1996 art. 22-2, Code des assurances L243-2): insurer, policy, geographic coverage. Null
 * when no insurer is given.
 */
export function insuranceMention(insurance: Insurance): string | null {
  if (!insurance.insurer_name) return null;
  return present([
    `Assurance décennale souscrite auprès de ${insurance.insurer_name}`,
    insurance.insurer_policy ? `police n° ${insurance.insurer_policy}` : null,
    insurance.insurance_coverage ? `couverture géographique\u00a0: ${insurance.insurance_coverage}` : null,
  ])
    .join(", ")
    .concat(".");
}

/** The header's identity: address and contact lines, then the legal lines. */
export function documentIssuer(
  company: Omit<CompanyInfo, "logo_url" | "updated_at">,
  logo: Buffer | null,
): DocumentIssuer {
  return {
    name: company.name,
    logo,
    lines: present([
      company.address1,
      company.address2,
      cityLine(company.zip_code, company.city),
      company.phone_contact ? `Tél. ${formatPhone(company.phone_contact)}` : null,
      company.email_contact,
      company.website,
    ]),
    legal: legalLines(company),
  };
}

/** « Durand · SIRET … · TVA intracommunautaire … » at the bottom of every page. */
export function issuerFooter(issuer: DocumentIssuer): string {
  return [issuer.name, ...issuer.legal].join(" · ");
}
