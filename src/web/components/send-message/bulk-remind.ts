import { plural } from "@shared/format";
import type { MessageDraft, MessageSummary } from "@shared/messages";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { type MailedDocumentType, sendMessageRefreshes } from "./send-message-api";

/**
 * « Relancer la sélection » (docs/architecture.md#office-lists-as-tables): each document a reminder may
 * go to is reminded through its own route — `GET …/send-draft?kind=remind` (the company's reminder
 * template filled in, the client's e-mail), then `POST …/remind` with that draft, as the dialog would
 * send it untouched. A document whose client has no e-mail, or that the server refuses, is ignored;
 * the others still go.
 */
export interface BulkRemindResult {
  /** Accepted by the mail server. */
  sent: number;
  /** Kept in « Messages » (no mail server configured). */
  kept: number;
  /** Not remindable, no e-mail, or refused. */
  ignored: number;
}

const base = (type: MailedDocumentType, id: string) =>
  `/${type === "quote" ? "quotes" : "invoices"}/${encodeURIComponent(id)}`;

export async function remindEach(
  type: MailedDocumentType,
  ids: readonly string[],
  notRemindable: number,
): Promise<BulkRemindResult> {
  const result: BulkRemindResult = { sent: 0, kept: 0, ignored: notRemindable };
  // One after the other: a handful of documents, and each reminder locks its document on the server.
  for (const id of ids) {
    try {
      const draft = await api.get<MessageDraft>(`${base(type, id)}/send-draft`, { kind: "remind" });
      if (draft.to.length === 0) {
        result.ignored += 1;
        continue;
      }
      const message = await api.post<MessageSummary>(`${base(type, id)}/remind`, {
        to: draft.to,
        cc: draft.cc,
        subject: draft.subject,
        body: draft.body,
      });
      if (message.transport === "outbox") result.kept += 1;
      else result.sent += 1;
    } catch {
      result.ignored += 1;
    }
  }
  return result;
}

/** The reminders of a selection; the lists, « À relancer », the home's alerts and « Messages » refreshed. */
export function useBulkRemind(type: MailedDocumentType) {
  return useMutation({
    mutationFn: ({ ids, notRemindable }: { ids: readonly string[]; notRemindable: number }) =>
      remindEach(type, ids, notRemindable),
    meta: { invalidates: sendMessageRefreshes[type] },
  });
}

/**
 * The toast after « Relancer la sélection »: « 3 relances envoyées, 1 ignorée »; without a mail server
 * « 3 relances enregistrées dans « Messages » » (not « envoyées »: they wait there).
 */
export function bulkRemindSummary({ sent, kept, ignored }: BulkRemindResult): string {
  const parts: string[] = [];
  if (sent > 0) parts.push(plural(sent, "relance envoyée", "relances envoyées"));
  if (kept > 0)
    parts.push(
      `${plural(kept, "relance enregistrée", "relances enregistrées")} dans «\u00a0Messages\u00a0» (aucun serveur d’envoi)`,
    );
  if (parts.length === 0) parts.push("Aucune relance envoyée");
  if (ignored > 0) parts.push(plural(ignored, "ignorée", "ignorées"));
  return parts.join(", ");
}

/** Why some were ignored, under the summary. */
export const BULK_REMIND_IGNORED =
  "Ignorés\u00a0: les documents qui ne peuvent pas être relancés et ceux dont le client n’a pas d’e-mail.";
