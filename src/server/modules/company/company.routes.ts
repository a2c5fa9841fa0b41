import type {} from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  COMPANY_TEXTS,
  companyInfoInputSchema,
  companyInfoSchema,
  companySettingsInputSchema,
  companySettingsSchema,
  LOGO_MAX_BYTES,
} from "../../../shared/company";
import { errorResponseSchema } from "../../../shared/http";
import { errors } from "../../lib/errors";
import { requireAuth } from "../../plugins/auth";
import type { CompanyService } from "./company.service";

const tags = ["Entreprise"];
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema };

export const companyRoutes: FastifyPluginAsyncZod<{ company: CompanyService }> = async (app, { company }) => {
  app.get(
    "/api/company/info",
    {
      config: { access: { permission: "settings:view" } },
      schema: { tags, summary: "Identité de l'entreprise", response: { 200: companyInfoSchema, ...errorsOf } },
    },
    async (request) => company.getInfo(requireAuth(request)),
  );
  app.put(
    "/api/company/info",
    {
      config: { access: { permission: "settings:edit" } },
      schema: {
        tags,
        summary: "Modifie l'identité de l'entreprise",
        body: companyInfoInputSchema,
        response: { 200: companyInfoSchema, ...errorsOf },
      },
    },
    async (request) => company.updateInfo(requireAuth(request), request.body),
  );
  app.get(
    "/api/company/settings",
    {
      config: { access: { permission: "settings:view" } },
      schema: { tags, summary: "Paramètres commerciaux", response: { 200: companySettingsSchema, ...errorsOf } },
    },
    async (request) => company.getSettings(requireAuth(request)),
  );
  app.put(
    "/api/company/settings",
    {
      config: { access: { permission: "settings:edit" } },
      schema: {
        tags,
        summary: "Modifie les paramètres commerciaux",
        body: companySettingsInputSchema,
        response: { 200: companySettingsSchema, ...errorsOf },
      },
    },
    async (request) => company.updateSettings(requireAuth(request), request.body),
  );
  app.post(
    "/api/company/logo",
    {
      config: { access: { permission: "settings:edit" } },
      bodyLimit: LOGO_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        summary: "Téléverse le logo (multipart, champ « logo » ; JPEG, PNG, WebP ou GIF, 5 Mo au plus)",
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
      return company.setLogo(auth, { data, filename: part.filename ?? null, truncated: part.file.truncated });
    },
  );
  app.delete(
    "/api/company/logo",
    {
      config: { access: { permission: "settings:edit" } },
      schema: { tags, summary: "Supprime le logo", response: { 200: companyInfoSchema, ...errorsOf } },
    },
    async (request) => company.removeLogo(requireAuth(request)),
  );
};
