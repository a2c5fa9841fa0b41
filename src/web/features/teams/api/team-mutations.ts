import { TEAM_TEXTS } from "@shared/team-rules";
import type { TeamDetail } from "@shared/teams";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { teamKeys, teamRefreshes } from "./team-keys";

const teamPath = (id: string) => `/teams/${encodeURIComponent(id)}`;

/** The body of POST /api/teams and PUT /api/teams/:id: the whole team. */
export interface TeamPayload {
  name: string;
  description: string | null;
  member_ids: string[];
  leader_id: string | null;
}

/** POST /api/teams, or PUT /api/teams/:id (its member set replaced). The form shows its own failure. */
export function useSaveTeam() {
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string | null; body: TeamPayload; version?: string | null }) =>
      id === null ? api.post<TeamDetail>("/teams", body) : api.put<TeamDetail>(teamPath(id), body, { version }),
    meta: { invalidates: teamRefreshes.save },
  });
}

/** DELETE /api/teams/:id (204; 409 when a worksite uses the team). */
export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(teamPath(id)),
    meta: { invalidates: teamRefreshes.delete, errorTitle: TEAM_TEXTS.deleteFailed },
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: teamKeys.detail(id) }),
  });
}
