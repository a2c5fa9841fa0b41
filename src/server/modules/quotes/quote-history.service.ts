/**
 * A quote's history (docs/domain/quotes.md, « Life of a quote »): what each change writes, and the
 * history read. The entries are written by the quotes service in the transaction of the change.
 */

import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { QuoteHistoryAction, QuoteHistoryChanges, QuoteHistoryEntry } from "@shared/quote-history";
import { QUOTE_TEXTS, type Quote, type QuoteInput, type QuoteStatus } from "@shared/quotes";
import { type NewQuoteHistoryEntry, quoteHistoryRepository } from "./quote-history.repository";
import { quotesRepository } from "./quotes.repository";

export const QUOTE_HISTORY_ACCESS = permissions({ list: "quotes:view" });

/** Who made the change, as the history shows them (their name at that time). */
export const actorOf = (auth: AuthContext) => ({ userId: auth.userId, userName: auth.user.full_name });
type Actor = ReturnType<typeof actorOf>;

/** Fields whose change an update records, from → to (items and total are summarised). */
const TRACKED_FIELDS = [
  "name",
  "client_id",
  "date",
  "valid_until",
  "notes",
  "terms",
  "discount_percentage",
  "discount_amount",
] as const;

/** Field-by-field changes between the stored quote and the new (validated) input. */
function changesOf(before: Quote, after: QuoteInput, afterTotal: number): QuoteHistoryChanges {
  const changes: QuoteHistoryChanges = {};
  for (const field of TRACKED_FIELDS) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (from !== to) changes[field] = { from, to };
  }
  const itemsKey = (
    items: readonly { name: string; quantity: number; unit: string; unit_price: number; tax_rate: number }[],
  ) => JSON.stringify(items.map((i) => [i.name, i.quantity, i.unit, i.unit_price, i.tax_rate]));
  if (itemsKey(before.items) !== itemsKey(after.items)) {
    changes.items = { from: before.items.length, to: after.items.length };
  }
  if (before.total !== afterTotal) changes.total = { from: before.total, to: afterTotal };
  return changes;
}

/** The action a status change writes (« Client relancé » set by hand is a reminder made another way). */
export function statusAction(to: QuoteStatus): QuoteHistoryAction {
  if (to === "envoye au client") return "sent";
  if (to === "client relance") return "reminded";
  if (to === "valide") return "validated";
  if (to === "annule") return "cancelled";
  return "status_changed";
}

/** The entry of a new quote (created, or duplicated from `duplicatedFrom`). */
export function creationEntry(
  quoteId: string,
  actor: Actor,
  quote: { reference: string; status: QuoteStatus; duplicatedFrom?: string },
): NewQuoteHistoryEntry {
  const metadata: Record<string, unknown> = { reference: quote.reference, status: quote.status };
  if (quote.duplicatedFrom) metadata.duplicated_from = quote.duplicatedFrom;
  return { quoteId, action: "created", ...actor, metadata };
}

/** The entries of an update: 'updated' with the changed fields, then the status change if any. */
export function updateEntries(
  before: Quote,
  after: QuoteInput,
  afterTotal: number,
  actor: Actor,
): NewQuoteHistoryEntry[] {
  const quoteId = before.id;
  const entries: NewQuoteHistoryEntry[] = [];
  const changes = changesOf(before, after, afterTotal);
  if (Object.keys(changes).length > 0) entries.push({ quoteId, action: "updated", ...actor, changes });
  if (after.status !== before.status) {
    entries.push({
      quoteId,
      action: statusAction(after.status),
      ...actor,
      changes: { status: { from: before.status, to: after.status } },
    });
  }
  return entries;
}

export function createQuoteHistoryService(db: Database) {
  return {
    /** GET /api/quotes/:id/history, oldest first. */
    async list(auth: AuthContext, id: string): Promise<QuoteHistoryEntry[]> {
      const t = tenant(auth, QUOTE_HISTORY_ACCESS.list, QUOTE_TEXTS.companyRequired);
      const quoteId = idOr404(id, QUOTE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        if (!(await quotesRepository.exists(tx, t.companyId, quoteId))) throw errors.notFound(QUOTE_TEXTS.notFound);
        return quoteHistoryRepository.list(tx, t.companyId, quoteId);
      });
    },
  };
}
