import { COMPANY_STATUSES, type CompanyStatus, PLAN_LABELS, PLANS, type Plan } from "@shared/account-rules";
import { plural } from "@shared/format";

/** The spec's three statuses (spec 1 « Superadmin sample company »), as the badges write them. */
export const STATUS_LABELS: Record<CompanyStatus, string> = { actif: "Actif", essai: "Essai", inactif: "Inactif" };
export const STATUS_TONES = { actif: "success", essai: "accent", inactif: "destructive" } as const;

export type StatusFilter = CompanyStatus | "all";
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "Toutes" },
  ...COMPANY_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export const PLAN_OPTIONS: readonly { value: Plan; label: string }[] = PLANS.map((plan) => ({
  value: plan,
  label: PLAN_LABELS[plan],
}));

function isStatus(value: string | null): value is CompanyStatus {
  return (COMPANY_STATUSES as readonly string[]).includes(value ?? "");
}
function isPlan(value: string | null): value is Plan {
  return (PLANS as readonly string[]).includes(value ?? "");
}

/** The list's filters kept in the address (`?status=actif&plan=essai`), an unknown value ignored. */
export function filtersFromParams(params: URLSearchParams): { status: CompanyStatus | null; plan: Plan | null } {
  const status = params.get("status");
  const plan = params.get("plan");
  return { status: isStatus(status) ? status : null, plan: isPlan(plan) ? plan : null };
}

/** The address's query for these filters: what is at its default is left out. */
export function paramsFromFilters(filters: { status: CompanyStatus | null; plan: Plan | null }): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.plan) params.set("plan", filters.plan);
  return params;
}

/** « 3 entreprises », or « 3 entreprises trouvées » under a search or a filter. */
export function companiesCountLabel(total: number, filtered: boolean): string {
  return filtered ? plural(total, "entreprise trouvée", "entreprises trouvées") : plural(total, "entreprise");
}
