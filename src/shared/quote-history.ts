import { z } from "zod";

/** What a quote's history records (docs/domain/quotes.md, « Life of a quote »). */
export const QUOTE_HISTORY_ACTIONS = [
  "created",
  "updated",
  "status_changed",
  "sent",
  "validated",
  "cancelled",
] as const;
export type QuoteHistoryAction = (typeof QUOTE_HISTORY_ACTIONS)[number];
export const QUOTE_HISTORY_LABELS: Record<QuoteHistoryAction, string> = {
  created: "Création",
  updated: "Modification",
  status_changed: "Changement de statut",
  sent: "Envoi au client",
  validated: "Validation",
  cancelled: "Annulation",
};

/** A field's change, from → to. */
export type QuoteHistoryChanges = Record<string, { from: unknown; to: unknown }>;

/** GET /api/quotes/:id/history: one entry, written by the server with the user's name. */
export const quoteHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(QUOTE_HISTORY_ACTIONS),
  user_name: z.string(),
  created_at: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The names of the clients this entry's client change mentions (changes.client_id from → to), by id,
   * read with the history within the company ({} otherwise; a client since deleted is absent).
   */
  client_names: z.record(z.string(), z.string()),
});
export type QuoteHistoryEntry = z.infer<typeof quoteHistoryEntrySchema>;
