import { QUOTE_DEFAULTS } from "@shared/quote-rules";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { QUOTE_STALE_TIMES, quoteKeys } from "./quote-keys";

/**
 * GET /api/company/settings → quote_validity_days (default validity of a new quote, docs/domain/quotes.md#form-rules);
 * 30 days when the answer has none (or the user may not read the settings).
 */
export async function getQuoteValidityDays(signal?: AbortSignal): Promise<number> {
  const data = (await api.get("/company/settings", undefined, { signal })) as { quote_validity_days?: unknown };
  const days = data.quote_validity_days;
  return typeof days === "number" && Number.isInteger(days) && days >= 1 && days <= 365
    ? days
    : QUOTE_DEFAULTS.validityDays;
}

export function quoteValidityDaysQueryOptions() {
  return queryOptions({
    queryKey: quoteKeys.validityDays(),
    queryFn: ({ signal }) => getQuoteValidityDays(signal),
    staleTime: QUOTE_STALE_TIMES.settings,
  });
}
