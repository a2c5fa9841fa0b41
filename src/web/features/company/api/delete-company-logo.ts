import type { CompanyInfo } from "@shared/company";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { companyKeys, invalidateOtherCompanyQueries } from "./company-keys";

/** DELETE /api/company/logo → the identity without a logo. */
export async function deleteCompanyLogo(): Promise<CompanyInfo> {
  return api.delete<CompanyInfo>("/company/logo");
}

export function useDeleteCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyLogo,
    onSuccess: (info) => {
      queryClient.setQueryData(companyKeys.info(), info);
      void invalidateOtherCompanyQueries(queryClient, companyKeys.info());
    },
  });
}
