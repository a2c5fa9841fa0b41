import { z } from "zod";
import type { AppModule } from "../module";
import { healthRepository } from "./health.repository";

export const healthModule: AppModule = async (app, { db }) => {
  app.get(
    "/api/health",
    {
      config: { access: { public: true } },
      schema: {
        tags: ["Système"],
        summary: "État du service et de la base de données",
        security: [],
        response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable") }) },
      },
    },
    async (_request, reply) => {
      if (await healthRepository.databaseAnswers(db)) return { status: "ok" as const };
      return reply.status(503).send({ status: "unavailable" as const });
    },
  );
};
