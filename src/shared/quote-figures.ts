import { parisToday } from "./dates";
import { storedHtAfterDiscount } from "./documents/totals";
import { fromCents } from "./money";
import { isExpiredQuote, PENDING_QUOTE_STATUSES } from "./quote-rules";

/**
 * The list's figures by their definition (docs/domain/quotes.md#list-and-figures), computed in memory
 * over the quotes themselves: the reference the SQL of the list is tested against, and the figures of
 * the web tests' fake server. The list itself sums in SQL (quotes.repository.ts), never with this.
 */

/** A quote as the list answers it: what its figures are made of. */
export interface SummedQuote {
  status: string;
  total: number;
  subtotal: number;
  discount: number;
  valid_until: string | null;
}

/** The summary of `quotes` on `today` (Europe/Paris business day). */
export function summaryOfQuotes(quotes: readonly SummedQuote[], today = parisToday()) {
  const cents = (list: readonly SummedQuote[], amount: (q: SummedQuote) => number) =>
    Math.round(list.reduce((s, q) => s + Math.round(amount(q) * 100), 0)) / 100;
  const ttc = (list: readonly SummedQuote[]) => cents(list, (q) => q.total);
  const ht = (list: readonly SummedQuote[]) => cents(list, (q) => fromCents(storedHtAfterDiscount(q)));
  const sent = quotes.filter((q) => (PENDING_QUOTE_STATUSES as string[]).includes(q.status));
  const expired = quotes.filter((q) => isExpiredQuote(q, today));
  const validated = quotes.filter((q) => q.status === "valide");
  return {
    count: quotes.length,
    validated_count: validated.length,
    in_progress_count: quotes.filter((q) => q.status === "en cours de redaction").length,
    pending_amount: ttc(sent),
    validated_amount: ttc(validated),
    total_amount: ttc(quotes),
    pending_amount_ht: ht(sent.filter((q) => !expired.includes(q))),
    validated_amount_ht: ht(validated),
    total_amount_ht: ht(quotes.filter((q) => !["refuse", "annule"].includes(q.status) && !expired.includes(q))),
    expired_count: expired.length,
    expired_amount_ht: ht(expired),
  };
}
