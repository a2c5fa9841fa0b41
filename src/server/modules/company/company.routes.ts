import multipart from "@fastify/multipart";
import { errors } from "@server/lib/errors";
import { storedFileName } from "@server/lib/file-types";
import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import {
  COMPANY_TEXTS,
  companyInfoInputSchema,
  companyInfoSchema,
  companySettingsInputSchema,
  companySettingsSchema,
  companyTaxRatesSchema,
  LOGO_MAX_BYTES,
} from "@shared/company";
import { errorResponseSchema } from "@shared/http";
import type { AppModule } from "../module";
import { COMPANY_ACCESS, createCompanyService, TAX_RATES_READERS } from "./company.service";

const tags = ["Entreprise"];
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema };

export const companyModule: AppModule = async (app, { db, fileSecret }) => {
  const company = createCompanyService(db, fileSecret);
  // Only this module takes multipart bodies (the logo upload): one file, a few fields.
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

  app.get(
    "/api/company/info",
    {
      config: { access: { permission: COMPANY_ACCESS.getInfo } },
      schema: { tags, summary: "Identité de l’entreprise", response: { 200: companyInfoSchema, ...errorsOf } },
    },
    async (request) => company.getInfo(requireAuth(request)),
  );
  app.put(
    "/api/company/info",
    {
      config: { access: { permission: COMPANY_ACCESS.updateInfo }, versioned: true },
      schema: {
        tags,
        summary: "Modifie l’identité de l’entreprise",
        body: companyInfoInputSchema,
        response: { 200: companyInfoSchema, ...errorsOf },
      },
    },
    async (request) => company.updateInfo(requireAuth(request), request.body, expectedVersion(request)),
  );
  app.get(
    "/api/company/settings",
    {
      config: { access: { permission: COMPANY_ACCESS.getSettings } },
      schema: { tags, summary: "Paramètres commerciaux", response: { 200: companySettingsSchema, ...errorsOf } },
    },
    async (request) => company.getSettings(requireAuth(request)),
  );
  app.get(
    "/api/company/tax-rates",
    {
      config: { access: { anyPermission: [...TAX_RATES_READERS] } },
      schema: {
        tags,
        summary:
          "Taux de TVA qu’une ligne peut porter\u00a0: ceux en vigueur (20, 10, 5,5, 2,1, 0) et ceux ajoutés par l’entreprise",
        response: { 200: companyTaxRatesSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => company.taxRates(requireAuth(request)),
  );
  app.put(
    "/api/company/settings",
    {
      config: { access: { permission: COMPANY_ACCESS.updateSettings }, versioned: true },
      schema: {
        tags,
        summary: "Modifie les paramètres commerciaux",
        body: companySettingsInputSchema,
        response: { 200: companySettingsSchema, ...errorsOf },
      },
    },
    async (request) => company.updateSettings(requireAuth(request), request.body, expectedVersion(request)),
  );
  app.post(
    "/api/company/logo",
    {
      config: { access: { permission: COMPANY_ACCESS.setLogo } },
      bodyLimit: LOGO_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        summary: "Téléverse le logo (multipart, champ «\u00a0logo\u00a0»\u202f; JPEG, PNG, WebP ou GIF, 5 Mo au plus)",
        consumes: ["multipart/form-data"],
        response: { 200: companyInfoSchema, ...errorsOf, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw errors.validation(COMPANY_TEXTS.logoMissing);
      const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      if (!part) throw errors.validation(COMPANY_TEXTS.logoMissing);
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === "FST_REQ_FILE_TOO_LARGE") {
          throw errors.validation(COMPANY_TEXTS.logoSize, [{ path: "logo", message: COMPANY_TEXTS.logoSize }]);
        }
        throw error;
      });
      return company.setLogo(auth, { data, filename: storedFileName(part.filename), truncated: part.file.truncated });
    },
  );
  app.delete(
    "/api/company/logo",
    {
      config: { access: { permission: COMPANY_ACCESS.removeLogo } },
      schema: { tags, summary: "Supprime le logo", response: { 200: companyInfoSchema, ...errorsOf } },
    },
    async (request) => company.removeLogo(requireAuth(request)),
  );
};
