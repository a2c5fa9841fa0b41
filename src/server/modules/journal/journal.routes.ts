import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  journalClosingBodySchema,
  journalPeriodTotalsSchema,
  journalTotalsQuerySchema,
  journalTotalsSchema,
  journalVerificationSchema,
} from "@shared/journal";
import { z } from "zod";
import type { AppModule } from "../module";
import { createJournalService, JOURNAL_ACCESS } from "./journal.service";

/** The unalterable journal (issue 34, docs/domain/journal.md): its check. */
export const journalModule: AppModule = async (app, { db }) => {
  const journal = createJournalService(db);

  app.get(
    "/api/journal/verify",
    {
      config: { access: { permission: JOURNAL_ACCESS.view } },
      schema: {
        tags: ["Journal"],
        summary:
          "Vérifie le journal inaltérable de l’entreprise\u202f: numérotation continue, chaînage des empreintes SHA-256, dernière écriture connue\u202f; nomme la première écriture en défaut",
        response: {
          200: journalVerificationSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => journal.verify(requireAuth(request)),
  );

  app.get(
    "/api/journal/totals",
    {
      config: { access: { permission: JOURNAL_ACCESS.view } },
      schema: {
        tags: ["Journal"],
        summary:
          "Totaux du journal par jour, mois ou exercice (ventes TTC, encaissements), les périodes clôturées à leurs totaux figés, et les grands totaux perpétuels",
        querystring: journalTotalsQuerySchema,
        response: {
          200: journalTotalsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => journal.totals(requireAuth(request), request.query.period, request.query.year),
  );

  app.get(
    "/api/journal/closings/:id/archive",
    {
      config: { access: { permission: JOURNAL_ACCESS.view } },
      schema: {
        tags: ["Journal"],
        summary:
          "Archive ZIP de la période d’une clôture\u202f: ses écritures jusqu’à la clôture, le manifeste des empreintes SHA-256 et un vérificateur hors ligne (node verifier.mjs)",
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const { filename, zip } = await journal.archive(requireAuth(request), request.params.id);
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  app.post(
    "/api/journal/closings",
    {
      config: { access: { permission: JOURNAL_ACCESS.close } },
      schema: {
        tags: ["Journal"],
        summary:
          "Clôture une période terminée (jour, mois, exercice) : une écriture chaînée qui fige ses totaux ; 409 si elle l’est déjà",
        body: journalClosingBodySchema,
        response: {
          201: journalPeriodTotalsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await journal.close(requireAuth(request), request.body)),
  );
};
