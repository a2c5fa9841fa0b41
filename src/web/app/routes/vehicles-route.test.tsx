import type { AuthUser } from "@shared/auth";
import { cleanup, screen } from "@testing-library/react";
import { AuthContext } from "@web/features/auth/hooks/auth-context";
import { type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { VehiclesRoute } from "./vehicles-route";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(cleanup);

describe("VehiclesRoute", () => {
  it("refuses the screen without vehicles:view", async () => {
    const user: AuthUser = {
      id: "u1",
      email: "sans-droit@exemple.fr",
      full_name: "Sans droit",
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
        <VehiclesRoute />
      </AuthContext.Provider>,
    );
    expect(await screen.findByRole("heading", { name: "Accès refusé" })).toBeTruthy();
    expect(screen.getByText("Vous n'avez pas les permissions pour accéder à cette page.")).toBeTruthy();
    expect(api.requests("GET", "/api/vehicles")).toHaveLength(0);
  });
});
