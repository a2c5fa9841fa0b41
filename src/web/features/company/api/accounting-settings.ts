import type { AccountingSettings, AccountingSettingsInput } from "@shared/accounting";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { COMPANY_STALE_TIME_MS, companyKeys } from "./company-keys";

/** GET /api/company/accounting → the FEC's accounts and journal codes (the PCG's until saved). */
export function accountingSettingsQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.accounting(),
    queryFn: ({ signal }) => api.get<AccountingSettings>("/company/accounting", undefined, { signal }),
    staleTime: COMPANY_STALE_TIME_MS,
  });
}

/** PUT /api/company/accounting → the saved accounts. */
export function useUpdateAccountingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: AccountingSettingsInput; version?: string | null }) =>
      api.put<AccountingSettings>("/company/accounting", body, { version }),
    onSuccess: (settings) => queryClient.setQueryData(companyKeys.accounting(), settings),
  });
}
