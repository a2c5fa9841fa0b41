import type { MessageStatus } from "@shared/message-rules";
import { MESSAGE_STATUS_LABELS } from "@shared/message-rules";
import type { MessageSummary } from "@shared/messages";
import { paths } from "@web/lib/paths";

/** The quick filters of the list: every message, or one status. */
export const STATUS_FILTERS: readonly { value: MessageStatus | "all"; label: string }[] = [
  { value: "all", label: "Tous" },
  { value: "sent", label: "Envoyés" },
  { value: "pending", label: "En attente" },
  { value: "failed", label: "Échecs" },
];

export function statusFilterOf(value: string | null): MessageStatus | "all" {
  return STATUS_FILTERS.some((f) => f.value === value) ? (value as MessageStatus | "all") : "all";
}

export const STATUS_BADGE: Record<MessageStatus, { label: string; variant: "success" | "warning" | "destructive" }> = {
  sent: { label: MESSAGE_STATUS_LABELS.sent, variant: "success" },
  pending: { label: MESSAGE_STATUS_LABELS.pending, variant: "warning" },
  failed: { label: MESSAGE_STATUS_LABELS.failed, variant: "destructive" },
};

/** « client@exemple.fr » or « client@exemple.fr +2 » (the other recipients and copies counted). */
export function recipientsLabel(message: Pick<MessageSummary, "to" | "cc">): string {
  const [first = "", ...others] = message.to;
  const more = others.length + message.cc.length;
  return more > 0 ? `${first} +${more}` : first;
}

/** Where a message's document opens: the invoice's page, or the quotes list searched on its reference. */
export function documentPath(document: NonNullable<MessageSummary["document"]>): string {
  return document.type === "invoice"
    ? paths.invoice(document.id)
    : `${paths.quotes}?${new URLSearchParams({ search: document.reference })}`;
}

export function documentLabel(document: NonNullable<MessageSummary["document"]>): string {
  return `${document.type === "invoice" ? "Facture" : "Devis"} ${document.reference}`;
}
