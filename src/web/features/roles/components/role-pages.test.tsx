import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { companyUsersResponseSchema, type Role, roleSchema } from "@shared/accounts";
import { permissionGroupSchema } from "@shared/auth";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import type { ReactElement } from "react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  apiError,
  CATALOGUE,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeRole,
  makeUser,
  renderWithProviders,
} from "../test/render";
import { RoleFormPage } from "./role-form-page";
import { RolePermissionsPage } from "./role-permissions-page";
import { RoleUsersPage } from "./role-users-page";

let api: FakeApi;
const metreur = makeRole({
  name: "Métreur",
  description: "Prépare les devis",
  permissions: [{ id: "p-clients:view", code: "clients:view" }],
  user_count: 1,
});

/** The page under test, and the roles list it goes back to. */
function renderPage(page: ReactElement, permissions?: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(
    <Routes>
      <Route path="/app/admin/roles" element={<p>Liste des rôles</p>} />
      <Route path="*" element={page} />
    </Routes>,
    permissions,
  );
}

function serveRole(role: Role = metreur) {
  api.get("/api/company/roles/:id", roleSchema, ({ params }) =>
    params.id === role.id ? role : apiError(404, ACCOUNT_TEXTS.roleNotFound),
  );
  api.get("/api/company/permissions/grouped", z.array(permissionGroupSchema), () => CATALOGUE);
}

const box = (name: string) => screen.getByRole("checkbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("RoleFormPage", () => {
  it("creates a role: the name is required, the picker below hides SuperAdmin, the body carries the permissions", async () => {
    serveRole();
    api.post("/api/company/roles", roleSchema, ({ body }) => makeRole(body as Partial<Role>));
    renderPage(<RoleFormPage roleId={null} isMobile={false} />);
    expect(screen.getByRole("heading", { level: 1, name: "Créer un nouveau rôle" })).toBeTruthy();
    await screen.findByRole("region", { name: "Clients" });
    expect(screen.queryByRole("region", { name: "SuperAdmin" })).toBeNull();
    expect(screen.queryByText("superadmin:access")).toBeNull();
    expect(screen.queryByRole("tab")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Créer le rôle" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.roleNameRequired)).toBeTruthy();
    expect(api.requests("POST", "/api/company/roles")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Nom *"), { target: { value: "Conducteur de travaux" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Suit les chantiers" } });
    fireEvent.click(screen.getByLabelText("Rôle par défaut"));
    fireEvent.click(box("Voir les devis"));
    fireEvent.click(box("Voir les clients"));
    fireEvent.click(screen.getByRole("button", { name: "Créer le rôle" }));
    await waitFor(() => expect(api.requests("POST", "/api/company/roles")).toHaveLength(1));
    expect(api.requests("POST", "/api/company/roles")[0]?.body).toEqual({
      name: "Conducteur de travaux",
      description: "Suit les chantiers",
      is_default: true,
      permission_ids: ["p-clients:view", "p-quotes:view"],
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.roleCreated));
    expect(await screen.findByText("Liste des rôles")).toBeTruthy();
  });

  it("names each permission in French only: its code is no text of the page, a tooltip at most (issue 32)", async () => {
    serveRole();
    renderPage(<RoleFormPage roleId={null} isMobile={false} />);
    await screen.findByRole("region", { name: "Clients" });
    const quotes = screen.getByRole("checkbox", { name: "Voir les devis" });
    expect(quotes).toBeTruthy();
    expect(screen.queryByText("quotes:view")).toBeNull();
    expect(screen.queryByText(/\b[a-z_]+:[a-z_]+\b/)).toBeNull();
    expect(quotes.closest("label")?.getAttribute("title")).toBe("quotes:view");
  });

  it("says the name is taken under the field, and « Annuler » goes back to the list", async () => {
    serveRole();
    api.post("/api/company/roles", roleSchema, () => apiError(409, ACCOUNT_TEXTS.roleNameTaken));
    renderPage(<RoleFormPage roleId={null} isMobile={false} />);
    fireEvent.change(screen.getByLabelText("Nom *"), { target: { value: "administrateur" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer le rôle" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.roleNameTaken)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(await screen.findByText("Liste des rôles")).toBeTruthy();
  });

  it("edits a role in two tabs and saves the information, then the permissions when they changed", async () => {
    serveRole();
    api.put("/api/company/roles/:id", roleSchema, ({ body }) => ({ ...metreur, ...(body as object) }));
    api.post("/api/company/roles/:id/permissions", roleSchema, () => metreur);
    renderPage(<RoleFormPage roleId={metreur.id} isMobile={false} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Modifier le rôle" })).toBeTruthy();
    expect(((await screen.findByLabelText("Nom *")) as HTMLInputElement).value).toBe("Métreur");
    fireEvent.change(screen.getByLabelText("Nom *"), { target: { value: "Métreur principal" } });
    const permissionsTab = screen.getByRole("tab", { name: "Permissions" });
    fireEvent.mouseDown(permissionsTab);
    fireEvent.click(permissionsTab);
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Permissions" }).getAttribute("aria-selected")).toBe("true"),
    );
    await waitFor(() => expect(box("Voir les clients").checked).toBe(true));
    fireEvent.click(box("Créer les devis"));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.requests("POST", "/api/company/roles/:id/permissions")).toHaveLength(1));
    expect(api.requests("PUT", "/api/company/roles/:id")[0]?.body).toEqual({
      name: "Métreur principal",
      description: "Prépare les devis",
      is_default: false,
    });
    expect(api.requests("POST", "/api/company/roles/:id/permissions")[0]?.body).toEqual({
      permission_ids: ["p-clients:view", "p-quotes:create"],
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.roleUpdated));
  });

  it("refuses a reserved name from the « Permissions » tab: « Informations » comes back with the message, nothing sent", async () => {
    serveRole();
    renderPage(<RoleFormPage roleId={metreur.id} isMobile={false} />);
    fireEvent.change(await screen.findByLabelText("Nom *"), { target: { value: " SuperAdmin " } });
    const permissionsTab = screen.getByRole("tab", { name: "Permissions" });
    fireEvent.mouseDown(permissionsTab);
    fireEvent.click(permissionsTab);
    await waitFor(() => expect(permissionsTab.getAttribute("aria-selected")).toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.roleNameReserved)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Informations" }).getAttribute("aria-selected")).toBe("true"),
    );
    expect(screen.getByLabelText("Nom *").getAttribute("aria-invalid")).toBe("true");
    expect(api.requests("PUT")).toHaveLength(0);
  });

  it("a role that cannot be read: « Erreur de chargement du rôle », then back to the list", async () => {
    serveRole();
    renderPage(<RoleFormPage roleId={crypto.randomUUID()} isMobile={false} />);
    expect(await screen.findByText("Liste des rôles")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(ACCOUNT_TEXTS.roleLoadFailed, { description: ACCOUNT_TEXTS.roleNotFound });
  });
});

