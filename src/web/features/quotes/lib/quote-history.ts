import { formatDate, formatDateTime, formatEuro, formatPercent, plural } from "@shared/format";
import type { quoteHistoryEntrySchema } from "@shared/quote-history";
import {
  QUOTE_HISTORY_LABELS,
  QUOTE_STATUS_LABELS,
  type QuoteHistoryAction,
  type QuoteStatus,
} from "@shared/quote-rules";
import type { z } from "zod";

export type QuoteHistoryEntry = z.infer<typeof quoteHistoryEntrySchema>;

/** « 12 mars 2026 à 14 h 05 » (docs/domain/money.md#formatting). */
export function formatHistoryDate(iso: string): string {
  return formatDateTime(iso) || iso;
}

export function historyActionLabel(action: string): string {
  return QUOTE_HISTORY_LABELS[action as QuoteHistoryAction] ?? action;
}

const FIELD_LABELS: Record<string, string> = {
  name: "Nom",
  client_id: "Client",
  status: "Statut",
  date: "Date",
  valid_until: "Valable jusqu’au",
  notes: "Notes internes",
  terms: "Conditions",
  discount_percentage: "Remise (%)",
  discount_amount: "Remise (montant)",
  items: "Lignes",
  total: "Total TTC",
};

/** Fields in the order a reader expects them. */
const FIELD_ORDER = Object.keys(FIELD_LABELS);

export interface HistoryChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

export interface HistoryContext {
  /** A client's name from its id (the client selector's list), when known. */
  clientName?: (id: string) => string | undefined;
}

const EMPTY = "—";
const MAX_TEXT = 80;

function shorten(text: string): string {
  const single = text.replace(/\s+/g, " ").trim();
  return single.length > MAX_TEXT ? `${single.slice(0, MAX_TEXT - 1)}…` : single;
}

/** One side of a change, in French: status labels, dd/MM/yyyy dates, euros, client names. */
export function formatChangeValue(field: string, value: unknown, context: HistoryContext = {}): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  switch (field) {
    case "status":
      return QUOTE_STATUS_LABELS[value as QuoteStatus] ?? String(value);
    case "date":
    case "valid_until":
      return typeof value === "string" ? formatDate(value) || value : String(value);
    case "total":
    case "discount_amount":
      return typeof value === "number" ? formatEuro(value) : String(value);
    case "discount_percentage":
      return typeof value === "number" ? formatPercent(value) : String(value);
    case "items":
      return typeof value === "number" ? plural(value, "ligne") : String(value);
    case "client_id":
      return (typeof value === "string" && context.clientName?.(value)) || "Autre client";
    default:
      return typeof value === "string" ? shorten(value) : shorten(JSON.stringify(value));
  }
}

/** The field changes of an entry, labelled and formatted, known fields first. */
export function describeChanges(changes: QuoteHistoryEntry["changes"], context: HistoryContext = {}): HistoryChange[] {
  if (!changes) return [];
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return Object.entries(changes)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, change]) => ({
      field,
      label: FIELD_LABELS[field] ?? field,
      from: formatChangeValue(field, change?.from, context),
      to: formatChangeValue(field, change?.to, context),
    }));
}

/** Notes carried by an entry's metadata: duplication source, reason, comment. */
export function describeMetadata(metadata: QuoteHistoryEntry["metadata"]): string[] {
  if (!metadata) return [];
  const notes: string[] = [];
  if (typeof metadata.duplicated_from === "string") notes.push(`Dupliqué depuis le devis ${metadata.duplicated_from}`);
  if (typeof metadata.reason === "string" && metadata.reason.trim())
    notes.push(`Motif\u00a0: ${metadata.reason.trim()}`);
  // Sent or reminded by e-mail from the app (docs/domain/messages.md#send-and-remind): to whom.
  if (Array.isArray(metadata.to) && metadata.to.length > 0) {
    const copies =
      Array.isArray(metadata.cc) && metadata.cc.length > 0 ? ` (copie\u00a0: ${metadata.cc.join(", ")})` : "";
    notes.push(`Par e-mail à ${metadata.to.join(", ")}${copies}`);
  }
  // A sent quote edited: a new version, its links revoked (docs/domain/quotes.md#sent-quotes-are-frozen).
  if (typeof metadata.version === "number") {
    const revoked = typeof metadata.signing_links_revoked === "number" ? metadata.signing_links_revoked : 0;
    notes.push(
      `Nouvelle version ${metadata.version}, à renvoyer au client${revoked > 0 ? "\u00a0: le lien de signature envoyé ne fonctionne plus" : ""}`,
    );
  }
  // Signed by the client on the app (docs/domain/signing.md): how.
  if (metadata.signed_via === "link") notes.push("Signé par le client sur son lien de signature");
  if (metadata.signed_via === "on_site") notes.push("Signé par le client sur place");
  if (typeof metadata.comment === "string" && metadata.comment.trim()) {
    notes.push(`Commentaire\u00a0: ${metadata.comment.trim()}`);
  }
  return notes;
}
