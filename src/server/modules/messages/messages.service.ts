import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import { COMPANY_TEXTS } from "@shared/company-rules";
import { DEFAULT_TEMPLATES, MESSAGE_TEXTS, TEMPLATE_KINDS, type TemplateKind } from "@shared/message-rules";
import type {
  MessageDetail,
  MessageSummary,
  MessageTemplates,
  OutboxQuery,
  OutboxResponse,
  OutboxTransport,
  VersionedMessageTemplates,
} from "@shared/messages";
import { bodyWithLink, openLink } from "./link-secrets";
import { linkKey, mailTransport } from "./mail-config";
import { outboxRepository } from "./outbox.repository";

/**
 * Who may read the outbox (its messages name clients and carry their documents: the administrators)
 * and the templates (as the company's settings). docs/domain/messages.md#api.
 */
export const MESSAGES_ACCESS = permissions({
  list: "admin:access",
  get: "admin:access",
  attachment: "admin:access",
  transport: "admin:access",
  templates: "settings:view",
  saveTemplates: "settings:edit",
});

const noCompany = COMPANY_TEXTS.companyRequired;

/** The company's templates: each saved one, else the default (docs/domain/messages.md#templates). */
export async function companyTemplates(tx: Db, companyId: string): Promise<MessageTemplates> {
  const saved = new Map((await outboxRepository.templates(tx, companyId)).map((t) => [t.kind, t]));
  return Object.fromEntries(
    TEMPLATE_KINDS.map((kind) => {
      const own = saved.get(kind);
      return [kind, own ? { subject: own.subject, body: own.body } : { ...DEFAULT_TEMPLATES[kind] }];
    }),
  ) as MessageTemplates;
}

/** The company's templates as the settings page edits them: with their version (ADR 0024). */
async function versionedTemplates(tx: Db, companyId: string): Promise<VersionedMessageTemplates> {
  return {
    ...(await companyTemplates(tx, companyId)),
    updated_at: await outboxRepository.templatesVersion(tx, companyId),
  };
}

/** The company's template of one kind (the send and remind drafts start from it). */
export async function companyTemplate(tx: Db, companyId: string, kind: TemplateKind) {
  return (await companyTemplates(tx, companyId))[kind];
}

/**
 * The messages about one document, newest first: for the routes GET /api/quotes/:id/messages and
 * /api/invoices/:id/messages (their services check the permission and that the document is the company's).
 */
export function messagesOfDocument(
  tx: Db,
  companyId: string,
  type: "quote" | "invoice",
  id: string,
): Promise<MessageSummary[]> {
  return outboxRepository.ofDocument(tx, companyId, type, id);
}

export function createMessagesService(db: Database) {
  return {
    async list(auth: AuthContext, query: OutboxQuery): Promise<OutboxResponse> {
      const t = tenant(auth, MESSAGES_ACCESS.list, noCompany);
      const { data, total } = await db.run(t.scope, (tx) =>
        outboxRepository.list(
          tx,
          t.companyId,
          { kind: query.kind, status: query.status, search: query.search || undefined },
          { limit: query.limit, offset: (query.page - 1) * query.limit },
        ),
      );
      return { data, meta: { total, page: query.page, limit: query.limit } };
    },

    async get(auth: AuthContext, id: string): Promise<MessageDetail> {
      const t = tenant(auth, MESSAGES_ACCESS.get, noCompany);
      const messageId = idOr404(id, MESSAGE_TEXTS.notFound);
      const found = await db.run(t.scope, (tx) => outboxRepository.find(tx, t.companyId, messageId));
      if (!found) throw errors.notFound(MESSAGE_TEXTS.notFound);
      // A link kept sealed with a message the app keeps (a quote's signing link): shown in place, to copy.
      const url = found.keptLink ? openLink(found.keptLink, linkKey()) : undefined;
      return url ? { ...found.message, body: bodyWithLink(found.message.body, url) } : found.message;
    },

    /** The stored bytes of the message's attachment (404 for a message without one). */
    async attachment(auth: AuthContext, id: string) {
      const t = tenant(auth, MESSAGES_ACCESS.attachment, noCompany);
      const messageId = idOr404(id, MESSAGE_TEXTS.notFound);
      const file = await db.run(t.scope, (tx) => outboxRepository.attachment(tx, t.companyId, messageId));
      if (!file) throw errors.notFound(MESSAGE_TEXTS.notFound);
      return file;
    },

    transport(auth: AuthContext): OutboxTransport {
      tenant(auth, MESSAGES_ACCESS.transport, noCompany);
      return { transport: mailTransport() };
    },

    async templates(auth: AuthContext): Promise<VersionedMessageTemplates> {
      const t = tenant(auth, MESSAGES_ACCESS.templates, noCompany);
      return db.run(t.scope, (tx) => versionedTemplates(tx, t.companyId));
    },

    async saveTemplates(
      auth: AuthContext,
      input: MessageTemplates,
      version?: ExpectedVersion,
    ): Promise<VersionedMessageTemplates> {
      const t = tenant(auth, MESSAGES_ACCESS.saveTemplates, noCompany);
      return db.run(t.scope, async (tx) => {
        await outboxRepository.lockTemplatesVersion(tx, t.companyId, version);
        await outboxRepository.saveTemplates(
          tx,
          t.companyId,
          TEMPLATE_KINDS.map((kind) => ({ kind, subject: input[kind].subject, body: input[kind].body })),
        );
        return versionedTemplates(tx, t.companyId);
      });
    },
  };
}
