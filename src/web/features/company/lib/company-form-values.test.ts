import {
  type CompanyInfo,
  companyInfoInputSchema,
  companySettingsInputSchema,
  DEFAULT_QUOTE_VALIDITY_DAYS,
} from "@shared/company";
import { describe, expect, it } from "vitest";
import { COMPANY_INFO_FIELDS, infoFormValues, settingsFormValues, typedTaxRates } from "./company-form-values";

const info: CompanyInfo = {
  name: "Durand Rénovation",
  logo_url: "/api/files/1?exp=1&sig=x",
  address1: "12 rue des Artisans",
  address2: null,
  zip_code: "69003",
  city: "Lyon",
  country: "France",
  phone_contact: "04 78 00 00 00",
  email_contact: null,
  website: null,
  siret: "812 345 676 00017",
  tva_number: null,
  legal_form: "SARL",
  share_capital: null,
  registration: "RCS Lyon 812 345 676",
  insurer_name: null,
  insurer_policy: null,
  insurance_coverage: null,
  vat_franchise: true,
  iban: "FR7630004008230001045678943",
  bic: "BNPAFRPPXXX",
  updated_at: "2026-11-01T08:00:00.000Z",
};

describe("infoFormValues", () => {
  it("fills every input, null as '', without the logo", () => {
    const values = infoFormValues(info);
    expect(Object.keys(values)).toEqual([...COMPANY_INFO_FIELDS]);
    expect(values).toMatchObject({
      name: "Durand Rénovation",
      address2: "",
      email_contact: "",
      city: "Lyon",
      legal_form: "SARL",
      share_capital: "",
      vat_franchise: true,
    });
    expect(values).not.toHaveProperty("logo_url");
  });

  it("defaults the country to France", () => {
    expect(infoFormValues({ ...info, country: "" }).country).toBe("France");
    expect(infoFormValues(undefined)).toMatchObject({ name: "", country: "France", vat_franchise: false });
  });

  it("round-trips through the shared schema into the PUT body: '' becomes null, text is trimmed", () => {
    const body = companyInfoInputSchema.parse({
      ...infoFormValues(info),
      city: "  Lyon  ",
      website: " ",
      share_capital: " 10 000 € ",
    });
    expect(body).toEqual({
      name: "Durand Rénovation",
      address1: "12 rue des Artisans",
      address2: null,
      zip_code: "69003",
      city: "Lyon",
      country: "France",
      phone_contact: "04 78 00 00 00",
      email_contact: null,
      website: null,
      siret: "812 345 676 00017",
      tva_number: null,
      legal_form: "SARL",
      share_capital: "10 000 €",
      registration: "RCS Lyon 812 345 676",
      insurer_name: null,
      insurer_policy: null,
      insurance_coverage: null,
      vat_franchise: true,
      iban: "FR7630004008230001045678943",
      bic: "BNPAFRPPXXX",
    });
  });

  it("shows the IBAN in groups of 4, and the body carries it without spaces", () => {
    const values = infoFormValues(info);
    expect(values.iban).toBe("FR76 3000 4008 2300 0104 5678 943");
    expect(infoFormValues({ ...info, iban: null, bic: null })).toMatchObject({ iban: "", bic: "" });
    const body = companyInfoInputSchema.parse({ ...values, iban: "fr76 3000 4008 2300 0104 5678 943 ", bic: "" });
    expect(body).toMatchObject({ iban: "FR7630004008230001045678943", bic: null });
  });

  it("an emptied country goes back to France", () => {
    expect(companyInfoInputSchema.parse({ ...infoFormValues(info), country: "" }).country).toBe("France");
  });
});

describe("settingsFormValues", () => {
  it("shows the days as text and null terms as ''", () => {
    expect(
      settingsFormValues({
        quote_validity_days: 45,
        terms_and_conditions: null,
        default_tax_rate: 5.5,
        extra_tax_rates: [13, 8.5],
        reminder_after_days: 10,
        vat_on_debits: true,
        updated_at: "2026-11-01T08:00:00.000Z",
      }),
    ).toEqual({
      quote_validity_days: "45",
      terms_and_conditions: "",
      default_tax_rate: "5.5",
      extra_tax_rates: "13\u202f; 8,5",
      reminder_after_days: "10",
      vat_on_debits: true,
    });
    expect(settingsFormValues(undefined).vat_on_debits).toBe(false);
    expect(settingsFormValues(undefined).reminder_after_days).toBe("7");
    expect(settingsFormValues(undefined).quote_validity_days).toBe(String(DEFAULT_QUOTE_VALIDITY_DAYS));
  });

  it("reads the company's own VAT rates as typed (issue 31): semicolons or spaces, a decimal comma", () => {
    const body = { quote_validity_days: "30", terms_and_conditions: "" };
    expect(companySettingsInputSchema.parse({ ...body, extra_tax_rates: "13\u202f; 8,5 0,9" }).extra_tax_rates).toEqual(
      [13, 8.5, 0.9],
    );
    expect(companySettingsInputSchema.parse({ ...body, extra_tax_rates: "" }).extra_tax_rates).toEqual([]);
    expect(companySettingsInputSchema.safeParse({ ...body, extra_tax_rates: "8,5 ; 120" }).success).toBe(false);
    expect(typedTaxRates("13\u202f; 8,5 ; abc 120")).toEqual([13, 8.5]);
  });

  it("an empty validity falls back to 30 days, and the body carries numbers", () => {
    expect(companySettingsInputSchema.parse({ quote_validity_days: "", terms_and_conditions: "" })).toEqual({
      quote_validity_days: 30,
      terms_and_conditions: null,
    });
    expect(companySettingsInputSchema.parse({ quote_validity_days: "45", terms_and_conditions: "CGV" })).toEqual({
      quote_validity_days: 45,
      terms_and_conditions: "CGV",
    });
  });

  it.each(["0", "366", "4.5", "-3"])("refuses %s days", (days) => {
    expect(companySettingsInputSchema.safeParse({ quote_validity_days: days }).success).toBe(false);
  });
});
