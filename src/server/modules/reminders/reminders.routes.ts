import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import { remindersSchema } from "@shared/messages";
import type { AppModule } from "../module";
import { createRemindersService, REMINDERS_ACCESS } from "./reminders.service";

/** « À relancer » (issue 18, docs/domain/messages.md#to-remind). */
export const remindersModule: AppModule = async (app, { db }) => {
  const reminders = createRemindersService(db);

  app.get(
    "/api/reminders",
    {
      // Each list with its own permission (quotes:view, invoices:view), empty without: checked by the service.
      config: { access: { anyPermission: [REMINDERS_ACCESS.quotes, REMINDERS_ACCESS.invoices] } },
      schema: {
        tags: ["Relances"],
        summary:
          "«\u00a0À relancer\u00a0»\u202f: devis envoyés depuis N jours sans réponse (quotes:view), factures en retard (invoices:view)\u202f; un document relancé il y a moins de N jours n’y figure pas",
        response: { 200: remindersSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => reminders.list(requireAuth(request)),
  );
};
