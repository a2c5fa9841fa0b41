import { z } from "zod";
import { QUOTE_HISTORY_ACTIONS } from "./quote-rules";

export {
  QUOTE_HISTORY_ACTIONS,
  QUOTE_HISTORY_LABELS,
  type QuoteHistoryAction,
  type QuoteHistoryChanges,
} from "./quote-rules";

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