describe("RolePermissionsPage", () => {
  it("groups the permissions by category with a tri-state « Tout sélectionner » and its count, and saves the set", async () => {
    serveRole();
    api.post("/api/company/roles/:id/permissions", roleSchema, () => metreur);
    renderPage(<RolePermissionsPage roleId={metreur.id} isMobile={false} />);
    const clients = await screen.findByRole("region", { name: "Clients" });
    expect(screen.queryByRole("region", { name: "SuperAdmin" })).toBeNull();
    const all = within(clients).getByRole("checkbox", { name: "Tout sélectionner\u00a0: Clients" }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(all.getAttribute("aria-checked")).toBe("mixed");
    expect(clients.textContent).toContain("1/3");
    fireEvent.click(all);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    expect(clients.textContent).toContain("3/3");
    fireEvent.click(all);
    expect(all.checked).toBe(false);
    expect(clients.textContent).toContain("0/3");
    fireEvent.click(
      within(screen.getByRole("region", { name: "Devis" })).getByRole("checkbox", {
        name: "Tout sélectionner\u00a0: Devis",
      }),
    );
    expect(screen.getByRole("link", { name: "Retour" }).getAttribute("href")).toBe(`/app/admin/roles/${metreur.id}`);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les permissions" }));
    await waitFor(() => expect(api.requests("POST", "/api/company/roles/:id/permissions")).toHaveLength(1));
    expect(api.requests("POST", "/api/company/roles/:id/permissions")[0]?.body).toEqual({
      permission_ids: ["p-quotes:view", "p-quotes:create"],
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.permissionsUpdated));
  });

  it("says when no permission is available, and toasts a refused save", async () => {
    serveRole();
    api.get("/api/company/permissions/grouped", z.array(permissionGroupSchema), () => [
      CATALOGUE[2] as (typeof CATALOGUE)[number],
    ]);
    const first = renderPage(<RolePermissionsPage roleId={metreur.id} isMobile={false} />);
    expect(await screen.findByText(ACCOUNT_TEXTS.permissionsEmpty)).toBeTruthy();
    first.unmount();
    serveRole();
    api.post("/api/company/roles/:id/permissions", roleSchema, () => apiError(400, ACCOUNT_TEXTS.cannotGrantUnheld));
    renderPage(<RolePermissionsPage roleId={metreur.id} isMobile={false} />);
    await screen.findByRole("region", { name: "Clients" });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les permissions" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ACCOUNT_TEXTS.permissionsSaveFailed, {
        description: ACCOUNT_TEXTS.cannotGrantUnheld,
      }),
    );
  });
});

