import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  messageDetailSchema,
  messageTemplatesSchema,
  outboxQuerySchema,
  outboxResponseSchema,
  outboxTransportSchema,
  versionedMessageTemplatesSchema,
} from "@shared/messages";
import { z } from "zod";
import type { AppModule } from "../module";
import { createMessagesService, MESSAGES_ACCESS } from "./messages.service";

const tags = ["Messages"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** RFC 6266: an ASCII fallback and the UTF-8 name (the stored name never holds a quote or a line break). */
function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "_") || "piece-jointe";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The outbox (« Messages envoyés ») and the company's message templates (docs/domain/messages.md). */
export const messagesModule: AppModule = async (app, { db }) => {
  const service = createMessagesService(db);

  app.get(
    "/api/outbox",
    {
      config: { access: { permission: MESSAGES_ACCESS.list } },
      schema: {
        tags,
        summary:
          "Messages envoyés, du plus récent au plus ancien (recherche sur les destinataires et l’objet, filtres type et statut)",
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/outbox/transport",
    {
      config: { access: { permission: MESSAGES_ACCESS.transport } },
      schema: {
        tags,
        summary:
          "Où partent les messages\u00a0: «\u00a0outbox\u00a0» (aucun serveur SMTP, gardés dans l’application) ou «\u00a0smtp\u00a0»",
        response: { 200: outboxTransportSchema, ...errorsOf },
      },
    },
    async (request) => service.transport(requireAuth(request)),
  );

  app.get(
    "/api/outbox/:id",
    {
      config: { access: { permission: MESSAGES_ACCESS.get } },
      schema: {
        tags,
        summary: "Un message envoyé, avec son texte",
        params: idParams,
        response: { 200: messageDetailSchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.get(
    "/api/outbox/:id/attachment",
    {
      config: { access: { permission: MESSAGES_ACCESS.attachment } },
      schema: {
        tags,
        summary: "La pièce jointe d’un message, telle qu’envoyée (404 pour un message sans pièce jointe)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await service.attachment(requireAuth(request), request.params.id);
      return reply
        .type(file.contentType)
        .header("content-disposition", contentDisposition(file.name))
        .header("x-content-type-options", "nosniff")
        .send(file.content);
    },
  );

  app.get(
    "/api/company/message-templates",
    {
      config: { access: { permission: MESSAGES_ACCESS.templates } },
      schema: {
        tags,
        summary: "Modèles des messages d’envoi et de relance (les modèles par défaut tant qu’ils ne sont pas modifiés)",
        response: { 200: versionedMessageTemplatesSchema, ...errorsOf },
      },
    },
    async (request) => service.templates(requireAuth(request)),
  );

  app.put(
    "/api/company/message-templates",
    {
      config: { access: { permission: MESSAGES_ACCESS.saveTemplates }, versioned: true },
      schema: {
        tags,
        summary: "Enregistre les quatre modèles (objet sur une ligne, message)",
        body: messageTemplatesSchema,
        response: { 200: versionedMessageTemplatesSchema, ...errorsOf },
      },
    },
    async (request) => service.saveTemplates(requireAuth(request), request.body, expectedVersion(request)),
  );
};
