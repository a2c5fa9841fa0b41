import type { AuthUser } from "@shared/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AuthContext, type AuthContextValue } from "../hooks/auth-context";
import { PermissionGuard } from "./permission-guard";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function user(permissions: string[], role: string | null = "Chef d'équipe"): AuthUser {
  return {
    id: "u1",
    email: "chef@durand-renovation.fr",
    full_name: "Marc Petit",
    avatarUrl: null,
    companyId: "c1",
    company_id: "c1",
    company_name: "Durand Rénovation",
    role,
    roles: [],
    permissions,
  };
}

function renderAs(signedIn: AuthUser | null, ui: ReactNode) {
  if (signedIn) localStorage.setItem("auth_user", JSON.stringify(signedIn));
  const auth: AuthContextValue = {
    user: signedIn,
    token: signedIn ? "t" : null,
    isAuthenticated: signedIn !== null,
    isLoading: false,
    login: async () => {
      throw new Error("unused");
    },
    logout: async () => {},
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>{ui}</AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe("PermissionGuard", () => {
  it("shows its children when the permission is held (wildcards included)", () => {
    renderAs(
      user(["clients:*"]),
      <PermissionGuard permission="clients.create" fallback={<p>refusé</p>}>
        <p>autorisé</p>
      </PermissionGuard>,
    );
    expect(screen.getByText("autorisé")).toBeTruthy();
    expect(screen.queryByText("refusé")).toBeNull();
  });

  it("shows the fallback (nothing by default) otherwise", () => {
    const { container } = renderAs(
      user(["clients:view"]),
      <PermissionGuard permission="users:view">
        <p>autorisé</p>
      </PermissionGuard>,
    );
    expect(container.textContent).toBe("");
  });

  it("checks anyOf and allOf", () => {
    renderAs(
      user(["quotes:view", "invoices:view"]),
      <>
        <PermissionGuard anyOf={["users:view", "quotes:view"]}>
          <p>un des deux</p>
        </PermissionGuard>
        <PermissionGuard allOf={["quotes:view", "users:view"]} fallback={<p>pas tous</p>}>
          <p>tous</p>
        </PermissionGuard>
      </>,
    );
    expect(screen.getByText("un des deux")).toBeTruthy();
    expect(screen.getByText("pas tous")).toBeTruthy();
  });

  it("grants everything to a SuperAdmin and nothing to a visitor", () => {
    renderAs(
      user([], "superadmin"),
      <PermissionGuard allOf={["users:delete", "roles:edit"]}>
        <p>superadmin</p>
      </PermissionGuard>,
    );
    expect(screen.getByText("superadmin")).toBeTruthy();
    cleanup();
    const { container } = renderAs(
      null,
      <PermissionGuard>
        <p>visiteur</p>
      </PermissionGuard>,
    );
    expect(container.textContent).toBe("");
  });
});
