import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  libraryExportQuerySchema,
  libraryImportResultSchema,
  libraryImportSchema,
  libraryItemDetailSchema,
  libraryItemInputSchema,
  libraryListQuerySchema,
  libraryListResponseSchema,
  librarySuggestionsQuerySchema,
  librarySuggestionsResponseSchema,
} from "@shared/library";
import { z } from "zod";
import type { AppModule } from "../module";
import { createLibraryService, LIBRARY_ACCESS } from "./library.service";

const tags = ["Bibliothèque"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The price library: articles and ouvrages (docs/domain/library.md). */
export const libraryModule: AppModule = async (app, { db }) => {
  const service = createLibraryService(db);

  app.get(
    "/api/library/items",
    {
      config: { access: { permission: LIBRARY_ACCESS.list } },
      schema: {
        tags,
        summary: "Liste paginée de la bibliothèque (recherche, type, catégorie, actifs ou archivés)",
        querystring: libraryListQuerySchema,
        response: { 200: libraryListResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/library/export",
    {
      config: { access: { permission: LIBRARY_ACCESS.export } },
      schema: {
        tags,
        summary: "La bibliothèque filtrée en CSV (séparateur «\u00a0;\u00a0», UTF-8, pour un tableur)",
        querystring: libraryExportQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await service.exportCsv(requireAuth(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="bibliotheque-${day}.csv"`)
        .send(csv);
    },
  );

  app.post(
    "/api/library/import",
    {
      config: { access: { permission: LIBRARY_ACCESS.import }, rawTextFields: ["csv"] },
      bodyLimit: 6_000_000,
      schema: {
        tags,
        summary: "Importe des articles d’un CSV\u00a0: aperçu (commit false) ou ajout des lignes valides",
        body: libraryImportSchema,
        response: { 200: libraryImportResultSchema, ...errorsOf },
      },
    },
    async (request) => service.importCsv(requireAuth(request), request.body),
  );

  app.get(
    "/api/library/suggestions",
    {
      config: { access: { permission: LIBRARY_ACCESS.suggestions } },
      schema: {
        tags,
        summary: "Suggestions pendant la saisie d’une ligne de devis (articles et ouvrages actifs)",
        querystring: librarySuggestionsQuerySchema,
        response: { 200: librarySuggestionsResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.suggestions(requireAuth(request), request.query.q, request.query.limit),
  );

  app.get(
    "/api/library/items/:id",
    {
      config: { access: { permission: LIBRARY_ACCESS.get } },
      schema: {
        tags,
        summary: "Un article ou un ouvrage, avec ses composants",
        params: idParams,
        response: { 200: libraryItemDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/library/items",
    {
      config: { access: { permission: LIBRARY_ACCESS.create } },
      schema: {
        tags,
        summary: "Ajoute un article ou un ouvrage (son prix calculé depuis ses composants)",
        body: libraryItemInputSchema,
        response: { 201: libraryItemDetailSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/library/items/:id",
    {
      config: { access: { permission: LIBRARY_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie un article (et reprend le prix des ouvrages qu’il compose) ou un ouvrage",
        params: idParams,
        body: libraryItemInputSchema,
        response: { 200: libraryItemDetailSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.post(
    "/api/library/items/:id/duplicate",
    {
      config: { access: { permission: LIBRARY_ACCESS.duplicate } },
      schema: {
        tags,
        summary: "Duplique un article ou un ouvrage («\u00a0(copie)\u00a0»)",
        params: idParams,
        response: { 201: libraryItemDetailSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await service.duplicate(requireAuth(request), request.params.id)),
  );

  app.post(
    "/api/library/items/:id/archive",
    {
      config: { access: { permission: LIBRARY_ACCESS.archive } },
      schema: {
        tags,
        summary: "Archive un élément (409 pour un article d’un ouvrage actif)",
        params: idParams,
        response: { 200: libraryItemDetailSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => service.archive(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/library/items/:id/restore",
    {
      config: { access: { permission: LIBRARY_ACCESS.restore } },
      schema: {
        tags,
        summary: "Restaure un élément archivé",
        params: idParams,
        response: { 200: libraryItemDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.restore(requireAuth(request), request.params.id),
  );

  app.delete(
    "/api/library/items/:id",
    {
      config: { access: { permission: LIBRARY_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime un élément que rien n’utilise (409 sinon\u00a0: l’archiver)",
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
