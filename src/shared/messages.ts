import { z } from "zod";
import { MESSAGE_KINDS, MESSAGE_LIMITS, MESSAGE_STATUSES, MESSAGE_TEXTS, TEMPLATE_KINDS } from "./message-rules";

export * from "./message-rules";

/** Wire shapes of the outbox, the templates, sending and reminding (issue 18, docs/domain/messages.md). */

const address = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: MESSAGE_TEXTS.recipientInvalid }).max(254, MESSAGE_TEXTS.recipientInvalid));

/** No line break in a subject: a header can never be injected. */
const subject = () =>
  z
    .string({ error: MESSAGE_TEXTS.subjectRequired })
    .trim()
    .min(1, MESSAGE_TEXTS.subjectRequired)
    .max(MESSAGE_LIMITS.subjectMax)
    .refine((s) => !/[\r\n]/.test(s), MESSAGE_TEXTS.subjectInvalid);

const body = () =>
  z.string({ error: MESSAGE_TEXTS.bodyRequired }).trim().min(1, MESSAGE_TEXTS.bodyRequired).max(MESSAGE_LIMITS.bodyMax);

/**
 * POST /api/quotes/:id/send, /api/invoices/:id/send, /api/quotes/:id/remind, /api/invoices/:id/remind:
 * what the person read and maybe changed in the dialog. The attachment is never named by the request:
 * the server attaches the document's own PDF.
 */
export const messageSendSchema = z.object({
  to: z
    .array(address())
    .min(1, MESSAGE_TEXTS.recipientRequired)
    .max(MESSAGE_LIMITS.recipientsMax, MESSAGE_TEXTS.tooManyRecipients),
  cc: z.array(address()).max(MESSAGE_LIMITS.recipientsMax, MESSAGE_TEXTS.tooManyRecipients).default([]),
  subject: subject(),
  body: body(),
});
export type MessageSend = z.output<typeof messageSendSchema>;

/**
 * GET /api/quotes/:id/send-draft?kind=send|remind, GET /api/invoices/:id/send-draft?kind=send|remind:
 * the dialog's starting point — the client's e-mail, the company's template filled in, the attachment's
 * name.
 */
export const messageDraftSchema = z.object({
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  attachment_name: z.string().nullable(),
});
export type MessageDraft = z.infer<typeof messageDraftSchema>;
export const messageDraftQuerySchema = z.object({ kind: z.enum(["send", "remind"]).default("send") });

/** A message of the outbox (list item). */
export const messageSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  status: z.enum(MESSAGE_STATUSES),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  /** 'outbox' when no SMTP server is configured (kept in the app), 'smtp' otherwise. */
  transport: z.enum(["outbox", "smtp"]),
  document: z.object({ type: z.enum(["quote", "invoice"]), id: z.uuid(), reference: z.string() }).nullable(),
  attachment_name: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

/** GET /api/outbox/:id: the message with its body. */
export const messageDetailSchema = messageSummarySchema.extend({ body: z.string() });
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** GET /api/outbox?page&limit&kind&status&search: newest first. */
export const outboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGE_LIMITS.pageSize),
  kind: z.enum(MESSAGE_KINDS).optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;
export const outboxResponseSchema = z.object({
  data: z.array(messageSummarySchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/** GET /api/outbox/transport: where this server's messages go (the outbox screen says it). */
export const outboxTransportSchema = z.object({ transport: z.enum(["outbox", "smtp"]) });
export type OutboxTransport = z.infer<typeof outboxTransportSchema>;

/** GET /api/quotes/:id/messages, GET /api/invoices/:id/messages: the document's messages, newest first. */
export const documentMessagesSchema = z.object({ data: z.array(messageSummarySchema) });
export type DocumentMessages = z.infer<typeof documentMessagesSchema>;

/** GET /api/company/message-templates, PUT (the four, every key required). */
export const messageTemplateSchema = z.object({ subject: subject(), body: body() });
export const messageTemplatesSchema = z.object(
  Object.fromEntries(TEMPLATE_KINDS.map((k) => [k, messageTemplateSchema])) as Record<
    (typeof TEMPLATE_KINDS)[number],
    typeof messageTemplateSchema
  >,
);
export type MessageTemplates = z.infer<typeof messageTemplatesSchema>;
/** The templates as answered: with their version (the four as one), sent back as `If-Match` (ADR 0024). */
export const versionedMessageTemplatesSchema = messageTemplatesSchema.extend({ updated_at: z.string() });
export type VersionedMessageTemplates = z.infer<typeof versionedMessageTemplatesSchema>;

/** GET /api/reminders: « À relancer » — quotes sent more than N days ago without answer, invoices overdue. */
export const remindersSchema = z.object({
  after_days: z.number().int(),
  quotes: z.array(
    z.object({
      id: z.uuid(),
      reference: z.string(),
      name: z.string(),
      client_name: z.string().nullable(),
      total: z.number(),
      sent_at: z.string(),
      days: z.number().int(),
      last_reminded_at: z.string().nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.uuid(),
      reference: z.string(),
      client_name: z.string().nullable(),
      remaining: z.number(),
      due_date: z.string(),
      days_late: z.number().int(),
      last_reminded_at: z.string().nullable(),
    }),
  ),
});
export type Reminders = z.infer<typeof remindersSchema>;
