import type { Plan } from "@shared/account-rules";
import type {
  PlatformCompany,
  platformCompaniesResponseSchema,
  platformCompanyCreatedSchema,
  platformCompanyCreateSchema,
  platformDashboardSchema,
} from "@shared/accounts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";
import { type CompanyFilters, superadminKeys, superadminRefreshes } from "./superadmin-keys";

export type PlatformDashboard = z.infer<typeof platformDashboardSchema>;
export type PlatformCompanies = z.infer<typeof platformCompaniesResponseSchema>;
export type PlatformCompanyCreate = z.input<typeof platformCompanyCreateSchema>;
export type PlatformCompanyCreated = z.infer<typeof platformCompanyCreatedSchema>;

/** The companies list's page size (the API's default). */
export const COMPANIES_PAGE_SIZE = 20;

const companyPath = (id: string) => `/superadmin/companies/${encodeURIComponent(id)}`;

/** GET /api/superadmin/dashboard — the platform's KPIs, recent companies and alerts. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: superadminKeys.dashboard(),
    queryFn: ({ signal }) => api.get<PlatformDashboard>("/superadmin/dashboard", undefined, { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/superadmin/companies?search&status&plan&page&limit — one page; the previous page stays while the next loads. */
export function companiesQueryOptions(filters: CompanyFilters) {
  return queryOptions({
    queryKey: superadminKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<PlatformCompanies>(
        "/superadmin/companies",
        {
          page: filters.page,
          limit: COMPANIES_PAGE_SIZE,
          search: filters.search || undefined,
          status: filters.status,
          plan: filters.plan,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/superadmin/companies/:id. */
export function companyQueryOptions(id: string) {
  return queryOptions({
    queryKey: superadminKeys.detail(id),
    queryFn: ({ signal }) => api.get<PlatformCompany>(companyPath(id), undefined, { signal }),
    staleTime: 30_000,
  });
}

/** POST /api/superadmin/companies — the company, its default roles and its first administrator (invited). */
export function useCreateCompany() {
  return useMutation({
    mutationFn: (body: PlatformCompanyCreate) => api.post<PlatformCompanyCreated>("/superadmin/companies", body),
    meta: { invalidates: superadminRefreshes.company },
  });
}

/** PATCH /api/superadmin/companies/:id — its plan. */
export function useChangePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) => api.patch<PlatformCompany>(companyPath(id), { plan }),
    meta: { invalidates: superadminRefreshes.company, errorTitle: "Impossible de changer la formule" },
    onSuccess: (company) => queryClient.setQueryData(superadminKeys.detail(id), company),
  });
}

/** POST /api/superadmin/companies/:id/suspend or /reactivate. */
export function useSetCompanySuspended(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suspend: boolean) =>
      api.post<PlatformCompany>(`${companyPath(id)}/${suspend ? "suspend" : "reactivate"}`),
    meta: { invalidates: superadminRefreshes.company },
    onSuccess: (company) => queryClient.setQueryData(superadminKeys.detail(id), company),
  });
}
