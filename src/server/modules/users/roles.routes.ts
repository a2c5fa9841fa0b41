import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import {
  roleCreateSchema,
  rolePermissionsBodySchema,
  roleSchema,
  roleUpdateSchema,
  roleUsersBodySchema,
} from "@shared/accounts";
import { errorResponseSchema } from "@shared/http";
import { z } from "zod";
import type { AppModule } from "../module";
import { createRolesService, ROLES_ACCESS } from "./roles.service";

const tags = ["Rôles et permissions"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errorsOf, 409: errorResponseSchema };

/** The company's roles, their permissions and their users (docs/domain/accounts.md#users-and-roles). */
export const rolesModule: AppModule = async (app, { db }) => {
  const service = createRolesService(db);

  app.get(
    "/api/company/roles",
    {
      config: { access: { permission: ROLES_ACCESS.list } },
      schema: {
        tags,
        summary: "Les rôles de l’entreprise par nom, avec leurs permissions et leur nombre d’utilisateurs",
        response: { 200: z.object({ data: z.array(roleSchema) }), ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request)),
  );

  app.get(
    "/api/company/roles/:id",
    {
      config: { access: { permission: ROLES_ACCESS.get } },
      schema: {
        tags,
        summary: "Un rôle avec ses permissions",
        params: idParams,
        response: { 200: roleSchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/company/roles",
    {
      config: { access: { permission: ROLES_ACCESS.create } },
      schema: {
        tags,
        summary:
          "Crée un rôle (avec des permissions\u00a0: roles:assign_permissions en plus\u202f; 409 si le nom est déjà pris dans l’entreprise)",
        body: roleCreateSchema,
        response: { 201: roleSchema, ...withConflict },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/company/roles/:id",
    {
      config: { access: { permission: ROLES_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie le nom, la description et le statut par défaut d’un rôle",
        params: idParams,
        body: roleUpdateSchema,
        response: { 200: roleSchema, ...withConflict },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/company/roles/:id",
    {
      config: { access: { permission: ROLES_ACCESS.remove } },
      schema: {
        tags,
        summary:
          "Supprime un rôle et ses liens aux utilisateurs et aux permissions (409 pour un rôle par défaut ou le dernier accès administrateur)",
        params: idParams,
        response: { 204: z.null(), ...withConflict },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/company/roles/:id/permissions",
    {
      config: { access: { permission: ROLES_ACCESS.setPermissions } },
      schema: {
        tags,
        summary:
          "Remplace les permissions d’un rôle (jamais une permission SuperAdmin, ni une que l’appelant n’a pas\u202f; 409 si l’entreprise perdrait son dernier administrateur)",
        params: idParams,
        body: rolePermissionsBodySchema,
        response: { 200: roleSchema, ...withConflict },
      },
    },
    async (request) => service.setPermissions(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    "/api/company/roles/:id/users",
    {
      config: { access: { permission: ROLES_ACCESS.addUsers } },
      schema: {
        tags,
        summary: "Donne le rôle à des utilisateurs de l’entreprise",
        params: idParams,
        body: roleUsersBodySchema,
        response: { 200: roleSchema, ...errorsOf },
      },
    },
    async (request) => service.addUsers(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    "/api/company/roles/:id/users",
    {
      config: { access: { permission: ROLES_ACCESS.removeUsers } },
      schema: {
        tags,
        summary: "Retire le rôle à des utilisateurs (409 si l’entreprise perdrait son dernier administrateur)",
        params: idParams,
        body: roleUsersBodySchema,
        response: { 200: roleSchema, ...withConflict },
      },
    },
    async (request) => service.removeUsers(requireAuth(request), request.params.id, request.body),
  );
};
