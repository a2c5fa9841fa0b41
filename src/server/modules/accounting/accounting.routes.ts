import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { accountingSettingsInputSchema, accountingSettingsSchema, fecQuerySchema } from "@shared/accounting";
import { errorResponseSchema } from "@shared/http";
import type { AppModule } from "../module";
import { ACCOUNTING_ACCESS, createAccountingService } from "./accounting.service";

const tags = ["Comptabilité"];
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema };

/** The accountant's exports and the accounts they write (issue 34, docs/domain/accounting.md). */
export const accountingModule: AppModule = async (app, { db }) => {
  const accounting = createAccountingService(db);

  app.get(
    "/api/accounting/fec",
    {
      config: { access: { permission: ACCOUNTING_ACCESS.fec } },
      schema: {
        tags,
        summary:
          "Fichier des écritures comptables (FEC, art. A47 A-1) de l’exercice\u202f: ventes (VT) et banque (BQ) écrites depuis le journal inaltérable\u202f; <SIREN>FEC<AAAAMMJJ>.txt",
        querystring: fecQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, text } = await accounting.fec(requireAuth(request), request.query.year);
      return reply
        .type("text/plain; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(text);
    },
  );

  app.get(
    "/api/company/accounting",
    {
      config: { access: { permission: ACCOUNTING_ACCESS.settings } },
      schema: {
        tags,
        summary: "Comptes et codes journaux du FEC (ceux du plan comptable général tant qu’ils ne sont pas modifiés)",
        response: { 200: accountingSettingsSchema, ...errorsOf },
      },
    },
    async (request) => accounting.settings(requireAuth(request)),
  );

  app.put(
    "/api/company/accounting",
    {
      config: { access: { permission: ACCOUNTING_ACCESS.saveSettings }, versioned: true },
      schema: {
        tags,
        summary: "Enregistre les comptes et les codes journaux du FEC (chaque compte dans sa classe du PCG)",
        body: accountingSettingsInputSchema,
        response: { 200: accountingSettingsSchema, ...errorsOf },
      },
    },
    async (request) => accounting.saveSettings(requireAuth(request), request.body, expectedVersion(request)),
  );
};
