import type { PermissionCode } from "@shared/permissions";
import type { CalendarProject, CalendarWeek } from "@shared/planning";
import { lastOccupiedDay, occupiedDays, weekDays } from "@shared/planning-rules";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { EVERY_PERMISSION, TestPermissions, testQueryClient } from "@web/test/render";
import type { ReactElement } from "react";
import { MemoryRouter, useLocation } from "react-router";

export { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
export { installBrowserStubs } from "@web/test/render";

/** A worksite as the week shows it; its end date from its start and duration, as the server computes it. */
export function makeCalendarProject(overrides: Partial<CalendarProject> = {}): CalendarProject {
  const project: CalendarProject = {
    id: crypto.randomUUID(),
    reference: "CH-2026-0001",
    name: "Rénovation de la cuisine",
    status: "à faire",
    client: { id: crypto.randomUUID(), name: "Famille Martin" },
    team: { id: "11111111-1111-4111-8111-111111111111", name: "Équipe Plomberie" },
    vehicle: null,
    address: "12 rue des Lilas, 69003 Lyon",
    start_date: "2026-11-23",
    end_date: "2026-11-23",
    estimated_duration_days: 1,
    conflicts: [],
    ...overrides,
  };
  return { ...project, end_date: lastOccupiedDay(project.start_date, project.estimated_duration_days) };
}

/** The week of `monday` as the server answers it: each worksite on the days it occupies. */
export function weekAnswer(monday: string, projects: CalendarProject[], teamId?: string | null): CalendarWeek {
  const days = weekDays(monday);
  const shown = projects.filter((p) => !teamId || p.team?.id === teamId);
  return {
    week_start: monday,
    days: days.map((date) => ({
      date,
      projects: shown.filter((p) =>
        occupiedDays(p.start_date, p.estimated_duration_days, days[0], days[6]).includes(date),
      ),
    })),
  };
}

/** Where the router is: the test reads `?week=` from it. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The planning screen inside a query cache, a router at `url` and the permissions `useCan` reads. */
export function renderPlanning(
  ui: ReactElement,
  { url = "/calendar", permissions = EVERY_PERMISSION }: { url?: string; permissions?: readonly PermissionCode[] } = {},
) {
  const queryClient = testQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <TestPermissions permissions={permissions}>
          <MemoryRouter initialEntries={[url]}>
            {ui}
            <Location />
          </MemoryRouter>
        </TestPermissions>
      </QueryClientProvider>,
    ),
  };
}
