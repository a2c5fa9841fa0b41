/**
 * A quote's status changed by an action of its own — sent or reminded from the app (issue 18), signed
 * by the client — rather than by an edit (PUT, quotes.service): the status written and its history
 * entry, in the caller's transaction (docs/domain/quotes.md, « Life of a quote »).
 */
import type { Db } from "@server/db/client";
import type { QuoteHistoryAction } from "@shared/quote-history";
import type { QuoteStatus } from "@shared/quotes";
import { quoteHistoryRepository } from "./quote-history.repository";
import { statusAction } from "./quote-history.service";
import { quotesRepository } from "./quotes.repository";

export interface QuoteStatusChange {
  /** The quote as read (locked) in `tx`. */
  quote: { id: string; status: QuoteStatus };
  /** The status after the action: the same one records the action without a change. */
  to: QuoteStatus;
  /** Who acted, as the history shows them. */
  actor: { userId: string | null; userName: string };
  /** The history's action: the status change's own (statusAction) unless said. */
  action?: QuoteHistoryAction;
  metadata?: Record<string, unknown> | null;
}

/**
 * Writes the status (when it changes: the quotes_answer_dates trigger keeps sent_at and answered_at)
 * and one history entry, `changes.status` from → to when it changed.
 */
export async function changeQuoteStatus(tx: Db, companyId: string, change: QuoteStatusChange): Promise<void> {
  const { quote, to, actor } = change;
  const changed = quote.status !== to;
  if (changed) {
    await quotesRepository.setStatus(tx, companyId, quote.id, to);
  }
  await quoteHistoryRepository.add(tx, companyId, [
    {
      quoteId: quote.id,
      action: change.action ?? statusAction(to),
      ...actor,
      changes: changed ? { status: { from: quote.status, to } } : null,
      metadata: change.metadata ?? null,
    },
  ]);
}
