import type { AuthUser } from "@shared/auth";
import { addDays, parisToday } from "@shared/dates";
import { calendarWeekSchema } from "@shared/planning";
import { mondayOf, PLANNING_TEXTS, weekDays } from "@shared/planning-rules";
import { cleanup, screen } from "@testing-library/react";
import { AuthContext } from "@web/features/auth/hooks/auth-context";
import { type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CalendarRoute } from "./calendar-route";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A signed-in user holding `permissions`. */
function authWith(permissions: string[], id = "u1") {
  const user: AuthUser = {
    id,
    email: "sans-planning@exemple.fr",
    full_name: "Sans planning",
    avatarUrl: null,
    companyId: "c1",
    company_id: "c1",
    company_name: "Durand Rénovation",
    role: null,
    roles: [],
    permissions,
  };
  return {
    user,
    token: "t",
    isAuthenticated: true,
    isLoading: false,
    login: async () => user,
    signInWith: () => user,
    logout: async () => {},
  };
}

describe("CalendarRoute", () => {
  it("refuses the planning without calendar:view, in the spec's words, and asks for no week", async () => {
    const auth = authWith(["quotes:view"]);
    api.get("/api/auth/permissions", z.array(z.string()), () => ["quotes:view"]);
    renderWithProviders(
      <AuthContext.Provider value={auth}>
        <CalendarRoute />
      </AuthContext.Provider>,
    );
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeTruthy();
    expect(document.body.textContent).toContain(PLANNING_TEXTS.accessDenied);
    expect(api.requests("GET", "/api/calendar/week")).toHaveLength(0);
  });

  it("gives a tablet in portrait (820 × 1180) the week by team, not the phone's one day at a time", async () => {
    vi.spyOn(window, "innerWidth", "get").mockReturnValue(820);
    // The layout is read once per module (hooks/use-viewport.ts): a fresh one reads this width.
    vi.resetModules();
    const { CalendarRoute } = await import("./calendar-route");
    const { AuthContext } = await import("@web/features/auth/hooks/auth-context");
    const { renderWithProviders } = await import("@web/test/render");
    // The board is a chunk of its own that a wide screen asks for on mounting: loaded here, so that its
    // first transform on a busy machine does not eat the wait below.
    await import("@web/features/planning/components/planning-board");
    const monday = mondayOf(parisToday());
    const team = { id: "11111111-1111-4111-8111-111111111111", name: "Équipe Plomberie" };
    api.get("/api/calendar/week", calendarWeekSchema, () => ({
      week_start: monday,
      days: weekDays(monday).map((date) => ({
        date,
        projects:
          date === addDays(monday, 1)
            ? [
                {
                  id: "33333333-3333-4333-8333-333333333333",
                  reference: "CH-2026-0009",
                  name: "Salle de bain",
                  status: "à faire" as const,
                  client: null,
                  team,
                  vehicle: null,
                  address: null,
                  start_date: date,
                  end_date: date,
                  estimated_duration_days: 1,
                  conflicts: [],
                },
              ]
            : [],
      })),
    }));
    const everything = ["calendar:view", "projects:edit", "team:view", "teams:view", "vehicles:view"];
    api.get("/api/auth/permissions", z.array(z.string()), () => everything);
    api.get("/api/teams", z.unknown(), () => ({ data: [], meta: { total: 0, page: 1, limit: 100 } }));
    renderWithProviders(
      <AuthContext.Provider value={authWith(everything, "u2")}>
        <CalendarRoute />
      </AuthContext.Provider>,
    );
    expect(await screen.findByRole("region", { name: "Équipe Plomberie" })).toBeTruthy();
    expect(screen.getByRole("article", { name: "Salle de bain" })).toBeTruthy();
    expect(screen.queryByRole("tablist", { name: "Jours de la semaine" })).toBeNull();
    for (const day of ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"])
      expect(screen.getByText(day)).toBeTruthy();
    // Moved by its grip as on a laptop.
    expect(screen.getByRole("button", { name: "Déplacer Salle de bain" })).toBeTruthy();
  });
});
