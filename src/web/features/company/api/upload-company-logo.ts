import type { CompanyInfo } from "@shared/company";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { companyKeys, invalidateOtherCompanyQueries } from "./company-keys";

/** POST /api/company/logo, multipart with the file in « logo » → the identity with its new logo_url. */
export async function uploadCompanyLogo(file: File): Promise<CompanyInfo> {
  const form = new FormData();
  form.append("logo", file, file.name);
  return api.post<CompanyInfo>("/company/logo", form);
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyLogo,
    onSuccess: (info) => {
      queryClient.setQueryData(companyKeys.info(), info);
      void invalidateOtherCompanyQueries(queryClient, companyKeys.info());
    },
  });
}
