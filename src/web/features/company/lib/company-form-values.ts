import type { CompanyInfo, CompanySettings } from "@shared/company";
import { DEFAULT_QUOTE_VALIDITY_DAYS, DEFAULT_TAX_RATE } from "@shared/company-rules";
import { formatIban } from "@shared/einvoice-rules";
import { MESSAGE_LIMITS } from "@shared/message-rules";

/** What the identity inputs hold (text, '' when empty); the shared schema turns it into the body. */
export interface CompanyInfoFields {
  name: string;
  address1: string;
  address2: string;
  zip_code: string;
  city: string;
  country: string;
  phone_contact: string;
  email_contact: string;
  website: string;
  siret: string;
  tva_number: string;
  legal_form: string;
  share_capital: string;
  registration: string;
  insurer_name: string;
  insurer_policy: string;
  insurance_coverage: string;
  /** The switch « Franchise en base de TVA ». */
  vat_franchise: boolean;
  /** Shown in groups of 4 (« FR76 3000 … »); the schema stores it without spaces. */
  iban: string;
  bic: string;
}

/** The text inputs, in the form's order. */
const TEXT_FIELDS = [
  "name",
  "address1",
  "address2",
  "zip_code",
  "city",
  "country",
  "phone_contact",
  "email_contact",
  "website",
  "siret",
  "tva_number",
  "legal_form",
  "share_capital",
  "registration",
  "insurer_name",
  "insurer_policy",
  "insurance_coverage",
] as const satisfies readonly (keyof CompanyInfoFields)[];

export const COMPANY_INFO_FIELDS = [
  ...TEXT_FIELDS,
  "vat_franchise",
  "iban",
  "bic",
] as const satisfies readonly (keyof CompanyInfoFields)[];

export const DEFAULT_COUNTRY = "France";

/** The inputs' starting values: null becomes '', an empty country 'France' (docs/domain/company-settings.md#rules). */
export function infoFormValues(info: CompanyInfo | null | undefined): CompanyInfoFields {
  const values = {} as CompanyInfoFields;
  for (const key of TEXT_FIELDS) values[key] = info?.[key] ?? "";
  values.vat_franchise = info?.vat_franchise ?? false;
  values.iban = info?.iban ? formatIban(info.iban) : "";
  values.bic = info?.bic ?? "";
  if (values.country.trim() === "") values.country = DEFAULT_COUNTRY;
  return values;
}

/** What the commercial settings inputs hold: the number input's text and the terms. */
export interface CompanySettingsFields {
  quote_validity_days: string;
  terms_and_conditions: string;
  /** The select's value: « 20 », « 10 », « 5.5 »… */
  default_tax_rate: string;
  /** The company's own VAT rates as typed, « 13\u202f; 8,5 » (ADR 0020). */
  extra_tax_rates: string;
  /** « Relancer après N jours » (« À relancer », docs/domain/messages.md#reminders): the input's text. */
  reminder_after_days: string;
  /** The switch « Option pour le paiement de la taxe d'après les débits » (2026 reform). */
  vat_on_debits: boolean;
}

export const COMPANY_SETTINGS_FIELDS = [
  "quote_validity_days",
  "terms_and_conditions",
  "default_tax_rate",
  "extra_tax_rates",
  "reminder_after_days",
  "vat_on_debits",
] as const satisfies readonly (keyof CompanySettingsFields)[];

/** 8.5 → « 8,5 », as typed in the field. */
const frenchRate = (rate: number) => String(rate).replace(".", ",");

/** The rates typed in the field, read as the shared schema reads them (for the default rate's select). */
export function typedTaxRates(text: string): number[] {
  return text
    .split(/[;\s]+/)
    .filter(Boolean)
    .map((rate) => Number(rate.replace(",", ".")))
    .filter((rate) => Number.isFinite(rate) && rate > 0 && rate < 100);
}

export function settingsFormValues(settings: CompanySettings | null | undefined): CompanySettingsFields {
  return {
    quote_validity_days: String(settings?.quote_validity_days ?? DEFAULT_QUOTE_VALIDITY_DAYS),
    terms_and_conditions: settings?.terms_and_conditions ?? "",
    default_tax_rate: String(settings?.default_tax_rate ?? DEFAULT_TAX_RATE),
    extra_tax_rates: (settings?.extra_tax_rates ?? []).map(frenchRate).join("\u202f; "),
    reminder_after_days: String(settings?.reminder_after_days ?? MESSAGE_LIMITS.reminderAfterDaysDefault),
    vat_on_debits: settings?.vat_on_debits ?? false,
  };
}
