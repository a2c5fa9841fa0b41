import type { ClientType } from "./client-rules";

/**
 * The VAT that follows the job (docs/decisions/0029-vat-follows-the-job.md): the default rate of a new
 * line from the client and the premises, the reduced-rate mentions a document prints, and the « mixed »
 * flag. Pure: the quote form, the PDFs and the Factur-X notes share it.
 */

/**
 * The premises the work is done on, as the client answers « Logement achevé depuis plus de 2 ans ? »:
 * a dwelling completed more than two years ago, a dwelling completed less than two years ago, or
 * premises that are not a dwelling (shop, office, workshop). Null: not asked yet.
 */
export const PREMISES = ["old_dwelling", "new_dwelling", "non_residential"] as const;
export type Premises = (typeof PREMISES)[number];

export const PREMISES_LABELS: Record<Premises, string> = {
  old_dwelling: "Oui, logement de plus de 2 ans",
  new_dwelling: "Non, logement de moins de 2 ans",
  non_residential: "Ce n’est pas un logement",
};

/** The normal rate, and the reduced rates of works on dwellings over two years old. */
const NORMAL_TAX_RATE = 20;
/** CGI art. 279-0 bis: improvement, conversion, fitting-out and upkeep of dwellings over two years old. */
const HOUSING_WORKS_TAX_RATE = 10;
/** CGI art. 278-0 bis A: energy-renovation works on the same dwellings (and the works they entail). */
export const ENERGY_RENOVATION_TAX_RATE = 5.5;

interface JobVat {
  /** The client's type; null before a client is chosen. */
  clientType: ClientType | null;
  /** The answer to « Logement achevé depuis plus de 2 ans ? »; null: not answered. */
  premises: Premises | null;
  /** « Travaux de rénovation énergétique » ticked: 5,5 % rather than 10 % on an old dwelling. */
  energyRenovation: boolean;
}

/**
 * Whether the quote asks « Logement achevé depuis plus de 2 ans ? »: for a private client only (a
 * business client's premises take the normal rate; the question would only invite a wrong answer).
 */
export const asksPremises = (clientType: ClientType | null): boolean => clientType === "particulier";

/**
 * The rate a new line takes:
 * - a business client, non-residential premises, or a dwelling under two years old → 20 %;
 * - a private client's dwelling completed more than two years ago → 10 % (5,5 % for energy renovation);
 * - not known yet (no client, or the question not answered) → the company's default rate for new lines.
 */
export function jobTaxRate(job: JobVat, companyDefault: number): number {
  if (job.clientType === "professionnel") return NORMAL_TAX_RATE;
  if (job.premises === "non_residential" || job.premises === "new_dwelling") return NORMAL_TAX_RATE;
  if (job.clientType === "particulier" && job.premises === "old_dwelling") {
    return job.energyRenovation ? ENERGY_RENOVATION_TAX_RATE : HOUSING_WORKS_TAX_RATE;
  }
  return companyDefault;
}

const REDUCED_WORKS_RATES = [HOUSING_WORKS_TAX_RATE, ENERGY_RENOVATION_TAX_RATE] as const;
const sameRate = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);
/** Whether `rate` is one of the reduced rates of works on dwellings (10 and 5,5; not 2,1, which is not for works). */
const isReducedWorksRate = (rate: number): boolean => REDUCED_WORKS_RATES.some((r) => sameRate(r, rate));

/**
 * A mixed quote: its priced lines carry more than one rate, one of them a reduced rate of works on
 * dwellings (10 % and 20 %, or 5,5 % and 10 %…). Legal (the supply of household equipment stays at
 * 20 %, energy works at 5,5 % beside others at 10 %), but worth checking: the form flags it.
 */
export function isMixedVat(rates: readonly number[]): boolean {
  const distinct = [...new Set(rates.map((r) => Math.round(r * 100)))];
  return distinct.length > 1 && distinct.some((r) => isReducedWorksRate(r / 100));
}

export const VAT_RULE_TEXTS = {
  premisesQuestion: "Logement achevé depuis plus de 2\u00a0ans\u00a0?",
  premisesHint:
    "Demandé une fois par devis et retenu pour l’adresse du chantier\u00a0: il donne le taux des nouvelles lignes.",
  energyRenovation: "Travaux de rénovation énergétique (5,5\u00a0%)",
  mixed: "Devis à taux de TVA mixtes\u00a0: vérifiez le taux de chaque ligne.",
  premisesInvalid: "Choisissez une réponse de la liste",
  /**
   * The client's certification for 10 % (CGI art. 279-0 bis), written on the quote and the invoice
   * since 16 February 2025 in place of the attestation 1300-SD / 1301-SD (BOI-LETTRE-000280 § 1 gives
   * the model; this wording keeps each of its elements).
   */
  housingWorksMention:
    "Le client certifie que les travaux portent sur des locaux d’habitation achevés depuis plus de deux ans, sans produire d’immeuble neuf ni augmenter de plus de 10\u00a0% la surface de plancher sur deux ans (TVA à 10\u00a0%, art. 279-0 bis du CGI).",
  /** The same certification for 5,5 % (CGI art. 278-0 bis A; BOI-LETTRE-000280 § 10), energy renovation named. */
  energyRenovationMention:
    "Le client certifie que les travaux d’amélioration de la qualité énergétique, et ceux qui leur sont indissociablement liés, portent sur des locaux d’habitation achevés depuis plus de deux ans, sans produire d’immeuble neuf ni augmenter de plus de 10\u00a0% la surface de plancher sur deux ans (TVA à 5,5\u00a0%, art. 278-0 bis A du CGI).",
} as const;

/**
 * The mentions a document prints for the rates its priced lines carry: the 10 % certification when a
 * line is at 10 %, the 5,5 % one when a line is at 5,5 %; none at 20 %, 2,1 % or 0 (nor for a rate of
 * the company's own). The caller leaves them out under the franchise or reverse charge.
 */
export function reducedRateMentions(rates: Iterable<number>): string[] {
  const list = [...rates];
  return [
    ...(list.some((r) => sameRate(r, HOUSING_WORKS_TAX_RATE)) ? [VAT_RULE_TEXTS.housingWorksMention] : []),
    ...(list.some((r) => sameRate(r, ENERGY_RENOVATION_TAX_RATE)) ? [VAT_RULE_TEXTS.energyRenovationMention] : []),
  ];
}
