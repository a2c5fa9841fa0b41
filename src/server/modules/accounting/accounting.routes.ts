import { requireAuth } from "@server/plugins/auth";
import { fecQuerySchema } from "@shared/accounting";
import type { AppModule } from "../module";
import { ACCOUNTING_ACCESS, createAccountingService } from "./accounting.service";

/** The accountant's exports (issue 34, docs/domain/accounting.md). */
export const accountingModule: AppModule = async (app, { db }) => {
  const accounting = createAccountingService(db);

  app.get(
    "/api/accounting/fec",
    {
      config: { access: { permission: ACCOUNTING_ACCESS.fec } },
      schema: {
        tags: ["Comptabilité"],
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
};
