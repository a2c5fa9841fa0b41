import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { clientImportResultSchema, clientImportSchema } from "@shared/client-csv";
import {
  clientCountersSchema,
  clientCreateSchema,
  clientDetailSchema,
  clientExportQuerySchema,
  clientIncludeSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientSchema,
  clientUpdateSchema,
} from "@shared/clients";
import { errorResponseSchema } from "@shared/http";
import { z } from "zod";
import type { AppModule } from "../module";
import { CLIENTS_ACCESS, createClientsService } from "./clients.service";

const tags = ["Clients"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const clientsModule: AppModule = async (app, { db }) => {
  const service = createClientsService(db);

  app.get(
    "/api/clients",
    {
      config: { access: { permission: CLIENTS_ACCESS.list } },
      schema: {
        tags,
        summary: "Liste paginée des clients (recherche sur nom, e-mail, téléphone, ville)",
        querystring: clientListQuerySchema,
        response: { 200: clientListResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/clients/counters",
    {
      config: { access: { permission: CLIENTS_ACCESS.counters } },
      schema: {
        tags,
        summary: "Compteurs de l’en-tête\u00a0: clients, actifs, avec téléphone (tout le fichier)",
        response: { 200: clientCountersSchema, ...errorsOf },
      },
    },
    async (request) => service.counters(requireAuth(request)),
  );

  app.get(
    "/api/clients/export",
    {
      config: { access: { permission: CLIENTS_ACCESS.export } },
      schema: {
        tags,
        summary: "La liste filtrée des clients en CSV (séparateur «\u00a0;\u00a0», UTF-8, pour un tableur)",
        querystring: clientExportQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await service.exportCsv(requireAuth(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="clients-${day}.csv"`)
        .send(csv);
    },
  );

  app.post(
    "/api/clients/import",
    {
      config: { access: { permission: CLIENTS_ACCESS.import }, rawTextFields: ["csv"] },
      bodyLimit: 6_000_000,
      schema: {
        tags,
        summary:
          "Importe des clients d’un CSV\u00a0: aperçu (commit false) ou ajout, avec le choix des colonnes et des doublons",
        body: clientImportSchema,
        response: { 200: clientImportResultSchema, ...errorsOf },
      },
    },
    async (request) => service.importCsv(requireAuth(request), request.body),
  );

  app.get(
    "/api/clients/:id",
    {
      config: { access: { permission: CLIENTS_ACCESS.get } },
      schema: {
        tags,
        summary: "Un client, avec include=projects,quotes,stats",
        params: idParams,
        querystring: clientIncludeSchema,
        response: { 200: clientDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id, request.query.include),
  );

  app.post(
    "/api/clients",
    {
      config: { access: { permission: CLIENTS_ACCESS.create } },
      schema: {
        tags,
        summary: "Crée un client (particulier, ou professionnel avec SIRET, TVA et contacts)",
        body: clientCreateSchema,
        response: { 201: clientSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/clients/:id",
    {
      config: { access: { permission: CLIENTS_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie un client (dont is_active)",
        params: idParams,
        body: clientUpdateSchema,
        response: { 200: clientSchema, ...errorsOf },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/clients/:id",
    {
      config: { access: { permission: CLIENTS_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime un client sans documents (409 s’il a des devis\u00a0: le désactiver plutôt)",
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
