import { QUOTE_DEFAULTS, type QuoteDefaults } from "@shared/quote-rules";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { QUOTE_STALE_TIMES, quoteKeys } from "./quote-keys";

/** What a new quote starts with when the company's settings cannot be read. */
export const FALLBACK_QUOTE_DEFAULTS: QuoteDefaults = {
  validity_days: QUOTE_DEFAULTS.validityDays,
  default_tax_rate: QUOTE_DEFAULTS.taxRate,
};

/**
 * GET /api/quotes/defaults → the company's quote validity and VAT rate of new lines
 * (docs/domain/quotes.md#form-rules), for whoever writes quotes; an answer out of range keeps the fallback.
 */
export async function getQuoteDefaults(signal?: AbortSignal): Promise<QuoteDefaults> {
  const data = (await api.get("/quotes/defaults", undefined, { signal })) as Partial<
    Record<keyof QuoteDefaults, unknown>
  >;
  const days = data.validity_days;
  const rate = data.default_tax_rate;
  return {
    validity_days:
      typeof days === "number" && Number.isInteger(days) && days >= 1 && days <= 365
        ? days
        : FALLBACK_QUOTE_DEFAULTS.validity_days,
    default_tax_rate:
      typeof rate === "number" && rate >= 0 && rate <= 100 ? rate : FALLBACK_QUOTE_DEFAULTS.default_tax_rate,
  };
}

export function quoteDefaultsQueryOptions() {
  return queryOptions({
    queryKey: quoteKeys.defaults(),
    queryFn: ({ signal }) => getQuoteDefaults(signal),
    staleTime: QUOTE_STALE_TIMES.settings,
  });
}
