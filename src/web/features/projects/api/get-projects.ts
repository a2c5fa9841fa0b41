import { PROJECT_LIMITS } from "@shared/project-rules";
import type { ProjectDetail, ProjectDraft, ProjectIssues, ProjectListResponse, ProjectPhotos } from "@shared/projects";
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { nextPage } from "@web/lib/next-page";
import { type ProjectListFilters, projectKeys } from "./project-keys";

/** A worksite changes on site (ticks, imprévus): kept one minute, refetched on focus. */
const ONE_MINUTE = 60_000;

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** GET /api/projects — one page with the filtered total and the status counts (meta.counts). */
export function getProjects(
  filters: ProjectListFilters & { page: number; limit?: number },
  signal?: AbortSignal,
): Promise<ProjectListResponse> {
  const search = filters.search.trim();
  return api.get<ProjectListResponse>(
    "/projects",
    {
      page: filters.page,
      limit: filters.limit ?? PROJECT_LIMITS.defaultLimit,
      search: search.length >= PROJECT_LIMITS.searchMin ? search : undefined,
      status: filters.status,
      client_id: filters.clientId,
      team_id: filters.teamId,
      vehicle_id: filters.vehicleId,
      sort: filters.sort,
      order: filters.order,
    },
    { signal },
  );
}

/** The list, page after page (« Charger plus »); the previous pages stay while a filter changes. */
export function projectsInfiniteQueryOptions(filters: ProjectListFilters) {
  return infiniteQueryOptions({
    queryKey: projectKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProjects({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: ONE_MINUTE,
  });
}

/** GET /api/projects/:id — the worksite, all its tasks and its documents. */
export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api.get<ProjectDetail>(projectPath(id), undefined, { signal }),
    staleTime: ONE_MINUTE,
  });
}

/** GET /api/projects/from-quote/:quoteId — what the creation dialog proposes for a validated quote. */
export function projectDraftQueryOptions(quoteId: string) {
  return queryOptions({
    queryKey: projectKeys.draft(quoteId),
    queryFn: ({ signal }) =>
      api.get<ProjectDraft>(`/projects/from-quote/${encodeURIComponent(quoteId)}`, undefined, { signal }),
    // The proposal starts tomorrow and follows the quote: asked again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/project-issues/:projectId — a worksite's imprévus, newest first. */
export function projectIssuesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.issues(projectId),
    queryFn: ({ signal }) =>
      api.get<ProjectIssues>(`/project-issues/${encodeURIComponent(projectId)}`, undefined, { signal }),
    staleTime: ONE_MINUTE,
  });
}

/** GET /api/project-photos/:projectId — a worksite's photos (signed URLs of the image and its thumbnail). */
export function projectPhotosQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.photos(projectId),
    queryFn: ({ signal }) =>
      api.get<ProjectPhotos>(`/project-photos/${encodeURIComponent(projectId)}`, undefined, { signal }),
    // The signed URLs last an hour at least (src/server/lib/signed-urls.ts): refreshed well before.
    staleTime: 10 * ONE_MINUTE,
  });
}
