import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import { notificationsSchema } from "@shared/signing";
import { z } from "zod";
import type { AppModule } from "../module";
import { createNotificationsService } from "./notifications.service";

const tags = ["Notifications"];

/** The bell of the shell (docs/domain/signing.md#notifications): each user's own notifications. */
export const notificationsModule: AppModule = async (app, { db }) => {
  const service = createNotificationsService(db);

  app.get(
    "/api/notifications",
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: "Mes dernières notifications (20), les plus récentes d’abord, et le nombre de non lues",
        response: { 200: notificationsSchema },
      },
    },
    async (request) => service.list(requireAuth(request)),
  );

  app.post(
    "/api/notifications/read-all",
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: "Marque toutes mes notifications comme lues",
        response: { 200: notificationsSchema },
      },
    },
    async (request) => service.readAll(requireAuth(request)),
  );

  app.post(
    "/api/notifications/:id/read",
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: "Marque une de mes notifications comme lue (404 pour celle d’un autre utilisateur)",
        params: z.object({ id: z.string() }),
        response: { 200: notificationsSchema, 404: errorResponseSchema },
      },
    },
    async (request) => service.read(requireAuth(request), request.params.id),
  );
};
