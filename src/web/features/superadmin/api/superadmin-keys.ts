import type { CompanyStatus, Plan } from "@shared/account-rules";

/** The companies list's filters, as the API takes them. */
export interface CompanyFilters {
  search: string;
  status: CompanyStatus | null;
  plan: Plan | null;
  page: number;
}

/** Query keys of the SuperAdmin platform: invalidating `all` refreshes the dashboard, lists and pages. */
export const superadminKeys = {
  all: ["superadmin"] as const,
  dashboard: () => [...superadminKeys.all, "dashboard"] as const,
  lists: () => [...superadminKeys.all, "companies"] as const,
  list: (filters: CompanyFilters) => [...superadminKeys.lists(), filters] as const,
  details: () => [...superadminKeys.all, "company"] as const,
  detail: (id: string) => [...superadminKeys.details(), id] as const,
};

/** What each platform mutation refreshes (src/web/README.md, « Mutations »). */
export const superadminRefreshes = {
  /** A company created, suspended, reactivated or moved to another plan: every figure may change. */
  company: [superadminKeys.all],
} as const;
