import type { CompanyInfo } from "@shared/company";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { COMPANY_STALE_TIME_MS, companyKeys } from "./company-keys";

/** GET /api/company/info (logo_url is a short-lived signed URL, usable in <img src>). */
export async function getCompanyInfo(signal?: AbortSignal): Promise<CompanyInfo> {
  return api.get<CompanyInfo>("/company/info", undefined, { signal });
}

export function companyInfoQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.info(),
    queryFn: ({ signal }) => getCompanyInfo(signal),
    staleTime: COMPANY_STALE_TIME_MS,
  });
}
