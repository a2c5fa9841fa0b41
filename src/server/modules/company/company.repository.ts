import type { Db } from "@server/db/client";
import { companies, files } from "@server/db/schema";
import { type ExpectedVersion, lockVersion } from "@server/lib/versions";
import type { CompanyInfoInput, CompanySettings, CompanySettingsInput } from "@shared/company";
import { allowedTaxRates } from "@shared/quote-rules";
import { and, eq, sql } from "drizzle-orm";

export const companySettingsRepository = {
  /** Locks the company and refuses a replaced version of its settings (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, version: ExpectedVersion) =>
    lockVersion(tx, version, companies.settingsUpdatedAt, eq(companies.id, companyId)),

  async get(tx: Db, companyId: string): Promise<CompanySettings> {
    const [row] = await tx
      .select({
        quote_validity_days: companies.quoteValidityDays,
        terms_and_conditions: companies.termsAndConditions,
        default_tax_rate: companies.defaultTaxRate,
        extra_tax_rates: companies.extraTaxRates,
        reminder_after_days: companies.reminderAfterDays,
        vat_on_debits: companies.vatOnDebits,
        updated_at: companies.settingsUpdatedAt,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!row) throw new Error("company not found");
    return { ...row, updated_at: row.updated_at.toISOString() };
  },
  /** The VAT rates the company's lines may carry: those in force and its own (docs/decisions/0020-vat-rates.md). */
  async taxRates(tx: Db, companyId: string): Promise<number[]> {
    const [row] = await tx
      .select({ extra: companies.extraTaxRates })
      .from(companies)
      .where(eq(companies.id, companyId));
    return allowedTaxRates(row?.extra ?? []);
  },
  /** The settings; the default VAT rate, the reminder delay and the option on debits only when said (not in the spec's body). */
  async update(tx: Db, companyId: string, input: CompanySettingsInput): Promise<CompanySettings> {
    const [row] = await tx
      .update(companies)
      .set({
        quoteValidityDays: input.quote_validity_days,
        termsAndConditions: input.terms_and_conditions,
        ...(input.default_tax_rate === undefined ? {} : { defaultTaxRate: input.default_tax_rate }),
        ...(input.extra_tax_rates === undefined ? {} : { extraTaxRates: input.extra_tax_rates }),
        ...(input.reminder_after_days === undefined ? {} : { reminderAfterDays: input.reminder_after_days }),
        ...(input.vat_on_debits === undefined ? {} : { vatOnDebits: input.vat_on_debits }),
        updatedAt: sql`now()`,
        settingsUpdatedAt: sql`now()`,
      })
      .where(eq(companies.id, companyId))
      .returning({
        quote_validity_days: companies.quoteValidityDays,
        terms_and_conditions: companies.termsAndConditions,
        default_tax_rate: companies.defaultTaxRate,
        extra_tax_rates: companies.extraTaxRates,
        reminder_after_days: companies.reminderAfterDays,
        vat_on_debits: companies.vatOnDebits,
        updated_at: companies.settingsUpdatedAt,
      });
    if (!row) throw new Error("company not found");
    return { ...row, updated_at: row.updated_at.toISOString() };
  },
};

/** The company's identity as documents and the settings page show it. */
const identityColumns = {
  name: companies.name,
  logo_file_id: companies.logoFileId,
  address1: companies.address1,
  address2: companies.address2,
  zip_code: companies.zipCode,
  city: companies.city,
  country: companies.country,
  phone_contact: companies.phoneContact,
  email_contact: companies.emailContact,
  website: companies.website,
  siret: companies.siret,
  tva_number: companies.tvaNumber,
  legal_form: companies.legalForm,
  share_capital: companies.shareCapital,
  registration: companies.registration,
  insurer_name: companies.insurerName,
  insurer_policy: companies.insurerPolicy,
  insurance_coverage: companies.insuranceCoverage,
  vat_franchise: companies.vatFranchise,
  iban: companies.iban,
  bic: companies.bic,
};

