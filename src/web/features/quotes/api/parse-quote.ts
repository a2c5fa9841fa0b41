import type { Quote } from "@shared/quotes";

export const NO_DATA_MESSAGE = "Aucune donnée reçue du serveur";

/** A quote answer: an empty one is an error (docs/domain/quotes.md#toasts), missing lines become an empty list. */
export function parseQuote(data: unknown): Quote {
  if (typeof data !== "object" || data === null || !("id" in data)) throw new Error(NO_DATA_MESSAGE);
  const raw = data as Record<string, unknown>;
  return { ...raw, items: raw.items ?? [], items_count: raw.items_count ?? 0 } as Quote;
}
