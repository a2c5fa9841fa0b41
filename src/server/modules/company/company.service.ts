import type { Database } from "@server/db/client";
import { type AuthContext, assertCanAny, permissions, scopeFor, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { inspectImage } from "@server/lib/file-types";
import { signFileUrl } from "@server/lib/signed-urls";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  COMPANY_TEXTS,
  type CompanyInfo,
  type CompanyInfoInput,
  type CompanySettings,
  type CompanySettingsInput,
  LOGO_MAX_BYTES,
} from "@shared/company";
import type { PermissionCode } from "@shared/permissions";
import { allowedTaxRates, isAllowedTaxRate } from "@shared/quote-rules";
import { companyInfoRepository, companySettingsRepository } from "./company.repository";
import { logoToStore } from "./logo-upload";

/** Who may read and change the company's identity and settings (routes and service). */
export const COMPANY_ACCESS = permissions({
  getInfo: "settings:view",
  updateInfo: "settings:edit",
  getSettings: "settings:view",
  updateSettings: "settings:edit",
  setLogo: "settings:edit",
  removeLogo: "settings:edit",
});

/**
 * Who reads the VAT rates a line may carry (GET /api/company/tax-rates): whoever writes lines — quotes,
 * their templates, invoices, the price library (docs/decisions/0020-vat-rates.md).
 */
export const TAX_RATES_READERS = [
  "quotes:create",
  "quotes:edit",
  "invoices:create",
  "invoices:edit",
  "library:edit",
] as const satisfies readonly PermissionCode[];

export function createCompanyService(db: Database, fileSecret: string) {
  async function info(t: TenantAccess): Promise<CompanyInfo> {
    const { logo_file_id, ...row } = await db.run(t.scope, (tx) => companyInfoRepository.get(tx, t.companyId));
    return { ...row, logo_url: logo_file_id ? signFileUrl(fileSecret, logo_file_id) : null };
  }

  return {
    async getInfo(auth: AuthContext) {
      return info(tenant(auth, COMPANY_ACCESS.getInfo, COMPANY_TEXTS.companyRequired));
    },
    async updateInfo(auth: AuthContext, input: CompanyInfoInput, version?: ExpectedVersion) {
      const t = tenant(auth, COMPANY_ACCESS.updateInfo, COMPANY_TEXTS.companyRequired);
      await db.run(t.scope, async (tx) => {
        await companyInfoRepository.lockVersion(tx, t.companyId, version);
        await companyInfoRepository.update(tx, t.companyId, input);
      });
      return info(t);
    },
    async getSettings(auth: AuthContext): Promise<CompanySettings> {
      const t = tenant(auth, COMPANY_ACCESS.getSettings, COMPANY_TEXTS.companyRequired);
      return db.run(t.scope, (tx) => companySettingsRepository.get(tx, t.companyId));
    },
    /** The rates in force and the company's own, highest first: what the line editors offer. */
    async taxRates(auth: AuthContext): Promise<{ tax_rates: number[] }> {
      assertCanAny(auth, TAX_RATES_READERS);
      if (!auth.companyId) throw errors.forbidden(COMPANY_TEXTS.companyRequired);
      const companyId = auth.companyId;
      return {
        tax_rates: await db.run(scopeFor(companyId), (tx) => companySettingsRepository.taxRates(tx, companyId)),
      };
    },
    async updateSettings(
      auth: AuthContext,
      input: CompanySettingsInput,
      version?: ExpectedVersion,
    ): Promise<CompanySettings> {
      const t = tenant(auth, COMPANY_ACCESS.updateSettings, COMPANY_TEXTS.companyRequired);
      return db.run(t.scope, async (tx) => {
        await companySettingsRepository.lockVersion(tx, t.companyId, version);
        // The rate of new lines is one the lines may carry (docs/decisions/0020-vat-rates.md).
        const before = await companySettingsRepository.get(tx, t.companyId);
        const allowed = allowedTaxRates(input.extra_tax_rates ?? before.extra_tax_rates);
        const rate = input.default_tax_rate ?? before.default_tax_rate;
        if (!isAllowedTaxRate(rate, allowed)) {
          const [path, message] =
            input.default_tax_rate === undefined
              ? ["extra_tax_rates", COMPANY_TEXTS.defaultTaxRateRemoved]
              : ["default_tax_rate", COMPANY_TEXTS.defaultTaxRateInvalid];
          throw errors.validation(message, [{ path, message }]);
        }
        return companySettingsRepository.update(tx, t.companyId, input);
      });
    },
    /**
     * The logo is checked by its content (JPEG, PNG, WebP, GIF; never SVG), whole: a damaged image would
     * break the documents that print it (lib/file-types.ts inspectImage). And by its size. Then stored
     * as every document can print it: a CMYK JPEG, a GIF or a WebP converted (logo-upload.ts).
     */
    async setLogo(auth: AuthContext, file: { data: Buffer; filename: string | null; truncated: boolean }) {
      const t = tenant(auth, COMPANY_ACCESS.setLogo, COMPANY_TEXTS.companyRequired);
      if (file.truncated || file.data.length > LOGO_MAX_BYTES) {
        throw errors.validation(COMPANY_TEXTS.logoSize, [{ path: "logo", message: COMPANY_TEXTS.logoSize }]);
      }
      const checked = inspectImage(file.data);
      if (!checked.ok) {
        const message = checked.problem === "type" ? COMPANY_TEXTS.logoType : COMPANY_TEXTS.logoDamaged;
        throw errors.validation(message, [{ path: "logo", message }]);
      }
      const stored = await logoToStore(file.data, checked.image);
      if (!stored.ok) {
        throw errors.validation(COMPANY_TEXTS.logoDamaged, [{ path: "logo", message: COMPANY_TEXTS.logoDamaged }]);
      }
      await db.run(t.scope, (tx) =>
        companyInfoRepository.setLogo(tx, t.companyId, {
          contentType: stored.contentType,
          data: stored.data,
          filename: file.filename,
        }),
      );
      return info(t);
    },
    async removeLogo(auth: AuthContext) {
      const t = tenant(auth, COMPANY_ACCESS.removeLogo, COMPANY_TEXTS.companyRequired);
      await db.run(t.scope, (tx) => companyInfoRepository.removeLogo(tx, t.companyId));
      return info(t);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
