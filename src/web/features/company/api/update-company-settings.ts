import type { CompanySettings, companySettingsInputSchema } from "@shared/company";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";
import { companyKeys, invalidateOtherCompanyQueries } from "./company-keys";

export type CompanySettingsInput = z.output<typeof companySettingsInputSchema>;

/** PUT /api/company/settings → the saved settings. */
export async function updateCompanySettings({
  body,
  version,
}: {
  body: CompanySettingsInput;
  version?: string | null;
}): Promise<CompanySettings> {
  return api.put<CompanySettings>("/company/settings", body, { version });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(companyKeys.settings(), settings);
      void invalidateOtherCompanyQueries(queryClient, companyKeys.settings());
    },
  });
}
