import type { CompanyInfo, CompanyInfoInput } from "@shared/company";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { companyKeys, invalidateOtherCompanyQueries } from "./company-keys";

/** PUT /api/company/info (every field but logo_url) → the saved identity. */
export async function updateCompanyInfo({
  body,
  version,
}: {
  body: CompanyInfoInput;
  version?: string | null;
}): Promise<CompanyInfo> {
  return api.put<CompanyInfo>("/company/info", body, { version });
}

export function useUpdateCompanyInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyInfo,
    onSuccess: (info) => {
      queryClient.setQueryData(companyKeys.info(), info);
      void invalidateOtherCompanyQueries(queryClient, companyKeys.info());
    },
  });
}
