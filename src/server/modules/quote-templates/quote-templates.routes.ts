import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  quoteTemplateInputSchema,
  quoteTemplateListSchema,
  quoteTemplateSchema,
  quoteTemplateUpdateSchema,
} from "@shared/quote-templates";
import { z } from "zod";
import type { AppModule } from "../module";
import { createQuoteTemplatesService, QUOTE_TEMPLATES_ACCESS } from "./quote-templates.service";

const tags = ["Devis"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Quote templates: reusable lines, discount and terms (docs/domain/quotes.md). */
export const quoteTemplatesModule: AppModule = async (app, { db }) => {
  const templates = createQuoteTemplatesService(db);

  app.get(
    "/api/quote-templates",
    {
      config: { access: { permission: QUOTE_TEMPLATES_ACCESS.list } },
      schema: { tags, summary: "Modèles de devis", response: { 200: quoteTemplateListSchema, ...errorsOf } },
    },
    async (request) => templates.list(requireAuth(request)),
  );

  app.post(
    "/api/quote-templates",
    {
      config: { access: { permission: QUOTE_TEMPLATES_ACCESS.create } },
      schema: {
        tags,
        summary: "Crée un modèle",
        body: quoteTemplateInputSchema,
        response: { 201: quoteTemplateSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.create(requireAuth(request), request.body)),
  );

  app.post(
    "/api/quotes/:id/duplicate-as-template",
    {
      config: { access: { permission: QUOTE_TEMPLATES_ACCESS.fromQuote } },
      schema: {
        tags,
        summary: "Crée un modèle à partir du devis",
        params: idParams,
        body: z.object({ name: z.string().trim().max(200).optional() }).optional(),
        response: { 201: quoteTemplateSchema, ...errorsOf },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await templates.fromQuote(requireAuth(request), request.params.id, request.body?.name || undefined)),
  );

  app.put(
    "/api/quote-templates/:id",
    {
      config: { access: { permission: QUOTE_TEMPLATES_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie un modèle",
        params: idParams,
        body: quoteTemplateUpdateSchema,
        response: { 200: quoteTemplateSchema, ...errorsOf },
      },
    },
    async (request) =>
      templates.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/quote-templates/:id",
    {
      config: { access: { permission: QUOTE_TEMPLATES_ACCESS.remove } },
      schema: { tags, summary: "Supprime un modèle", params: idParams, response: { 204: z.null(), ...errorsOf } },
    },
    async (request, reply) => {
      await templates.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