/**
 * Deletes a former logo's file, unless an issued invoice, deposit invoice or credit note froze it in its
 * seller (`invoices.seller_snapshot`, docs/domain/files.md#files-kept-for-issued-documents): its PDF
 * prints that logo for ever, after any restart. A draft reads the company's current logo.
 */
async function dropLogoFile(tx: Db, companyId: string, fileId: string): Promise<void> {
  await tx.execute(sql`
    DELETE FROM files f
    WHERE f.company_id = ${companyId} AND f.id = ${fileId}
      AND NOT EXISTS (
        SELECT 1 FROM invoices i
        WHERE i.company_id = ${companyId} AND i.seller_snapshot->>'logo_file_id' = ${fileId}
      )`);
}

export const companyInfoRepository = {
  /** Locks the company and refuses a replaced version of its identity (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, version: ExpectedVersion) =>
    lockVersion(tx, version, companies.infoUpdatedAt, eq(companies.id, companyId)),

  /** The identity and its version (the logo aside: a card of its own, it leaves the version as it is). */
  async get(tx: Db, companyId: string) {
    const [row] = await tx
      .select({ ...identityColumns, updated_at: companies.infoUpdatedAt })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!row) throw new Error("company not found");
    return { ...row, updated_at: row.updated_at.toISOString() };
  },
  /** What a document prints of its issuer, in one read: the identity and the default terms. */
  async forDocuments(tx: Db, companyId: string) {
    const [row] = await tx
      .select({ ...identityColumns, terms_and_conditions: companies.termsAndConditions })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!row) throw new Error("company not found");
    return row;
  },
  async update(tx: Db, companyId: string, input: CompanyInfoInput): Promise<void> {
    await tx
      .update(companies)
      .set({
        name: input.name,
        address1: input.address1,
        address2: input.address2,
        zipCode: input.zip_code,
        city: input.city,
        country: input.country,
        phoneContact: input.phone_contact,
        emailContact: input.email_contact,
        website: input.website,
        siret: input.siret,
        tvaNumber: input.tva_number,
        legalForm: input.legal_form,
        shareCapital: input.share_capital,
        registration: input.registration,
        insurerName: input.insurer_name,
        insurerPolicy: input.insurer_policy,
        insuranceCoverage: input.insurance_coverage,
        vatFranchise: input.vat_franchise,
        iban: input.iban,
        bic: input.bic,
        updatedAt: sql`now()`,
        infoUpdatedAt: sql`now()`,
      })
      .where(eq(companies.id, companyId));
  },
  /** The bytes of the company's logo file (documents). */
  async logoData(tx: Db, companyId: string, fileId: string): Promise<Buffer | null> {
    const [row] = await tx
      .select({ data: files.data })
      .from(files)
      .where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
    return row?.data ?? null;
  },
  /**
   * Replaces the logo: the new file is stored, the old one deleted unless an issued document prints it
   * (`dropLogoFile`), in one transaction.
   */
  async setLogo(tx: Db, companyId: string, file: { contentType: string; data: Buffer; filename: string | null }) {
    const [current] = await tx.select({ id: companies.logoFileId }).from(companies).where(eq(companies.id, companyId));
    const [row] = await tx
      .insert(files)
      .values({
        companyId,
        kind: "logo",
        contentType: file.contentType,
        size: file.data.length,
        filename: file.filename,
        data: file.data,
      })
      .returning({ id: files.id });
    if (!row) throw new Error("file not stored");
    await tx.update(companies).set({ logoFileId: row.id, updatedAt: sql`now()` }).where(eq(companies.id, companyId));
    if (current?.id) await dropLogoFile(tx, companyId, current.id);
    return row.id;
  },
  /** Removes the logo: the company has none; its file is deleted unless an issued document prints it. */
  async removeLogo(tx: Db, companyId: string): Promise<void> {
    const [current] = await tx.select({ id: companies.logoFileId }).from(companies).where(eq(companies.id, companyId));
    await tx.update(companies).set({ logoFileId: null, updatedAt: sql`now()` }).where(eq(companies.id, companyId));
    if (current?.id) await dropLogoFile(tx, companyId, current.id);
  },
};
