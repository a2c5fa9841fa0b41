import type { AuthContext } from "@server/lib/access";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  type DocumentMessages,
  documentMessagesSchema,
  type MessageDraft,
  type MessageSend,
  type MessageSummary,
  messageDraftQuerySchema,
  messageDraftSchema,
  messageSendSchema,
  messageSummarySchema,
} from "@shared/messages";
import type { PermissionCode } from "@shared/permissions";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { AppModule } from "../module";

const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const withConflict = { ...errorsOf, 409: errorResponseSchema };

/** What the quotes' and the invoices' message services both answer (quote-messages / invoice-messages). */
export interface DocumentMessagesService {
  draft(auth: AuthContext, id: string, kind: "send" | "remind"): Promise<MessageDraft>;
  messages(auth: AuthContext, id: string): Promise<DocumentMessages>;
  send(auth: AuthContext, id: string, body: MessageSend, log: FastifyBaseLogger): Promise<MessageSummary>;
  remind(auth: AuthContext, id: string, body: MessageSend, log: FastifyBaseLogger): Promise<MessageSummary>;
}

/**
 * A document's four message routes (docs/domain/messages.md#send-and-remind): `${base}/:id/send-draft`,
 * `…/messages`, `…/send`, `…/remind` — one registration for quotes and invoices, each with its service,
 * permissions and summaries.
 */
export function registerDocumentMessageRoutes(
  app: Parameters<AppModule>[0],
  options: {
    base: "/api/quotes" | "/api/invoices";
    tags: string[];
    access: Record<"draft" | "messages" | "send" | "remind", PermissionCode>;
    summaries: { messages: string; send: string; remind: string };
    service: DocumentMessagesService;
  },
): void {
  const { base, tags, access, summaries, service } = options;

  app.get(
    `${base}/:id/send-draft`,
    {
      config: { access: { permission: access.draft } },
      schema: {
        tags,
        summary:
          "Brouillon du message d’envoi ou de relance\u202f: e-mail du client, modèle de l’entreprise rempli, nom de la pièce jointe",
        params: idParams,
        querystring: messageDraftQuerySchema,
        response: { 200: messageDraftSchema, ...withConflict },
      },
    },
    async (request) => service.draft(requireAuth(request), request.params.id, request.query.kind),
  );

  app.get(
    `${base}/:id/messages`,
    {
      config: { access: { permission: access.messages } },
      schema: {
        tags,
        summary: summaries.messages,
        params: idParams,
        response: { 200: documentMessagesSchema, ...errorsOf },
      },
    },
    async (request) => service.messages(requireAuth(request), request.params.id),
  );

  for (const action of ["send", "remind"] as const) {
    app.post(
      `${base}/:id/${action}`,
      {
        config: { access: { permission: access[action] } },
        schema: {
          tags,
          summary: summaries[action],
          params: idParams,
          body: messageSendSchema,
          response: { 201: messageSummarySchema, ...withConflict },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service[action](requireAuth(request), request.params.id, request.body, request.log)),
    );
  }
}