describe("RoleUsersPage", () => {
  const pierre = makeUser({ full_name: "Pierre Durand", email: "admin@durand-renovation.fr" });
  const julien = makeUser({
    full_name: "Julien Moreau",
    roles: [{ id: metreur.id, name: metreur.name, description: metreur.description }],
  });

  function serveUsers() {
    api.get("/api/company/users", companyUsersResponseSchema, ({ query }) => {
      const search = query.get("search")?.toLowerCase() ?? "";
      return { data: [pierre, julien].filter((u) => `${u.full_name} ${u.email}`.toLowerCase().includes(search)) };
    });
  }

  it("lists the users with « Dans ce rôle », asks for a selection, then adds and removes the ticked users", async () => {
    serveRole();
    serveUsers();
    api.post("/api/company/roles/:id/users", roleSchema, () => metreur);
    api.deleteWithBody("/api/company/roles/:id/users", roleSchema, () => apiError(409, ACCOUNT_TEXTS.lastAdmin));
    renderPage(<RoleUsersPage roleId={metreur.id} isMobile={false} />);
    const table = await screen.findByRole("table", { name: "Utilisateurs de l’entreprise" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["", "Nom", "E-mail", "Dans ce rôle"]);
    expect(within(table).getByRole("row", { name: /Pierre Durand/ }).textContent).toContain("Non");
    expect(within(table).getByRole("row", { name: /Julien Moreau/ }).textContent).toContain("Oui");
    expect(screen.getByRole("link", { name: "Retour aux rôles" }).getAttribute("href")).toBe("/app/admin/roles");

    fireEvent.click(screen.getByRole("button", { name: "Ajouter au rôle" }));
    expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_TEXTS.selectUsers);
    expect(api.requests("POST", "/api/company/roles/:id/users")).toHaveLength(0);

    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Pierre Durand" }));
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ajouter au rôle" }));
    await waitFor(() => expect(api.requests("POST", "/api/company/roles/:id/users")).toHaveLength(1));
    expect(api.requests("POST", "/api/company/roles/:id/users")[0]?.body).toEqual({ user_ids: [pierre.id] });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.usersAdded));

    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Julien Moreau" }));
    fireEvent.click(screen.getByRole("button", { name: "Retirer du rôle" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ACCOUNT_TEXTS.roleUsersRemoveFailed, {
        description: ACCOUNT_TEXTS.lastAdmin,
      }),
    );
    expect(api.requests("DELETE", "/api/company/roles/:id/users")[0]?.body).toEqual({ user_ids: [julien.id] });
  });

  it("searches over name and e-mail on the server, and says when nobody matches", async () => {
    serveRole();
    serveUsers();
    renderPage(<RoleUsersPage roleId={metreur.id} isMobile={false} />);
    await screen.findByRole("table");
    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher un utilisateur" }), {
      target: { value: "zinc" },
    });
    await waitFor(() => expect(api.requests("GET", "/api/company/users").at(-1)?.query.get("search")).toBe("zinc"));
    expect(await screen.findByText(ACCOUNT_TEXTS.usersEmptyTitle)).toBeTruthy();
  });
});
