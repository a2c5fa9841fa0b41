import type { CalendarProject, CalendarWeek, ProjectScheduleResponse } from "@shared/planning";
import { PLANNING_TEXTS } from "@shared/planning-rules";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { movedProject, type PlanningMove, placeInWeek } from "../lib/planning-week";
import { planningKeys, planningRefreshes, teamOfWeekKey } from "./planning-keys";

/** The body of PATCH /api/projects/:id/schedule: a key left out keeps its value, null removes it. */
export interface ProjectSchedulePayload {
  start_date: string;
  team_id?: string | null;
  vehicle_id?: string | null;
}

export interface ScheduleVariables {
  project: CalendarProject;
  move: PlanningMove;
}

/** The body a move sends: the start date, and the team and vehicle only when the move names them. */
export function schedulePayload(move: PlanningMove): ProjectSchedulePayload {
  return {
    start_date: move.start_date,
    ...(move.team === undefined ? {} : { team_id: move.team?.id ?? null }),
    ...(move.vehicle === undefined ? {} : { vehicle_id: move.vehicle?.id ?? null }),
  };
}

/**
 * PATCH /api/projects/:id/schedule: moves a worksite. The weeks on screen show it in its new place at
 * once (and back in the old one if the server refuses); then every week and the worksites' lists are
 * asked again, which brings the clashes. The failure is a toast; the caller says what was done.
 */
export function useScheduleProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, move }: ScheduleVariables) =>
      api.patch<ProjectScheduleResponse>(`/projects/${encodeURIComponent(project.id)}/schedule`, schedulePayload(move)),
    onMutate: async ({ project, move }) => {
      await queryClient.cancelQueries({ queryKey: planningKeys.weeks() });
      const before: [QueryKey, CalendarWeek | undefined][] = queryClient.getQueriesData<CalendarWeek>({
        queryKey: planningKeys.weeks(),
      });
      const moved = movedProject(project, move);
      for (const [key, week] of before) {
        if (week) queryClient.setQueryData<CalendarWeek>(key, placeInWeek(week, moved, teamOfWeekKey(key)));
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, week] of context?.before ?? []) queryClient.setQueryData(key, week);
    },
    meta: { invalidates: planningRefreshes.schedule, errorTitle: PLANNING_TEXTS.scheduleFailed },
  });
}
