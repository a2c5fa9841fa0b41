import { type CompanyInfo, companyInfoSchema } from "@shared/company";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { companyKeys, invalidateOtherCompanyQueries } from "./company-keys";

/** POST /api/company/logo, multipart with the file in « logo » → the identity with its new logo_url. */
export async function uploadCompanyLogo(file: File): Promise<CompanyInfo> {
  const form = new FormData();
  form.append("logo", file, file.name);
  return companyInfoSchema.parse(await api.post("/company/logo", form));
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
