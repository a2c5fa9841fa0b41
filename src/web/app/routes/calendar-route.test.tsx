import type { AuthUser } from "@shared/auth";
import { PLANNING_TEXTS } from "@shared/planning-rules";
import { cleanup, screen } from "@testing-library/react";
import { AuthContext } from "@web/features/auth/hooks/auth-context";
import { type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CalendarRoute } from "./calendar-route";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(cleanup);

describe("CalendarRoute", () => {
  it("refuses the planning without calendar:view, in the spec's words, and asks for no week", async () => {
    const user: AuthUser = {
      id: "u1",
      email: "sans-planning@exemple.fr",
      full_name: "Sans planning",
      avatarUrl: null,
      companyId: "c1",
      company_id: "c1",
      company_name: "Durand Rénovation",
      role: null,
      roles: [],
      permissions: ["quotes:view"],
    };
    const auth = {
      user,
      token: "t",
      isAuthenticated: true,
      isLoading: false,
      login: async () => user,
      signInWith: () => user,
      logout: async () => {},
    };
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
});
