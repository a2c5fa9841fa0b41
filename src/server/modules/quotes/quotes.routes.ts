import { z } from "zod";
import { errorResponseSchema } from "../../../shared/http";
import {
  quoteDuplicateSchema,
  quoteHistoryEntrySchema,
  quoteInputSchema,
  quoteListQuerySchema,
  quoteListResponseSchema,
  quoteSchema,
  quoteTemplateInputSchema,
  quoteTemplateSchema,
} from "../../../shared/quotes";
import { requireAuth } from "../../plugins/auth";
import type { AppModule } from "../module";
import { createQuotesService } from "./quotes.service";

const tags = ["Devis"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const quotesModule: AppModule = async (app, { db }) => {
  const quotes = createQuotesService(db);
  app.get(
    "/api/quotes",
    {
      config: { access: { permission: "quotes:view" } },
      schema: {
        tags,
        summary: "Liste paginée (20) des devis, filtres statut, client, recherche ; synthèse financière du filtre",
        querystring: quoteListQuerySchema,
        response: { 200: quoteListResponseSchema, ...errorsOf },
      },
    },
    async (request) => quotes.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/quotes/:id",
    {
      config: { access: { permission: "quotes:view" } },
      schema: {
        tags,
        summary: "Un devis avec ses lignes",
        params: idParams,
        response: { 200: quoteSchema, ...errorsOf },
      },
    },
    async (request) => quotes.get(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/quotes",
    {
      config: { access: { permission: "quotes:create" } },
      schema: {
        tags,
        summary: "Crée un devis (référence DEV-AAAA-NNNN, totaux calculés par le serveur)",
        body: quoteInputSchema,
        response: { 201: quoteSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await quotes.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/quotes/:id",
    {
      config: { access: { permission: "quotes:edit" } },
      schema: {
        tags,
        summary: "Modifie un devis (refusé avec 409 quand son statut est finalisé)",
        params: idParams,
        body: quoteInputSchema,
        response: { 200: quoteSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => quotes.update(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    "/api/quotes/:id/duplicate",
    {
      config: { access: { permission: "quotes:create" } },
      schema: {
        tags,
        summary: "Duplique un devis (nom + « (Copie) », statut et dates remis à zéro, lignes)",
        params: idParams,
        body: quoteDuplicateSchema.optional().transform((b) => b ?? quoteDuplicateSchema.parse({})),
        response: { 201: quoteSchema, ...errorsOf },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await quotes.duplicate(requireAuth(request), request.params.id, request.body)),
  );

  app.post(
    "/api/quotes/:id/duplicate-as-template",
    {
      config: { access: { permission: "quotes:create" } },
      schema: {
        tags,
        summary: "Crée un template à partir du devis",
        params: idParams,
        body: z.object({ name: z.string().trim().max(200).optional() }).optional(),
        response: { 201: quoteTemplateSchema, ...errorsOf },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await quotes.duplicateAsTemplate(requireAuth(request), request.params.id, request.body?.name || undefined),
        ),
  );

  app.get(
    "/api/quotes/:id/history",
    {
      config: { access: { permission: "quotes:view" } },
      schema: {
        tags,
        summary: "Historique du devis",
        params: idParams,
        response: { 200: z.array(quoteHistoryEntrySchema), ...errorsOf },
      },
    },
    async (request) => quotes.history(requireAuth(request), request.params.id),
  );

  app.get(
    "/api/quotes/:id/pdf",
    {
      config: { access: { permission: "quotes:view" } },
      schema: { tags, summary: "PDF du devis (devis-{référence}.pdf)", params: idParams },
    },
    async (request, reply) => {
      const { filename, pdf } = await quotes.pdf(requireAuth(request), request.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );

  app.get(
    "/api/quote-templates",
    {
      config: { access: { permission: "quotes:view" } },
      schema: {
        tags,
        summary: "Templates de devis",
        response: {
          200: z.object({
            data: z.array(quoteTemplateSchema),
            meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
          }),
          ...errorsOf,
        },
      },
    },
    async (request) => quotes.templates.list(requireAuth(request)),
  );
  app.post(
    "/api/quote-templates",
    {
      config: { access: { permission: "quotes:create" } },
      schema: {
        tags,
        summary: "Crée un template",
        body: quoteTemplateInputSchema,
        response: { 201: quoteTemplateSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await quotes.templates.create(requireAuth(request), request.body)),
  );
  app.put(
    "/api/quote-templates/:id",
    {
      config: { access: { permission: "quotes:edit" } },
      schema: {
        tags,
        summary: "Modifie un template",
        params: idParams,
        body: quoteTemplateInputSchema,
        response: { 200: quoteTemplateSchema, ...errorsOf },
      },
    },
    async (request) => quotes.templates.update(requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    "/api/quote-templates/:id",
    {
      config: { access: { permission: "quotes:delete" } },
      schema: { tags, summary: "Supprime un template", params: idParams, response: { 204: z.null(), ...errorsOf } },
    },
    async (request, reply) => {
      await quotes.templates.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
