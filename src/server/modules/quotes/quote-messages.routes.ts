import type { Database } from "@server/db/client";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  documentMessagesSchema,
  messageDraftQuerySchema,
  messageDraftSchema,
  messageSendSchema,
  messageSummarySchema,
} from "@shared/messages";
import { z } from "zod";
import type { AppModule } from "../module";
import { createQuoteMessagesService, QUOTE_MESSAGES_ACCESS } from "./quote-messages.service";
import type { QuotesService } from "./quotes.service";

const tags = ["Devis"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errorsOf, 409: errorResponseSchema };

/**
 * A quote's messages (issue 18, docs/domain/messages.md#send-and-remind), registered by quotesModule
 * with its quotes service (the PDF attached is the one GET …/pdf answers).
 */
export function registerQuoteMessageRoutes(
  app: Parameters<AppModule>[0],
  db: Database,
  quotes: Pick<QuotesService, "pdfInTransaction">,
): void {
  const messages = createQuoteMessagesService(db, quotes);

  app.get(
    "/api/quotes/:id/send-draft",
    {
      config: { access: { permission: QUOTE_MESSAGES_ACCESS.draft } },
      schema: {
        tags,
        summary:
          "Brouillon du message d'envoi ou de relance\u202f: e-mail du client, modèle de l'entreprise rempli, nom de la pièce jointe",
        params: idParams,
        querystring: messageDraftQuerySchema,
        response: { 200: messageDraftSchema, ...withConflict },
      },
    },
    async (request) => messages.draft(requireAuth(request), request.params.id, request.query.kind),
  );

  app.get(
    "/api/quotes/:id/messages",
    {
      config: { access: { permission: QUOTE_MESSAGES_ACCESS.messages } },
      schema: {
        tags,
        summary: "Messages envoyés pour ce devis, du plus récent au plus ancien",
        params: idParams,
        response: { 200: documentMessagesSchema, ...errorsOf },
      },
    },
    async (request) => messages.messages(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/quotes/:id/send",
    {
      config: { access: { permission: QUOTE_MESSAGES_ACCESS.send } },
      schema: {
        tags,
        summary:
          "Envoie le devis au client (PDF joint, nouveau lien de signature)\u202f; un brouillon devient «\u00a0Envoyé au client\u00a0»\u202f; 409 pour un devis validé, refusé ou annulé",
        params: idParams,
        body: messageSendSchema,
        response: { 201: messageSummarySchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.send(requireAuth(request), request.params.id, request.body, request.log)),
  );

  app.post(
    "/api/quotes/:id/remind",
    {
      config: { access: { permission: QUOTE_MESSAGES_ACCESS.remind } },
      schema: {
        tags,
        summary:
          "Relance le client (PDF joint, nouveau lien de signature)\u202f: le devis devient «\u00a0Client relancé\u00a0»\u202f; 409 s'il n'est ni envoyé ni relancé",
        params: idParams,
        body: messageSendSchema,
        response: { 201: messageSummarySchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.remind(requireAuth(request), request.params.id, request.body, request.log)),
  );
}
