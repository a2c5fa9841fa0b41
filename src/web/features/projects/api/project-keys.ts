import type { ProjectStatus } from "@shared/project-rules";
import type { ProjectSort } from "@shared/projects";

/** The list's filters: the search as sent (trimmed, from 2 characters), a status, a client, a sort. */
export interface ProjectListFilters {
  search: string;
  status?: ProjectStatus | undefined;
  clientId?: string | undefined;
  teamId?: string | undefined;
  vehicleId?: string | undefined;
  sort?: ProjectSort | undefined;
  order?: "asc" | "desc" | undefined;
}

/**
 * Query keys of the worksites feature: invalidating `all` refreshes lists, details, proposals, imprévus
 * and photos.
 */
export const projectKeys = {
  all: ["projects"] as const,
  lists: () => [...projectKeys.all, "list"] as const,
  list: (filters: ProjectListFilters) =>
    [
      ...projectKeys.lists(),
      {
        search: filters.search,
        status: filters.status ?? null,
        clientId: filters.clientId ?? null,
        teamId: filters.teamId ?? null,
        vehicleId: filters.vehicleId ?? null,
        sort: filters.sort ?? null,
        order: filters.order ?? null,
      },
    ] as const,
  details: () => [...projectKeys.all, "detail"] as const,
  detail: (id: string) => [...projectKeys.details(), id] as const,
  /** The worksite the server proposes for a validated quote (GET /api/projects/from-quote/:quoteId). */
  draft: (quoteId: string) => [...projectKeys.all, "draft", quoteId] as const,
  issues: (projectId: string) => [...projectKeys.all, "issues", projectId] as const,
  photos: (projectId: string) => [...projectKeys.all, "photos", projectId] as const,
};

/**
 * Keys of other features a worksite change touches, written as their prefixes (features never import
 * each other): a quote shows whether it has a worksite (« Créer un chantier »), a client lists its
 * worksites, the planning places them.
 */
const QUOTES_KEY = ["quotes"] as const;
const CLIENT_DETAILS_KEY = ["clients", "detail"] as const;
/** The planning's weeks show the worksites' dates, teams, vehicles and statuses. */
const PLANNING_KEY = ["planning"] as const;
/** The invoices feature's keys (its `invoiceKeys.all`): « Facturer » writes an invoice of the worksite. */
export const INVOICES_KEY = ["invoices"] as const;
/** The home's cards (its `dashboardKeys.all`): a worksite started or finished changes the day and the figures. */
export const DASHBOARD_KEY = ["dashboard"] as const;

/** What each worksite mutation refreshes (src/web/README.md, « Mutations »). */
export const projectRefreshes = {
  create: [projectKeys.all, QUOTES_KEY, CLIENT_DETAILS_KEY, PLANNING_KEY],
  update: [projectKeys.all, CLIENT_DETAILS_KEY, PLANNING_KEY],
  /** A deleted worksite frees its quote (« Créer un chantier » again). */
  delete: [projectKeys.lists(), QUOTES_KEY, CLIENT_DETAILS_KEY, PLANNING_KEY],
  status: [projectKeys.all, PLANNING_KEY, DASHBOARD_KEY],
  /** « Facturer »: a new invoice (the list, its stats), the worksite's documents, its client's figures. */
  invoice: [INVOICES_KEY, projectKeys.all, CLIENT_DETAILS_KEY],
} as const;
