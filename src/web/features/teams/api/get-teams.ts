import { TEAM_LIMITS } from "@shared/team-rules";
import type { TeamCandidates, TeamDetail, TeamListResponse } from "@shared/teams";
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { nextPage } from "@web/lib/next-page";
import { teamKeys } from "./team-keys";

/** GET /api/teams — one page, sorted by name, with the searched total. */
export function getTeams(
  filters: { search: string; page: number; limit?: number },
  signal?: AbortSignal,
): Promise<TeamListResponse> {
  return api.get<TeamListResponse>(
    "/teams",
    {
      page: filters.page,
      limit: filters.limit ?? TEAM_LIMITS.defaultLimit,
      search: filters.search.trim() || undefined,
    },
    { signal },
  );
}

/** The list, page after page (« Charger plus »); the previous pages stay while the search changes. */
export function teamsInfiniteQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: teamKeys.list(search),
    queryFn: ({ pageParam, signal }) => getTeams({ search, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/teams/:id — the team with its members. */
export function teamQueryOptions(id: string) {
  return queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: ({ signal }) => api.get<TeamDetail>(`/teams/${encodeURIComponent(id)}`, undefined, { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/teams/candidates?search= — the company's active users a team may take. */
export function teamCandidatesQueryOptions(search: string, enabled: boolean) {
  return queryOptions({
    queryKey: teamKeys.candidates(search),
    queryFn: ({ signal }) =>
      api.get<TeamCandidates>(
        "/teams/candidates",
        { search: search || undefined, limit: TEAM_LIMITS.candidates },
        { signal },
      ),
    enabled,
    staleTime: 30_000,
  });
}
