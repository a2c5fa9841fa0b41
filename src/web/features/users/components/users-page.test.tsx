import { ACCOUNT_TEXTS } from "@shared/account-rules";
import {
  accountLinkSchema,
  companyUserSchema,
  companyUsersResponseSchema,
  invitationResponseSchema,
  roleSchema,
} from "@shared/accounts";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { never } from "@web/test/fake-api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeRole,
  makeUser,
  renderWithProviders,
  roleRef,
} from "../test/render";
import { UsersPage } from "./users-page";

let api: FakeApi;

const admin = makeRole({ name: "Administrateur", description: "Accès complet", is_default: true });
const compagnon = makeRole({ name: "Compagnon", description: "Ouvrier sur les chantiers" });
const chef = makeRole({ name: "Chef d'équipe", description: null });
const pierre = makeUser({
  full_name: "Pierre Durand",
  email: "admin@durand-renovation.fr",
  roles: [roleRef(admin)],
  is_admin: true,
});
const julien = makeUser({ full_name: "Julien Moreau", roles: [roleRef(compagnon)], last_login_at: null });
const nameless = makeUser({ full_name: "", email: "inconnu@durand-renovation.fr", is_active: false });
const invited = makeUser({
  full_name: "Léa Martin",
  email: "lea@durand-renovation.fr",
  invitation_pending: true,
  last_login_at: null,
});

/** The users API over an in-memory list, searched as the server does (name and e-mail, role). */
function serve(users = [pierre, julien, nameless, invited]) {
  api.get("/api/company/users", companyUsersResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const roleId = query.get("role_id");
    return {
      data: users.filter(
        (u) =>
          `${u.full_name} ${u.email}`.toLowerCase().includes(search) &&
          (!roleId || u.roles.some((r) => r.id === roleId)),
      ),
    };
  });
  api.get("/api/company/roles", z.object({ data: z.array(roleSchema) }), () => ({ data: [admin, chef, compagnon] }));
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  opened.clear();
});

/** The « … » buttons opened once: a plain button the first time (a click), a Radix menu afterwards (Enter). */
const opened = new Set<string>();

/** Opens a card's « … » menu and picks `item`. */
async function chooseAction(userName: string, item: string) {
  const label = `Plus d’actions pour ${userName}`;
  await act(async () => {
    if (opened.has(label)) fireEvent.keyDown(screen.getByRole("button", { name: label }), { key: "Enter" });
    else fireEvent.click(screen.getByRole("button", { name: label }));
  });
  opened.add(label);
  const choice = await screen.findByRole("menuitem", { name: item });
  await act(async () => {
    fireEvent.click(choice);
  });
}

