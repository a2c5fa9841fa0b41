import type { CompanyTaxRates } from "@shared/company";
import { VAT_RATES } from "@shared/documents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * GET /api/company/tax-rates — the VAT rates a line may carry: those in force and the company's own
 * (docs/decisions/0020-vat-rates.md). Kept under « company », so saving the settings refreshes it.
 */
function taxRatesQueryOptions() {
  return queryOptions({
    queryKey: ["company", "tax-rates"] as const,
    queryFn: ({ signal }) => api.get<CompanyTaxRates>("/company/tax-rates", undefined, { signal }),
    staleTime: 15 * 60_000,
  });
}

/** The rates to offer: the company's list, or those in force until it is read (or when it cannot be). */
export function useTaxRates(): readonly number[] {
  const { data } = useQuery(taxRatesQueryOptions());
  return data?.tax_rates ?? VAT_RATES;
}

/** The select's options as text: the allowed rates, and a stored rate outside them kept selectable. */
export function taxRateOptions(rates: readonly number[], current: string): string[] {
  const options = rates.map(String);
  return current && !options.includes(current) && !Number.isNaN(Number(current)) ? [...options, current] : options;
}
