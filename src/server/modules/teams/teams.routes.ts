import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  teamCandidatesQuerySchema,
  teamCandidatesResponseSchema,
  teamCreateSchema,
  teamDetailSchema,
  teamListQuerySchema,
  teamListResponseSchema,
  teamUpdateSchema,
} from "@shared/teams";
import { z } from "zod";
import type { AppModule } from "../module";
import { createTeamsService, TEAMS_ACCESS } from "./teams.service";

const tags = ["Équipes"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The company's teams, their members and leaders (docs/domain/teams.md). */
export const teamsModule: AppModule = async (app, { db }) => {
  const service = createTeamsService(db);

  app.get(
    "/api/teams",
    {
      config: { access: { permission: TEAMS_ACCESS.list } },
      schema: {
        tags,
        summary: "Liste paginée des équipes par nom (recherche), avec leur nombre de membres et leur chef d’équipe",
        querystring: teamListQuerySchema,
        response: { 200: teamListResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/teams/candidates",
    {
      config: { access: { permission: TEAMS_ACCESS.candidates } },
      schema: {
        tags,
        summary: "Les utilisateurs actifs de l’entreprise qu’une équipe peut accueillir (recherche par nom ou e-mail)",
        querystring: teamCandidatesQuerySchema,
        response: { 200: teamCandidatesResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.candidates(requireAuth(request), request.query),
  );

  app.get(
    "/api/teams/:id",
    {
      config: { access: { permission: TEAMS_ACCESS.get } },
      schema: {
        tags,
        summary: "Une équipe avec ses membres",
        params: idParams,
        response: { 200: teamDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/teams",
    {
      config: { access: { permission: TEAMS_ACCESS.create } },
      schema: {
        tags,
        summary: "Crée une équipe, ses membres et son chef d’équipe",
        body: teamCreateSchema,
        response: { 201: teamDetailSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/teams/:id",
    {
      config: { access: { permission: TEAMS_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie une équipe (ses membres remplacés par member_ids)",
        params: idParams,
        body: teamUpdateSchema,
        response: { 200: teamDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/teams/:id",
    {
      config: { access: { permission: TEAMS_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime une équipe et ses affectations de membres (409 si un chantier l’utilise)",
        params: idParams,
        response: { 204: z.null(), ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
