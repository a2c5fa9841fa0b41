import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  calendarWeekQuerySchema,
  calendarWeekSchema,
  projectScheduleResponseSchema,
  projectScheduleSchema,
} from "@shared/planning";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppModule } from "../module";
import { createPlanningService, PLANNING_ACCESS } from "./planning.service";
import { serializeWeek } from "./week-serializer";

const tags = ["Planning"];
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The weekly planning and the move of a worksite (docs/domain/planning.md). */
export const planningModule: AppModule = async (app, { db }) => {
  const service = createPlanningService(db);

  app.get(
    "/api/calendar/week",
    {
      config: { access: { permission: PLANNING_ACCESS.week } },
      schema: {
        tags,
        summary:
          "La semaine du lundi au dimanche\u00a0: les chantiers de chaque jour, et leurs conflits d’équipe ou de véhicule",
        querystring: calendarWeekQuerySchema,
        response: { 200: calendarWeekSchema, ...errorsOf },
      },
      // Each worksite written once, however many days it occupies (week-serializer.ts); errors as usual.
      // Its bytes: Fastify sends a Buffer as it is (its types only name a string).
      serializerCompiler: (route) =>
        route.httpStatus === "200"
          ? (serializeWeek as unknown as (data: unknown) => string)
          : serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
    },
    async (request) => service.week(requireAuth(request), request.query),
  );

  app.patch(
    "/api/projects/:id/schedule",
    {
      config: { access: { permission: PLANNING_ACCESS.schedule } },
      schema: {
        tags,
        summary: "Déplace un chantier (date de début, équipe, véhicule) et renvoie ses conflits",
        params: z.object({ id: z.string() }),
        body: projectScheduleSchema,
        response: { 200: projectScheduleResponseSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => service.schedule(requireAuth(request), request.params.id, request.body),
  );
};
