import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { projectFinishBodySchema } from "@shared/dashboard";
import { errorResponseSchema } from "@shared/http";
import {
  projectCreateSchema,
  projectDetailSchema,
  projectDraftSchema,
  projectFromQuoteSchema,
  projectIssueCreateSchema,
  projectIssueListQuerySchema,
  projectIssueListResponseSchema,
  projectIssueSchema,
  projectIssuesResponseSchema,
  projectIssueUpdateSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectTaskDetailSchema,
  projectTaskTickSchema,
  projectUpdateSchema,
} from "@shared/projects";
import { z } from "zod";
import type { AppModule } from "../module";
import { createProjectsService, PROJECTS_ACCESS } from "./projects.service";

const tags = ["Chantiers"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errorsOf, 409: errorResponseSchema };

/** The worksites, their tasks and imprévus (docs/domain/projects.md); photos: project-photos.routes.ts. */
export const projectsModule: AppModule = async (app, { db }) => {
  const service = createProjectsService(db);

  app.get(
    "/api/projects",
    {
      config: { access: { permission: PROJECTS_ACCESS.list } },
      schema: {
        tags,
        summary:
          "Liste paginée des chantiers (recherche, statut, équipe, véhicule, client, tri), avec le nombre de chantiers de chaque statut",
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/projects/from-quote/:quoteId",
    {
      config: { access: { permission: PROJECTS_ACCESS.draft } },
      schema: {
        tags,
        summary:
          "Le chantier proposé pour un devis validé sans chantier (tâches, heures, durée, adresse, budget, notes)",
        params: z.object({ quoteId: z.string() }),
        response: { 200: projectDraftSchema, ...withConflict },
      },
    },
    async (request) => service.draft(requireAuth(request), request.params.quoteId),
  );

  app.post(
    "/api/projects/from-quote",
    {
      config: { access: { permission: PROJECTS_ACCESS.fromQuote } },
      schema: {
        tags,
        summary: "Crée un chantier depuis un devis validé sans chantier\u202f; le devis lui est lié",
        body: projectFromQuoteSchema,
        response: { 201: projectDetailSchema, ...withConflict },
      },
    },
    async (request, reply) => reply.status(201).send(await service.fromQuote(requireAuth(request), request.body)),
  );

  app.get(
    "/api/projects/:id",
    {
      config: { access: { permission: PROJECTS_ACCESS.get } },
      schema: {
        tags,
        summary: "Un chantier avec son client, son équipe, son véhicule, ses tâches et ses documents",
        params: idParams,
        response: { 200: projectDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/projects",
    {
      config: { access: { permission: PROJECTS_ACCESS.create } },
      schema: {
        tags,
        summary: "Crée un chantier vierge et ses tâches",
        body: projectCreateSchema,
        response: { 201: projectDetailSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/projects/:id",
    {
      config: { access: { permission: PROJECTS_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary:
          "Modifie un chantier (tout statut)\u202f; ses tâches remplacées par tasks (une tâche gardée garde sa coche)",
        params: idParams,
        body: projectUpdateSchema,
        response: { 200: projectDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/projects/:id",
    {
      config: { access: { permission: PROJECTS_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime un chantier, ses tâches et ses imprévus\u202f; son devis est libéré",
        params: idParams,
        response: { 204: z.null(), ...errorsOf },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/projects/:id/start",
    {
      config: { access: { permission: PROJECTS_ACCESS.start } },
      schema: {
        tags,
        summary: "Démarre un chantier à faire ou en pause (en cours)\u202f; sans effet sur un chantier déjà en cours",
        params: idParams,
        response: { 200: projectDetailSchema, ...withConflict },
      },
    },
    async (request) => service.start(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/projects/:id/finish",
    {
      config: { access: { permission: PROJECTS_ACCESS.finish } },
      schema: {
        tags,
        summary:
          "Termine un chantier en cours (livré), avec la réponse à «\u00a0Le client est-il satisfait\u202f?\u00a0» (facultative)\u202f; sur un chantier déjà livré, enregistre seulement une réponse qui manquait",
        params: idParams,
        body: projectFinishBodySchema,
        response: { 200: projectDetailSchema, ...withConflict },
      },
      // Sent without any body (no content type: the web before issue 16): no answer. A JSON body must be an object.
      preValidation: async (request) => {
        if (request.body == null && request.headers["content-type"] === undefined) {
          request.body = { client_satisfied: null };
        }
      },
    },
    async (request) => service.finish(requireAuth(request), request.params.id, request.body),
  );

  app.get(
    "/api/project-tasks/:id",
    {
      config: { access: { permission: PROJECTS_ACCESS.task } },
      schema: {
        tags,
        summary: "Une tâche de chantier",
        params: idParams,
        response: { 200: projectTaskDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.task(requireAuth(request), request.params.id),
  );

  app.put(
    "/api/project-tasks/:id",
    {
      config: { access: { permission: PROJECTS_ACCESS.tick } },
      schema: {
        tags,
        summary: "Coche ou décoche une tâche d’un chantier en cours (quand et par qui)",
        params: idParams,
        body: projectTaskTickSchema,
        response: { 200: projectTaskDetailSchema, ...withConflict },
      },
    },
    async (request) => service.tick(requireAuth(request), request.params.id, request.body),
  );

  app.get(
    "/api/project-issues",
    {
      config: { access: { permission: PROJECTS_ACCESS.issues } },
      schema: {
        tags,
        summary: "Les imprévus des chantiers visibles, les plus récents d’abord (ceux d’un chantier avec project_id)",
        querystring: projectIssueListQuerySchema,
        response: { 200: projectIssueListResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.issueList(requireAuth(request), request.query),
  );

  app.get(
    "/api/project-issues/:projectId",
    {
      config: { access: { permission: PROJECTS_ACCESS.issues } },
      schema: {
        tags,
        summary: "Les imprévus d’un chantier, les plus récents d’abord",
        params: z.object({ projectId: z.string() }),
        response: { 200: projectIssuesResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.issues(requireAuth(request), request.params.projectId),
  );

  app.post(
    "/api/project-issues",
    {
      config: { access: { permission: PROJECTS_ACCESS.issueCreate } },
      schema: {
        tags,
        summary:
          "Signale un imprévu sur un chantier en cours\u202f; renvoyé avec la même client_key, l’imprévu déjà créé est répondu (200)",
        body: projectIssueCreateSchema,
        response: { 200: projectIssueSchema, 201: projectIssueSchema, ...withConflict },
      },
    },
    async (request, reply) => {
      const { issue, replayed } = await service.createIssue(requireAuth(request), request.body);
      return reply.status(replayed ? 200 : 201).send(issue);
    },
  );

  app.put(
    "/api/project-issues/:id",
    {
      config: { access: { permission: PROJECTS_ACCESS.issueUpdate }, versioned: true },
      schema: {
        tags,
        summary: "Modifie un imprévu d’un chantier en cours",
        params: idParams,
        body: projectIssueUpdateSchema,
        response: { 200: projectIssueSchema, ...withConflict },
      },
    },
    async (request) =>
      service.updateIssue(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/project-issues/:id",
    {
      config: { access: { permission: PROJECTS_ACCESS.issueRemove } },
      schema: {
        tags,
        summary: "Supprime un imprévu d’un chantier en cours",
        params: idParams,
        response: { 204: z.null(), ...withConflict },
      },
    },
    async (request, reply) => {
      await service.removeIssue(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
