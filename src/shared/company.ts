import { z } from "zod";
import { COMPANY_TEXTS, DEFAULT_COUNTRY, DEFAULT_QUOTE_VALIDITY_DAYS } from "./company-rules";
import { EXTRA_TAX_RATES_MAX, VAT_RATES } from "./documents/lines";
import {
  bicIssue,
  ibanIssue,
  normaliseBic,
  normaliseIban,
  normaliseSiret,
  sirenOfVatNumber,
  siretIssue,
  vatNumberIssue,
} from "./einvoice-rules";
import { clearable, clearableText, decimals, phoneNumber, requiredField, requiredText } from "./fields";

export * from "./company-rules";

/**
 * An identifier checked by its key (`issue`, einvoice-rules.ts: its French texts), stored as `stored`
 * gives it; null or empty text clears it.
 */
const identifier = (invalid: string, issue: (text: string) => string | null, stored = (text: string) => text) =>
  clearable(
    z
      .string({ error: invalid })
      .max(50, invalid)
      .superRefine((value, ctx) => {
        const problem = issue(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
      })
      .transform(stored),
  );

/**
 * PUT /api/company/info: the whole identity. Every key is required, as published; an optional field is
 * cleared by null or empty text, never by leaving it out (docs/domain/company-settings.md).
 */
export const companyInfoInputSchema = z
  .object({
    name: requiredText(200, COMPANY_TEXTS.nameRequired),
    address1: clearableText(300),
    address2: clearableText(300),
    zip_code: clearableText(10),
    city: clearableText(100),
    // Empty: France (docs/domain/company-settings.md).
    country: requiredField(z.string().max(100), (v) => (typeof v === "string" ? v.trim() || DEFAULT_COUNTRY : v)),
    phone_contact: clearable(phoneNumber()),
    email_contact: clearable(z.email({ error: COMPANY_TEXTS.emailInvalid }).max(254, COMPANY_TEXTS.emailInvalid)),
    website: clearable(
      z
        .string()
        .max(300)
        .regex(/^(https?:\/\/)?[\w.-]+\.[a-z]{2,}(\/\S*)?$/i, COMPANY_TEXTS.websiteInvalid),
    ),
    // Checked by their keys (docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants), kept as typed.
    siret: identifier(COMPANY_TEXTS.siretInvalid, siretIssue),
    tva_number: identifier(COMPANY_TEXTS.tvaInvalid, vatNumberIssue),
    // The mentions an invoice prints (docs/decisions/0015-invoice-mentions.md).
    legal_form: clearableText(50, "Forme juridique"),
    share_capital: clearableText(50, "Capital social"),
    registration: clearableText(100, "Immatriculation"),
    insurer_name: clearableText(200, "Assureur"),
    insurer_policy: clearableText(100, "N° de police"),
    insurance_coverage: clearableText(200, "Zone de couverture"),
    vat_franchise: requiredField(
      z.boolean({ error: COMPANY_TEXTS.vatFranchiseInvalid }).describe("Franchise en base de TVA (art. 293 B du CGI)"),
    ),
    // The account its invoices are paid to (Factur-X BT-84 / BT-86): stored upper case without spaces.
    iban: identifier(COMPANY_TEXTS.ibanInvalid, ibanIssue, normaliseIban).describe(
      "IBAN du compte qui reçoit les paiements (clé ISO 13616 vérifiée)\u00a0; enregistré sans espaces",
    ),
    bic: identifier(COMPANY_TEXTS.bicInvalid, bicIssue, normaliseBic).describe("BIC de la banque (8 ou 11 caractères)"),
  })
  .superRefine((identity, ctx) => {
    // A French VAT number holds the SIREN of the company's SIRET (when both are right on their own).
    const { siret, tva_number } = identity;
    if (!siret || !tva_number || siretIssue(siret) || vatNumberIssue(tva_number)) return;
    const held = sirenOfVatNumber(tva_number);
    if (held && held !== normaliseSiret(siret).slice(0, 9)) {
      ctx.addIssue({
        code: "custom",
        path: ["tva_number"],
        message: COMPANY_TEXTS.tvaSirenMismatch,
        input: identity.tva_number,
      });
    }
  });
export type CompanyInfoInput = z.output<typeof companyInfoInputSchema>;

export const companyInfoSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  phone_contact: z.string().nullable(),
  email_contact: z.string().nullable(),
  website: z.string().nullable(),
  siret: z.string().nullable(),
  tva_number: z.string().nullable(),
  legal_form: z.string().nullable(),
  share_capital: z.string().nullable(),
  registration: z.string().nullable(),
  insurer_name: z.string().nullable(),
  insurer_policy: z.string().nullable(),
  insurance_coverage: z.string().nullable(),
  vat_franchise: z.boolean(),
  /** Upper case, without spaces (the screen groups it by 4). */
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  /** Its version (the identity; the logo aside): the `ETag` of the answer, sent back as `If-Match` (ADR 0024). */
  updated_at: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

const validityDays = z
  .number({ error: COMPANY_TEXTS.validityRange })
  .int(COMPANY_TEXTS.validityRange)
  .min(1, COMPANY_TEXTS.validityRange)
  .max(365, COMPANY_TEXTS.validityRange);

/**
 * PUT /api/company/settings: both settings, required as published (the form sends both). An empty
 * validity (null, or the form's empty text) is the default of 30 days; the form's text
 * "45" reads as 45. Terms: null or empty text removes them.
 */
export const companySettingsInputSchema = z.object({
  quote_validity_days: requiredField(
    validityDays
      .nullable()
      .transform((days) => days ?? DEFAULT_QUOTE_VALIDITY_DAYS)
      .describe(
        `Durée de validité des devis, de 1 à 365 jours\u00a0; null\u00a0: ${DEFAULT_QUOTE_VALIDITY_DAYS} jours`,
      ),
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : /^\s*\d+\s*$/.test(v) ? Number(v) : v) : v),
  ),
  terms_and_conditions: clearableText(20000),
  // One of the rates in force or of the company's own (checked by the service, which knows the latter).
  default_tax_rate: z.coerce
    .number({ error: COMPANY_TEXTS.defaultTaxRateInvalid })
    .min(0, COMPANY_TEXTS.defaultTaxRateInvalid)
    .max(100, COMPANY_TEXTS.defaultTaxRateInvalid)
    .refine((rate) => decimals(rate, 2), COMPANY_TEXTS.defaultTaxRateInvalid)
    .optional()
    .describe(
      "TVA des nouvelles lignes de devis (20, 10, 5,5, 2,1, 0 ou un taux de extra_tax_rates)\u00a0; absente\u00a0: inchangée",
    ),
  // Issue 31 (docs/decisions/0020-vat-rates.md): the company's own rates, kept once each, highest first.
  extra_tax_rates: z
    .preprocess(
      // The form's text, « 8,5 ; 13 »: rates apart by semicolons or spaces, a decimal comma.
      (v) =>
        typeof v === "string"
          ? v
              .split(/[;\s]+/)
              .filter(Boolean)
              .map((rate) => rate.replace(",", "."))
          : v,
      z
        .array(z.union([z.number(), z.string()], { error: COMPANY_TEXTS.extraTaxRateInvalid }).transform(Number), {
          error: COMPANY_TEXTS.extraTaxRateInvalid,
        })
        // Said once for the field (the form shows one message under it), whichever rate is wrong.
        .refine(
          (rates) => rates.every((rate) => Number.isFinite(rate) && rate > 0 && rate < 100 && decimals(rate, 2)),
          COMPANY_TEXTS.extraTaxRateInvalid,
        )
        .max(EXTRA_TAX_RATES_MAX, COMPANY_TEXTS.extraTaxRatesTooMany)
        .transform((rates) =>
          [...new Set(rates)].filter((r) => !(VAT_RATES as readonly number[]).includes(r)).sort((a, b) => b - a),
        ),
    )
    .optional()
    .describe(
      "Taux de TVA autorisés en plus de 20, 10, 5,5, 2,1 et 0 (Corse, outre-mer), chacun entre 0 et 100 exclus, deux décimales au plus\u00a0; absent\u00a0: inchangés",
    ),
  // « À relancer » (docs/domain/messages.md#reminders): the form's text "10" reads as 10.
  reminder_after_days: z.coerce
    .number({ error: COMPANY_TEXTS.reminderRange })
    .int(COMPANY_TEXTS.reminderRange)
    .min(1, COMPANY_TEXTS.reminderRange)
    .max(90, COMPANY_TEXTS.reminderRange)
    .optional()
    .describe("Devis à relancer après ce nombre de jours sans réponse (1 à 90)\u00a0; absent\u00a0: inchangé"),
  // 2026 reform (docs/domain/invoices.md#mentions-of-the-reform): printed on every invoice when opted.
  vat_on_debits: z
    .boolean({ error: COMPANY_TEXTS.vatOnDebitsInvalid })
    .optional()
    .describe(
      "Option pour le paiement de la taxe d’après les débits (CGI art. 269-2 c), imprimée sur les factures\u00a0; absente\u00a0: inchangée",
    ),
});
export type CompanySettingsInput = z.output<typeof companySettingsInputSchema>;
export const companySettingsSchema = z.object({
  quote_validity_days: z.number(),
  terms_and_conditions: z.string().nullable(),
  default_tax_rate: z.number(),
  extra_tax_rates: z.array(z.number()),
  reminder_after_days: z.number(),
  /** Option pour le paiement de la taxe d'après les débits (2026 reform: printed on the invoices). */
  vat_on_debits: z.boolean(),
  /** Its version: the `ETag` of the answer, sent back as `If-Match` by a save (ADR 0024). */
  updated_at: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** GET /api/company/tax-rates: the rates a line may carry, highest first (docs/decisions/0020-vat-rates.md). */
export const companyTaxRatesSchema = z.object({ tax_rates: z.array(z.number()) });
export type CompanyTaxRates = z.infer<typeof companyTaxRatesSchema>;
