import type { MessageDraft, MessageSend, MessageSummary } from "@shared/messages";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * Sending and reminding a quote or an invoice (docs/domain/messages.md#send-and-remind): the calls and
 * keys the send dialog, the « Messages » card, the quote and invoice screens, « À relancer » and the
 * home's alerts share (a piece two features show lives in components/, docs/conventions.md).
 */
export type MailedDocumentType = "quote" | "invoice";
export type MessageAction = "send" | "remind";

/** What the dialog sends: the document, send or remind, and how the screen names it (« DEV-2026-0012 »). */
export interface SendTarget {
  type: MailedDocumentType;
  id: string;
  kind: MessageAction;
  label: string;
}

const base = (type: MailedDocumentType, id: string) =>
  `/${type === "quote" ? "quotes" : "invoices"}/${encodeURIComponent(id)}`;

export const sendMessageKeys = {
  /** A document's messages (its « Messages » card). */
  allMessages: ["document-messages"] as const,
  messages: (type: MailedDocumentType, id: string) => [...sendMessageKeys.allMessages, type, id] as const,
  draft: (type: MailedDocumentType, id: string, kind: MessageAction) => ["send-draft", type, id, kind] as const,
};

/**
 * Keys of the features a message touches, written as their prefixes (features never import each other;
 * app/mutation-refreshes.test.tsx checks them): the quote's status and history (quotes), the invoice's
 * page, « À relancer », the home's alerts, « Messages envoyés ».
 */
export const QUOTES_KEY = ["quotes"] as const;
export const INVOICES_KEY = ["invoices"] as const;
export const REMINDERS_KEY = ["reminders"] as const;
export const DASHBOARD_KEY = ["dashboard"] as const;
/** « Messages envoyés » (features/messages: its `messageKeys.all`). */
export const OUTBOX_KEY = ["messages"] as const;

/** What a message sent refreshes, by document. */
export const sendMessageRefreshes = {
  quote: [QUOTES_KEY, sendMessageKeys.allMessages, REMINDERS_KEY, DASHBOARD_KEY, OUTBOX_KEY],
  invoice: [INVOICES_KEY, sendMessageKeys.allMessages, REMINDERS_KEY, DASHBOARD_KEY, OUTBOX_KEY],
} as const;

/** GET /api/quotes/:id/send-draft?kind=…, /api/invoices/:id/send-draft?kind=…: the dialog's starting point. */
export function sendDraftQueryOptions(type: MailedDocumentType, id: string, kind: MessageAction) {
  return queryOptions({
    queryKey: sendMessageKeys.draft(type, id, kind),
    queryFn: ({ signal }) => api.get<MessageDraft>(`${base(type, id)}/send-draft`, { kind }, { signal }),
    // Read afresh each time the dialog opens (the company's templates may have changed).
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/quotes/:id/messages, /api/invoices/:id/messages: newest first. */
export function documentMessagesQueryOptions(type: MailedDocumentType, id: string) {
  return queryOptions({
    queryKey: sendMessageKeys.messages(type, id),
    queryFn: ({ signal }) => api.get<{ data: MessageSummary[] }>(`${base(type, id)}/messages`, undefined, { signal }),
    staleTime: 60_000,
  });
}

/** POST …/send or …/remind (201: the message as listed). */
export function useSendMessage(type: MailedDocumentType) {
  return useMutation({
    mutationFn: ({ id, kind, body }: { id: string; kind: MessageAction; body: MessageSend }) =>
      api.post<MessageSummary>(`${base(type, id)}/${kind}`, body),
    meta: { invalidates: sendMessageRefreshes[type] },
  });
}
