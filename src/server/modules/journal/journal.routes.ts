import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import { journalVerificationSchema } from "@shared/journal";
import type { AppModule } from "../module";
import { createJournalService, JOURNAL_ACCESS } from "./journal.service";

/** The unalterable journal (issue 34, docs/domain/journal.md): its check. */
export const journalModule: AppModule = async (app, { db }) => {
  const journal = createJournalService(db);

  app.get(
    "/api/journal/verify",
    {
      config: { access: { permission: JOURNAL_ACCESS.verify } },
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
};
