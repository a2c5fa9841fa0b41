import { requireAuth } from "@server/plugins/auth";
import {
  companyUserSchema,
  companyUsersQuerySchema,
  companyUsersResponseSchema,
  userRolesBodySchema,
} from "@shared/accounts";
import { errorResponseSchema } from "@shared/http";
import { z } from "zod";
import type { AppModule } from "../module";
import { COMPANY_USERS_ACCESS, createCompanyUsersService } from "./company-users.service";

const tags = ["Utilisateurs"];
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The company's users and their roles (docs/domain/accounts.md#users-and-roles). */
export const companyUsersModule: AppModule = async (app, { db }) => {
  const service = createCompanyUsersService(db);

  app.get(
    "/api/company/users",
    {
      config: { access: { permission: COMPANY_USERS_ACCESS.list } },
      schema: {
        tags,
        summary:
          "Les utilisateurs de l’entreprise par nom, avec leurs rôles (recherche par nom ou e-mail, sans tenir compte des accents\u202f; filtre par rôle)",
        querystring: companyUsersQuerySchema,
        response: { 200: companyUsersResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.post(
    "/api/company/user-roles/user/:userId",
    {
      config: { access: { permission: COMPANY_USERS_ACCESS.setRoles } },
      schema: {
        tags,
        summary:
          "Remplace les rôles d’un utilisateur (400 si un rôle n’est pas de l’entreprise ou donne une permission que l’appelant n’a pas\u202f; 409 si l’entreprise perdrait son dernier administrateur)",
        params: z.object({ userId: z.string() }),
        body: userRolesBodySchema,
        response: { 200: companyUserSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => service.setRoles(requireAuth(request), request.params.userId, request.body),
  );
};
