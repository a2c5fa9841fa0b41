import type { MessageTemplates, VersionedMessageTemplates } from "@shared/messages";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { COMPANY_STALE_TIME_MS, companyKeys } from "./company-keys";

/** GET /api/company/message-templates → the four templates (the defaults while never saved). */
export function messageTemplatesQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.messageTemplates(),
    queryFn: ({ signal }) => api.get<VersionedMessageTemplates>("/company/message-templates", undefined, { signal }),
    staleTime: COMPANY_STALE_TIME_MS,
  });
}

/** PUT /api/company/message-templates → the saved templates (the send dialogs start from them). */
export function useUpdateMessageTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: MessageTemplates; version?: string | null }) =>
      api.put<VersionedMessageTemplates>("/company/message-templates", body, { version }),
    onSuccess: (templates) => queryClient.setQueryData(companyKeys.messageTemplates(), templates),
  });
}
