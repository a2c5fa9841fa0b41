import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { roleSchema } from "@shared/accounts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeRole,
  never,
  noContent,
  renderWithProviders,
} from "../test/render";
import { RolesPage } from "./roles-page";

const rolesSchema = z.object({ data: z.array(roleSchema) });
let api: FakeApi;
const admin = makeRole({ name: "Administrateur", description: "Accès complet", is_default: true, user_count: 1 });
const custom = makeRole({ name: "Métreur", description: "Prépare les devis", user_count: 2 });

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("RolesPage", () => {
  it("lists the roles in a table: name, description, default Oui / Non, and the actions as links", async () => {
    api.get("/api/company/roles", rolesSchema, () => ({ data: [admin, custom] }));
    renderWithProviders(<RolesPage isMobile={false} />);
    const table = await screen.findByRole("table", { name: "Rôles de l’entreprise" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Nom", "Description", "Par défaut", "Actions"]);
    const row = within(table).getByRole("row", { name: /Métreur/ });
    expect(row.textContent).toContain("Prépare les devis");
    expect(row.textContent).toContain("Non");
    expect(row.textContent).toContain("2\u00a0utilisateurs");
    expect(within(table).getByRole("row", { name: /Administrateur/ }).textContent).toContain("Oui");
    expect(within(row).getByRole("link", { name: "Gérer les utilisateurs du rôle Métreur" }).getAttribute("href")).toBe(
      `/app/admin/roles/${custom.id}/users`,
    );
    expect(within(row).getByRole("link", { name: "Gérer les permissions du rôle Métreur" }).getAttribute("href")).toBe(
      `/app/admin/roles/${custom.id}/permissions`,
    );
    expect(within(row).getByRole("link", { name: "Modifier le rôle Métreur" }).getAttribute("href")).toBe(
      `/app/admin/roles/${custom.id}`,
    );
    // A default role cannot be deleted.
    expect(
      (screen.getByRole("button", { name: "Supprimer le rôle Administrateur" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByRole("link", { name: "Nouveau rôle" }).getAttribute("href")).toBe("/app/admin/roles/new");
  });

  it("shows cards on a phone", async () => {
    api.get("/api/company/roles", rolesSchema, () => ({ data: [admin, custom] }));
    renderWithProviders(<RolesPage isMobile />);
    const card = await screen.findByRole("article", { name: "Métreur" });
    expect(card.textContent).toContain("Par défaut");
    expect(card.textContent).toContain("Non");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("loading, empty and error states", async () => {
    api.get("/api/company/roles", rolesSchema, () => never());
    const first = renderWithProviders(<RolesPage isMobile={false} />);
    expect(screen.getByRole("status", { name: "Chargement des rôles…" })).toBeTruthy();
    first.unmount();
    api.get("/api/company/roles", rolesSchema, () => ({ data: [] }));
    const second = renderWithProviders(<RolesPage isMobile={false} />);
    expect(await screen.findByText(ACCOUNT_TEXTS.rolesEmpty)).toBeTruthy();
    second.unmount();
    api.get("/api/company/roles", rolesSchema, () => apiError(500, "Service indisponible"));
    renderWithProviders(<RolesPage isMobile={false} />);
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_TEXTS.rolesLoadFailed);
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });

  it("shows only the actions the user may take", async () => {
    api.get("/api/company/roles", rolesSchema, () => ({ data: [custom] }));
    renderWithProviders(<RolesPage isMobile={false} />, { permissions: ["roles:view", "roles:edit"] });
    const row = await screen.findByRole("row", { name: /Métreur/ });
    expect(
      within(row)
        .getAllByRole("link")
        .map((l) => l.getAttribute("aria-label")),
    ).toEqual(["Modifier le rôle Métreur"]);
    expect(within(row).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("link", { name: "Nouveau rôle" })).toBeNull();
  });

  it("deletes a role after the spec's confirmation; the server's refusal is toasted", async () => {
    let roles = [admin, custom];
    api.get("/api/company/roles", rolesSchema, () => ({ data: roles }));
    let refuse = true;
    api.delete("/api/company/roles/:id", ({ params }) => {
      if (refuse) return apiError(409, ACCOUNT_TEXTS.lastAdmin);
      roles = roles.filter((r) => r.id !== params.id);
      return noContent();
    });
    renderWithProviders(<RolesPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Supprimer le rôle Métreur" }));
    const confirm = await screen.findByRole("alertdialog", { name: ACCOUNT_TEXTS.deleteRoleTitle });
    expect(confirm.textContent).toContain("Êtes-vous sûr de vouloir supprimer le rôle Métreur\u202f?");
    expect(confirm.textContent).toContain("irréversible");
    expect(confirm.textContent).toContain("associations avec les utilisateurs et les permissions");
    fireEvent.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ACCOUNT_TEXTS.deleteRoleFailed, {
        description: ACCOUNT_TEXTS.lastAdmin,
      }),
    );
    refuse = false;
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Supprimer le rôle Métreur" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.roleDeleted));
    await waitFor(() => expect(screen.queryByRole("row", { name: /Métreur/ })).toBeNull());
    expect(api.requests("DELETE", "/api/company/roles/:id").at(-1)?.params.id).toBe(custom.id);
  });
});
