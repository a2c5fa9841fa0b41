import type { CalendarWeek } from "@shared/planning";
import { PLANNING_LIMITS } from "@shared/planning-rules";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { planningKeys } from "./planning-keys";

/** GET /api/calendar/week — the seven days from `monday`, each with the worksites it holds. */
export function getWeek(monday: string, teamId: string | null, signal?: AbortSignal): Promise<CalendarWeek> {
  return api.get<CalendarWeek>("/calendar/week", { week_start: monday, team_id: teamId ?? undefined }, { signal });
}

/**
 * A week, fresh for 2 minutes (spec 2 §9). While another team is chosen the same week stays on screen;
 * another week is never shown under this one's dates.
 */
export function weekQueryOptions(monday: string, teamId: string | null) {
  return queryOptions({
    queryKey: planningKeys.week(monday, teamId),
    queryFn: ({ signal }) => getWeek(monday, teamId, signal),
    staleTime: PLANNING_LIMITS.weekStaleMs,
    placeholderData: (previous) => (previous?.week_start === monday ? previous : undefined),
  });
}
