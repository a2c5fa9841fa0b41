import {
  COMPANY_TEXTS,
  type CompanyInfo,
  type CompanyInfoInput,
  type CompanySettings,
  LOGO_MAX_BYTES,
} from "../../../shared/company";
import type { Database } from "../../db/client";
import { errors } from "../../lib/errors";
import { detectImageType } from "../../lib/file-types";
import { signFileUrl } from "../../lib/signed-urls";
import { assertCan, requireCompany } from "../../plugins/auth";
import type { AuthContext } from "../auth/auth.service";
import { companyInfoRepository, companySettingsRepository } from "./company.repository";

const companyOf = (auth: AuthContext) => requireCompany(auth, "Vous devez être connecté à une entreprise");

export function createCompanyService(db: Database, fileSecret: string) {
  async function info(auth: AuthContext): Promise<CompanyInfo> {
    const companyId = companyOf(auth);
    const { logo_file_id, ...row } = await db.run(auth.scope, (tx) => companyInfoRepository.get(tx, companyId));
    return { ...row, logo_url: logo_file_id ? signFileUrl(fileSecret, logo_file_id) : null };
  }

  return {
    async getInfo(auth: AuthContext) {
      assertCan(auth, "settings:view");
      return info(auth);
    },
    async updateInfo(auth: AuthContext, input: CompanyInfoInput) {
      assertCan(auth, "settings:edit");
      const companyId = companyOf(auth);
      await db.run(auth.scope, (tx) => companyInfoRepository.update(tx, companyId, input));
      return info(auth);
    },
    async getSettings(auth: AuthContext): Promise<CompanySettings> {
      assertCan(auth, "settings:view");
      const companyId = companyOf(auth);
      return db.run(auth.scope, (tx) => companySettingsRepository.get(tx, companyId));
    },
    async updateSettings(auth: AuthContext, input: CompanySettings): Promise<CompanySettings> {
      assertCan(auth, "settings:edit");
      const companyId = companyOf(auth);
      await db.run(auth.scope, (tx) => companySettingsRepository.update(tx, companyId, input));
      return input;
    },
    /** The logo is checked by its content (JPEG, PNG, WebP, GIF; never SVG) and its size. */
    async setLogo(auth: AuthContext, file: { data: Buffer; filename: string | null; truncated: boolean }) {
      assertCan(auth, "settings:edit");
      const companyId = companyOf(auth);
      if (file.truncated || file.data.length > LOGO_MAX_BYTES) {
        throw errors.validation(COMPANY_TEXTS.logoSize, [{ path: "logo", message: COMPANY_TEXTS.logoSize }]);
      }
      const contentType = detectImageType(file.data);
      if (!contentType)
        throw errors.validation(COMPANY_TEXTS.logoType, [{ path: "logo", message: COMPANY_TEXTS.logoType }]);
      await db.run(auth.scope, (tx) =>
        companyInfoRepository.setLogo(tx, companyId, { contentType, data: file.data, filename: file.filename }),
      );
      return info(auth);
    },
    async removeLogo(auth: AuthContext) {
      assertCan(auth, "settings:edit");
      const companyId = companyOf(auth);
      await db.run(auth.scope, (tx) => companyInfoRepository.removeLogo(tx, companyId));
      return info(auth);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
