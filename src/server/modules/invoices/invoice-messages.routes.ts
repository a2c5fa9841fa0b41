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
import { createInvoiceMessagesService, INVOICE_MESSAGES_ACCESS } from "./invoice-messages.service";
import type { InvoicesService } from "./invoices.service";

const tags = ["Factures"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errorsOf, 409: errorResponseSchema };

/**
 * An invoice's messages (issue 18, docs/domain/messages.md#send-and-remind), registered by
 * invoicesModule with its invoices service (the Factur-X attached is the one GET …/pdf answers).
 */
export function registerInvoiceMessageRoutes(
  app: Parameters<AppModule>[0],
  db: Database,
  invoices: Pick<InvoicesService, "pdfInTransaction">,
): void {
  const messages = createInvoiceMessagesService(db, invoices);

  app.get(
    "/api/invoices/:id/send-draft",
    {
      config: { access: { permission: INVOICE_MESSAGES_ACCESS.draft } },
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
    "/api/invoices/:id/messages",
    {
      config: { access: { permission: INVOICE_MESSAGES_ACCESS.messages } },
      schema: {
        tags,
        summary: "Messages envoyés pour cette facture, du plus récent au plus ancien",
        params: idParams,
        response: { 200: documentMessagesSchema, ...errorsOf },
      },
    },
    async (request) => messages.messages(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/invoices/:id/send",
    {
      config: { access: { permission: INVOICE_MESSAGES_ACCESS.send } },
      schema: {
        tags,
        summary: "Envoie une facture émise au client (son Factur-X joint)\u202f; 409 pour un brouillon",
        params: idParams,
        body: messageSendSchema,
        response: { 201: messageSummarySchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.send(requireAuth(request), request.params.id, request.body, request.log)),
  );

  app.post(
    "/api/invoices/:id/remind",
    {
      config: { access: { permission: INVOICE_MESSAGES_ACCESS.remind } },
      schema: {
        tags,
        summary:
          "Relance le client d'une facture en retard (son Factur-X joint)\u202f; 409 si elle n'est pas en retard",
        params: idParams,
        body: messageSendSchema,
        response: { 201: messageSummarySchema, ...withConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.remind(requireAuth(request), request.params.id, request.body, request.log)),
  );
}
