import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import { quoteHistoryEntrySchema } from "@shared/quote-history";
import {
  quoteDefaultsSchema,
  quoteDuplicateSchema,
  quoteInputSchema,
  quoteListQuerySchema,
  quoteListResponseSchema,
  quoteSchema,
  quoteUpdateSchema,
} from "@shared/quotes";
import { z } from "zod";
import { registerDocumentPdfRoute } from "../documents/document-pdf.routes";
import type { AppModule } from "../module";
import { createQuoteHistoryService, QUOTE_HISTORY_ACCESS } from "./quote-history.service";
import { registerQuoteMessageRoutes } from "./quote-messages.routes";
import { createQuotesService, QUOTES_ACCESS } from "./quotes.service";

const tags = ["Devis"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Quotes and their history (quote templates are their own module). */
export const quotesModule: AppModule = async (app, { db }) => {
  const quotes = createQuotesService(db);
  const history = createQuoteHistoryService(db);

  app.get(
    "/api/quotes",
    {
      config: { access: { permission: QUOTES_ACCESS.list } },
      schema: {
        tags,
        summary: "Liste paginée (20) des devis, filtres statut, client, recherche\u202f; synthèse financière du filtre",
        querystring: quoteListQuerySchema,
        response: { 200: quoteListResponseSchema, ...errorsOf },
      },
    },
    async (request) => quotes.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/quotes/defaults",
    {
      config: { access: { permission: QUOTES_ACCESS.defaults } },
      schema: {
        tags,
        summary: "Ce qu’un nouveau devis reprend des réglages : durée de validité, TVA des nouvelles lignes",
        response: { 200: quoteDefaultsSchema, ...errorsOf },
      },
    },
    async (request) => quotes.defaults(requireAuth(request)),
  );

  app.get(
    "/api/quotes/:id",
    {
      config: { access: { permission: QUOTES_ACCESS.get } },
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
      config: { access: { permission: QUOTES_ACCESS.create } },
      schema: {
        tags,
        summary:
          "Crée un devis (référence DEV-AAAA-NNNN, totaux calculés par le serveur\u202f; sans ligne, seulement «\u00a0En cours de rédaction\u00a0»)",
        body: quoteInputSchema,
        response: { 201: quoteSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await quotes.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/quotes/:id",
    {
      config: { access: { permission: QUOTES_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary:
          "Modifie un devis (409 quand son statut est finalisé, ou pour un autre statut que «\u00a0En cours de rédaction\u00a0» sans ligne)",
        params: idParams,
        body: quoteUpdateSchema,
        response: { 200: quoteSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => quotes.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.post(
    "/api/quotes/:id/duplicate",
    {
      config: { access: { permission: QUOTES_ACCESS.duplicate } },
      schema: {
        tags,
        summary: "Duplique un devis (nom + «\u00a0(Copie)\u00a0», statut et dates remis à zéro, lignes)",
        params: idParams,
        body: quoteDuplicateSchema.optional().transform((b) => b ?? quoteDuplicateSchema.parse({})),
        response: { 201: quoteSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await quotes.duplicate(requireAuth(request), request.params.id, request.body)),
  );

  app.get(
    "/api/quotes/:id/history",
    {
      config: { access: { permission: QUOTE_HISTORY_ACCESS.list } },
      schema: {
        tags,
        summary: "Historique du devis",
        params: idParams,
        response: { 200: z.array(quoteHistoryEntrySchema), ...errorsOf },
      },
    },
    async (request) => history.list(requireAuth(request), request.params.id),
  );

  registerDocumentPdfRoute(app, {
    base: "/api/quotes",
    tags,
    access: QUOTES_ACCESS.pdf,
    summary: "PDF du devis (devis-{référence}.pdf)",
    pdf: quotes.pdf,
  });

  registerQuoteMessageRoutes(app, db, quotes);
};
