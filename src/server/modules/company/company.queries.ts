import { companyInfoRepository, companySettingsRepository } from "./company.repository";

/**
 * What company publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repository stays private to company.
 * - `companySettingsQueries`: the settings (dashboard, quotes, reminders) and the VAT rates (library).
 * - `companyInfoQueries`: the company as printed on documents and its logo (quotes, invoices, the
 *   documents kernel's mails, the signing page).
 */
export const companySettingsQueries: Pick<typeof companySettingsRepository, "get" | "taxRates"> =
  companySettingsRepository;
export const companyInfoQueries: Pick<typeof companyInfoRepository, "forDocuments" | "logoData"> =
  companyInfoRepository;
