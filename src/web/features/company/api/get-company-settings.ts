import type { CompanySettings } from "@shared/company";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { COMPANY_STALE_TIME_MS, companyKeys } from "./company-keys";

/** GET /api/company/settings → { quote_validity_days, terms_and_conditions }. */
export async function getCompanySettings(signal?: AbortSignal): Promise<CompanySettings> {
  return api.get<CompanySettings>("/company/settings", undefined, { signal });
}

export function companySettingsQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.settings(),
    queryFn: ({ signal }) => getCompanySettings(signal),
    staleTime: COMPANY_STALE_TIME_MS,
  });
}
