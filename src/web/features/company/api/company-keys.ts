import type { QueryClient } from "@tanstack/react-query";

/** Query keys of the company feature (identity and commercial settings). */
export const companyKeys = {
  all: ["company"] as const,
  info: () => [...companyKeys.all, "info"] as const,
  settings: () => [...companyKeys.all, "settings"] as const,
  /** The send and remind templates (« Messages » tab; docs/domain/messages.md#templates). */
  messageTemplates: () => [...companyKeys.all, "message-templates"] as const,
  /** The FEC's accounts and journal codes (« Comptabilité » tab; docs/domain/accounting.md#accounts). */
  accounting: () => [...companyKeys.all, "accounting"] as const,
};

/** Company settings stay fresh for 15 minutes (docs/domain/company-settings.md#messages). */
export const COMPANY_STALE_TIME_MS = 15 * 60_000;

/**
 * After a save: `key` gets the server's answer, and every other query under « company » (other
 * features may keep their own views of these settings, e.g. the quote validity) is marked stale.
 */
export function invalidateOtherCompanyQueries(queryClient: QueryClient, kept: readonly unknown[]) {
  return queryClient.invalidateQueries({
    queryKey: companyKeys.all,
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(kept),
  });
}
