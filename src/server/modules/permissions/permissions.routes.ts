import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { permissionGroupSchema } from "../../../shared/auth";
import type { Database } from "../../db/client";
import { requireAuth } from "../../plugins/auth";
import { createPermissionsService } from "./permissions.service";

export const permissionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createPermissionsService(db);
  app.get(
    "/api/company/permissions/grouped",
    {
      config: { access: { permission: "roles:view" } },
      schema: {
        tags: ["Rôles et permissions"],
        summary: "Catalogue des permissions, groupé par catégorie",
        response: { 200: z.array(permissionGroupSchema) },
      },
    },
    async (request) => service.grouped(requireAuth(request)),
  );
};