describe("UsersPage", () => {
  it("shows each user's name (or « Sans nom »), e-mail, state, last sign-in and roles, and the company's count", async () => {
    serve();
    renderWithProviders(<UsersPage isMobile={false} />);
    const card = await screen.findByRole("article", { name: "Pierre Durand" });
    expect(card.textContent).toContain("admin@durand-renovation.fr");
    expect(card.textContent).toContain("Actif");
    expect(card.textContent).toContain("Dernière connexion\u00a0: 20/11/2026");
    expect(within(within(card).getByRole("list", { name: "Rôles" })).getByText("Administrateur")).toBeTruthy();
    expect(screen.getByRole("article", { name: "Julien Moreau" }).textContent).toContain("Jamais connecté");
    const noName = screen.getByRole("article", { name: "Sans nom" });
    expect(noName.textContent).toContain("Inactif");
    expect(noName.textContent).toContain("Aucun rôle");
    expect(screen.getByRole("article", { name: "Léa Martin" }).textContent).toContain("Invitation en attente");
    expect(screen.getByText("4 utilisateurs dans votre entreprise.")).toBeTruthy();
  });

  it("searches on the server after 300 ms, filters by role, and says when nothing matches", async () => {
    serve();
    renderWithProviders(<UsersPage isMobile={false} />);
    await screen.findByRole("article", { name: "Pierre Durand" });
    const select = screen.getByRole("combobox", { name: "Filtrer par rôle" });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Tous les rôles", "Administrateur", "Chef d'équipe", "Compagnon"]),
    );
    fireEvent.change(select, { target: { value: compagnon.id } });
    await waitFor(() =>
      expect(api.requests("GET", "/api/company/users").at(-1)?.query.get("role_id")).toBe(compagnon.id),
    );
    await waitFor(() => expect(screen.queryByRole("article", { name: "Pierre Durand" })).toBeNull());
    expect(screen.getByRole("article", { name: "Julien Moreau" })).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher un utilisateur" }), {
      target: { value: "zinc" },
    });
    await waitFor(() => expect(api.requests("GET", "/api/company/users").at(-1)?.query.get("search")).toBe("zinc"));
    expect(await screen.findByText(ACCOUNT_TEXTS.usersEmptyTitle)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.usersEmptyText)).toBeTruthy();
    // The subtitle still counts the company's users.
    expect(screen.getByText("4 utilisateurs dans votre entreprise.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Effacer les filtres" }));
    expect(await screen.findByRole("article", { name: "Pierre Durand" })).toBeTruthy();
  });

  it("shows skeletons while loading, then the error alone with « Réessayer »", async () => {
    api.get("/api/company/users", companyUsersResponseSchema, () => never());
    const { unmount } = renderWithProviders(<UsersPage isMobile={false} />);
    expect(screen.getByRole("status", { name: "Chargement des utilisateurs…" })).toBeTruthy();
    unmount();
    api.get("/api/company/users", companyUsersResponseSchema, () => apiError(500, "Service indisponible"));
    renderWithProviders(<UsersPage isMobile={false} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ACCOUNT_TEXTS.usersLoadFailed);
    expect(alert.textContent).toContain("Service indisponible");
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });

  it("shows only what the user may do: no role filter nor buttons for a users:view holder", async () => {
    serve();
    renderWithProviders(<UsersPage isMobile={false} />, { permissions: ["users:view"] });
    const card = await screen.findByRole("article", { name: "Pierre Durand" });
    expect(within(card).queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryByRole("combobox", { name: "Filtrer par rôle" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Inviter un utilisateur" })).toBeNull();
    expect(api.requests("GET", "/api/company/roles")).toHaveLength(0);
  });

  it("offers no action on a user who holds permissions the signed-in one lacks, and says why", async () => {
    serve([{ ...pierre, may_act: false }, julien, nameless, invited]);
    renderWithProviders(<UsersPage isMobile={false} />);
    const card = await screen.findByRole("article", { name: "Pierre Durand" });
    expect(within(card).queryAllByRole("button")).toHaveLength(0);
    expect(card.textContent).toContain(ACCOUNT_TEXTS.strongerUserNote);
    const other = screen.getByRole("article", { name: "Julien Moreau" });
    expect(within(other).getByRole("button", { name: "Gérer les rôles de Julien Moreau" })).toBeTruthy();
    expect(other.textContent).not.toContain(ACCOUNT_TEXTS.strongerUserNote);
  });

  it("« Gérer les rôles »: current roles, every role with its description, saved as a whole set", async () => {
    serve();
    api.post("/api/company/user-roles/user/:userId", companyUserSchema, () => ({
      ...julien,
      roles: [roleRef(chef), roleRef(compagnon)],
    }));
    renderWithProviders(<UsersPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Gérer les rôles de Julien Moreau" }));
    const dialog = await screen.findByRole("dialog", { name: "Gérer les rôles" });
    expect(within(dialog).getByText("Rôles actuels")).toBeTruthy();
    const checkbox = (name: string) => within(dialog).getByRole("checkbox", { name: new RegExp(`^${name}`) });
    await waitFor(() => expect((checkbox("Compagnon") as HTMLInputElement).checked).toBe(true));
    expect(within(dialog).getByText("Ouvrier sur les chantiers")).toBeTruthy();
    expect((checkbox("Administrateur") as HTMLInputElement).checked).toBe(false);
    fireEvent.click(checkbox("Chef d'équipe"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.requests("POST", "/api/company/user-roles/user/:userId")).toHaveLength(1));
    const request = api.requests("POST", "/api/company/user-roles/user/:userId")[0];
    expect(request?.params.userId).toBe(julien.id);
    expect(request?.body).toEqual({ role_ids: [chef.id, compagnon.id] });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.rolesUpdated));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Gérer les rôles" })).toBeNull());
  });

  it("« Gérer les rôles »: the last administrator's refusal is shown under the spec's failure", async () => {
    serve();
    api.post("/api/company/user-roles/user/:userId", companyUserSchema, () => apiError(409, ACCOUNT_TEXTS.lastAdmin));
    renderWithProviders(<UsersPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Gérer les rôles de Pierre Durand" }));
    const dialog = await screen.findByRole("dialog", { name: "Gérer les rôles" });
    const adminBox = await within(dialog).findByRole("checkbox", { name: /^Administrateur/ });
    fireEvent.click(adminBox);
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ACCOUNT_TEXTS.rolesUpdateFailed, {
        description: ACCOUNT_TEXTS.lastAdmin,
      }),
    );
    // The dialog stays open: the choice can be corrected.
    expect(screen.getByRole("dialog", { name: "Gérer les rôles" })).toBeTruthy();
  });

  it("invites a user after checking the fields, then shows the link to copy with its expiry", async () => {
    serve();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const lea = makeUser({ full_name: "Léa Martin", email: "lea@exemple.fr", invitation_pending: true });
    api.post("/api/company/users/invitations", invitationResponseSchema, ({ body }) =>
      (body as { email: string }).email === "admin@durand-renovation.fr"
        ? apiError(409, ACCOUNT_TEXTS.emailTaken)
        : { user: lea, link: { path: "/invitation/tok-123", expires_at: "2026-11-29T09:00:00.000Z" } },
    );
    renderWithProviders(<UsersPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Inviter un utilisateur" }));
    const dialog = await screen.findByRole("dialog", { name: "Inviter un utilisateur" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Inviter" }));
    expect(await within(dialog).findByText(ACCOUNT_TEXTS.emailRequired)).toBeTruthy();
    expect(within(dialog).getByText(ACCOUNT_TEXTS.fullNameRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("E-mail *"), { target: { value: "pas-une-adresse" } });
    fireEvent.change(within(dialog).getByLabelText("Nom complet *"), { target: { value: "Léa Martin" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Inviter" }));
    expect(await within(dialog).findByText(ACCOUNT_TEXTS.emailInvalid)).toBeTruthy();
    expect(api.requests("POST", "/api/company/users/invitations")).toHaveLength(0);

    // An e-mail already used: the server's message under the field.
    fireEvent.change(within(dialog).getByLabelText("E-mail *"), { target: { value: "admin@durand-renovation.fr" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Inviter" }));
    expect(await within(dialog).findByText(ACCOUNT_TEXTS.emailTaken)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("E-mail *"), { target: { value: "Lea@Exemple.fr" } });
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: /^Compagnon/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Inviter" }));
    const done = await screen.findByRole("dialog", { name: "Invitation créée" });
    expect(api.requests("POST", "/api/company/users/invitations").at(-1)?.body).toEqual({
      email: "lea@exemple.fr",
      full_name: "Léa Martin",
      role_ids: [compagnon.id],
    });
    const field = within(done).getByLabelText("Lien à envoyer") as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/invitation/tok-123`);
    expect(field.readOnly).toBe(true);
    expect(done.textContent).toMatch(/Valable jusqu’au 29 nov\. 2026 à \d{1,2}\sh\. Il ne sert qu’une fois\./);
    fireEvent.click(within(done).getByRole("button", { name: "Copier le lien" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invitation/tok-123`));
    expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.linkCopied);
  });

  it("gives a pending user a new invitation link, and an active user a password-reset link", async () => {
    serve();
    api.post("/api/company/users/:id/invitation", invitationResponseSchema, () => ({
      user: invited,
      link: { path: "/invitation/nouveau", expires_at: "2026-11-29T09:00:00.000Z" },
    }));
    api.post("/api/company/users/:id/password-reset", accountLinkSchema, () => ({
      path: "/reinitialiser/reset-1",
      expires_at: "2026-11-23T09:00:00.000Z",
    }));
    renderWithProviders(<UsersPage isMobile={false} />);
    await screen.findByRole("article", { name: "Léa Martin" });
    await chooseAction("Léa Martin", "Nouveau lien d’invitation");
    const invitation = await screen.findByRole("dialog", { name: "Nouveau lien d’invitation" });
    expect(api.requests("POST", "/api/company/users/:id/invitation")[0]?.params.id).toBe(invited.id);
    expect((within(invitation).getByLabelText("Lien à envoyer") as HTMLInputElement).value).toBe(
      `${window.location.origin}/invitation/nouveau`,
    );
    fireEvent.click(within(invitation).getByRole("button", { name: "Terminé" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await chooseAction("Julien Moreau", "Lien de réinitialisation du mot de passe");
    const reset = await screen.findByRole("dialog", { name: "Lien de réinitialisation du mot de passe" });
    expect((within(reset).getByLabelText("Lien à envoyer") as HTMLInputElement).value).toBe(
      `${window.location.origin}/reinitialiser/reset-1`,
    );
    expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.resetCreated);
  });

  it("deactivates after confirmation (the server's refusal toasted), reactivates at once", async () => {
    serve();
    let refuse = true;
    api.patch("/api/company/users/:id", companyUserSchema, ({ params, body }) =>
      refuse ? apiError(409, ACCOUNT_TEXTS.lastAdmin) : { ...julien, id: params.id ?? "", ...(body as object) },
    );
    renderWithProviders(<UsersPage isMobile={false} />);
    await screen.findByRole("article", { name: "Julien Moreau" });
    await chooseAction("Julien Moreau", "Désactiver");
    const confirm = await screen.findByRole("alertdialog", { name: "Désactiver l’utilisateur\u202f?" });
    expect(confirm.textContent).toContain("Julien Moreau ne pourra plus se connecter");
    fireEvent.click(within(confirm).getByRole("button", { name: "Désactiver" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ACCOUNT_TEXTS.userUpdateFailed, {
        description: ACCOUNT_TEXTS.lastAdmin,
      }),
    );
    refuse = false;
    await chooseAction("Julien Moreau", "Désactiver");
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Désactiver" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.userDeactivated));
    expect(api.requests("PATCH", "/api/company/users/:id").at(-1)?.body).toEqual({ is_active: false });

    await chooseAction("Sans nom", "Réactiver");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.userReactivated));
    expect(api.requests("PATCH", "/api/company/users/:id").at(-1)).toMatchObject({
      params: { id: nameless.id },
      body: { is_active: true },
    });
  });
});
