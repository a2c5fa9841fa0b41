import { requireAuth } from "@server/plugins/auth";
import { permissionGroupSchema } from "@shared/auth";
import { z } from "zod";
import type { AppModule } from "../module";
import { createPermissionsService, PERMISSIONS_ACCESS } from "./permissions.service";

export const permissionsModule: AppModule = async (app, { db }) => {
  const service = createPermissionsService(db);
  app.get(
    "/api/company/permissions/grouped",
    {
      config: { access: { permission: PERMISSIONS_ACCESS.grouped } },
      schema: {
        tags: ["Rôles et permissions"],
        summary: "Catalogue des permissions, groupé par catégorie",
        response: { 200: z.array(permissionGroupSchema) },
      },
    },
    async (request) => service.grouped(requireAuth(request)),
  );
};
