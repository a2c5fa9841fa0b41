import { TEAM_TEXTS } from "@shared/team-rules";
import {
  type Team,
  type TeamMember,
  teamCandidatesResponseSchema,
  teamDetailSchema,
  teamListResponseSchema,
} from "@shared/teams";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeMember,
  makeTeam,
  makeTeamDetail,
  noContent,
  renderWithProviders,
} from "../test/render";
import { TeamsPage } from "./teams-page";

let api: FakeApi;

const marc = makeMember({ full_name: "Marc Lefèvre", email: "chef@durand-renovation.fr", is_leader: true });
const julien = makeMember({ full_name: "Julien Moreau" });
const thomas = makeMember({ full_name: "Thomas Girard", email: "thomas.girard@durand-renovation.fr" });
const plumbing = makeTeam({ name: "Équipe Plomberie" }, [marc, julien]);
const masonry = makeTeam({ name: "Équipe Gros œuvre", description: null }, []);

/** The teams API over an in-memory list, searched as the server does (name and description). */
function serve(teams: Team[], members: Record<string, TeamMember[]> = {}) {
  api.get("/api/teams", teamListResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const found = teams.filter((t) => `${t.name} ${t.description ?? ""}`.toLowerCase().includes(search));
    const limit = Number(query.get("limit"));
    return { data: found.slice(0, limit), meta: { total: found.length, page: 1, limit } };
  });
  api.get("/api/teams/:id", teamDetailSchema, ({ params }) => {
    const team = teams.find((t) => t.id === params.id);
    return team ? makeTeamDetail(team, members[team.id] ?? []) : apiError(404, TEAM_TEXTS.notFound);
  });
  api.get("/api/teams/candidates", teamCandidatesResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    return {
      data: [marc, julien, thomas]
        .filter((m) => `${m.full_name} ${m.email}`.toLowerCase().includes(search))
        .map(({ id, full_name, email }) => ({ id, full_name, email })),
    };
  });
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("TeamsPage", () => {
  it("shows each team's members, count and leader, the company's count, and searches on the server", async () => {
    serve([masonry, plumbing]);
    renderWithProviders(<TeamsPage isMobile={false} />);
    const card = await screen.findByRole("article", { name: "Équipe Plomberie" });
    expect(card.textContent).toContain("Salles de bain, sanitaires et dépannages");
    expect(card.textContent).toContain("2\u00a0membres");
    expect(card.textContent).toContain("Chef d’équipe\u00a0:Marc Lefèvre");
    expect(within(within(card).getByRole("list", { name: "Membres" })).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("article", { name: "Équipe Gros œuvre" }).textContent).toContain("Aucun membre");
    expect(screen.getByText("2 équipes", { selector: ".sr-only" })).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher une équipe" }), { target: { value: "zinc" } });
    await waitFor(() => expect(api.requests("GET", "/api/teams").at(-1)?.query.get("search")).toBe("zinc"));
    expect(await screen.findByText("Aucune équipe trouvée")).toBeTruthy();
    // The header still counts the company's teams.
    expect(screen.getByText("2 équipes", { selector: ".sr-only" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Effacer la recherche" }));
    expect(await screen.findByRole("article", { name: "Équipe Plomberie" })).toBeTruthy();
  });

  it("says there is no team yet, or that the list could not be loaded", async () => {
    serve([]);
    const { unmount } = renderWithProviders(<TeamsPage isMobile={false} />);
    expect(await screen.findByText(TEAM_TEXTS.emptyTitle)).toBeTruthy();
    expect(screen.getByText(TEAM_TEXTS.emptyText)).toBeTruthy();
    unmount();
    api.get("/api/teams", teamListResponseSchema, () => apiError(500, "Service indisponible"));
    renderWithProviders(<TeamsPage isMobile={false} />);
    expect((await screen.findByRole("alert")).textContent).toContain(TEAM_TEXTS.loadFailed);
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });

  it("shows the actions a user may take: a Compagnon-like viewer gets no button, no clickable card", async () => {
    serve([plumbing]);
    renderWithProviders(<TeamsPage isMobile={false} />, { permissions: ["teams:view"] });
    const card = await screen.findByRole("article", { name: "Équipe Plomberie" });
    expect(within(card).queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Nouvelle équipe" })).toBeNull();
    cleanup();
    // A Chef d'équipe: create and edit, not delete.
    renderWithProviders(<TeamsPage isMobile={false} />, {
      permissions: ["teams:view", "teams:create", "teams:edit"],
    });
    const chefCard = await screen.findByRole("article", { name: "Équipe Plomberie" });
    expect(within(chefCard).getByRole("button", { name: "Modifier l’équipe Équipe Plomberie" })).toBeTruthy();
    expect(within(chefCard).queryByRole("button", { name: "Supprimer l'équipe Équipe Plomberie" })).toBeNull();
    expect(screen.getByRole("button", { name: "Nouvelle équipe" })).toBeTruthy();
  });

  it("edits the members: removes one, adds one from the picker, names the leader, and sends the whole team", async () => {
    serve([plumbing], { [plumbing.id]: [marc, julien] });
    api.put("/api/teams/:id", teamDetailSchema, () => makeTeamDetail(plumbing, [marc, julien]));
    renderWithProviders(<TeamsPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Équipe Plomberie" }));
    const dialog = await screen.findByRole("dialog", { name: "Modifier l’équipe" });
    const chosen = within(dialog).getByRole("list", { name: "Membres choisis" });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Marc Lefèvre"), expect.stringContaining("Julien Moreau")]);
    expect(
      within(dialog).getByRole("button", { name: "Chef d’équipe\u00a0: Marc Lefèvre" }).getAttribute("aria-pressed"),
    ).toBe("true");

    fireEvent.click(within(dialog).getByRole("button", { name: "Retirer Julien Moreau" }));
    const picker = within(dialog).getByRole("combobox", { name: "Ajouter un membre" });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: "girard" } });
    fireEvent.mouseDown(await within(dialog).findByRole("option", { name: /Thomas Girard/ }));
    // The leader moves to Thomas: one at most.
    fireEvent.click(within(dialog).getByRole("button", { name: "Chef d’équipe\u00a0: Thomas Girard" }));
    expect(
      within(dialog).getByRole("button", { name: "Chef d’équipe\u00a0: Marc Lefèvre" }).getAttribute("aria-pressed"),
    ).toBe("false");

    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.requests("PUT", "/api/teams/:id")).toHaveLength(1));
    expect(api.requests("PUT", "/api/teams/:id")[0]?.body).toEqual({
      name: "Équipe Plomberie",
      description: "Salles de bain, sanitaires et dépannages",
      member_ids: [marc.id, thomas.id],
      leader_id: thomas.id,
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(TEAM_TEXTS.updated, { description: TEAM_TEXTS.updatedDescription }),
    );
  });

  it("creates a team after checking its name, and deletes one after confirmation", async () => {
    serve([plumbing]);
    api.post("/api/teams", teamDetailSchema, () => makeTeamDetail(makeTeam({ name: "Équipe Peinture" }), []));
    api.delete("/api/teams/:id", () => noContent());
    renderWithProviders(<TeamsPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Nouvelle équipe" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvelle équipe" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer l’équipe" }));
    expect(await within(dialog).findByText(TEAM_TEXTS.nameRequired)).toBeTruthy();
    expect(api.requests("POST", "/api/teams")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Nom *"), { target: { value: "Équipe Peinture" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer l’équipe" }));
    await waitFor(() => expect(api.requests("POST", "/api/teams")).toHaveLength(1));
    expect(api.requests("POST", "/api/teams")[0]?.body).toEqual({
      name: "Équipe Peinture",
      description: null,
      member_ids: [],
      leader_id: null,
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(TEAM_TEXTS.created, { description: TEAM_TEXTS.createdDescription }),
    );

    fireEvent.click(screen.getByRole("button", { name: "Supprimer l'équipe Équipe Plomberie" }));
    const confirm = await screen.findByRole("alertdialog", { name: TEAM_TEXTS.deleteTitle });
    expect(confirm.textContent).toContain("irréversible");
    expect(confirm.textContent).toContain("Équipe Plomberie");
    fireEvent.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(api.requests("DELETE", "/api/teams/:id")[0]?.params.id).toBe(plumbing.id));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(TEAM_TEXTS.deleted, { description: TEAM_TEXTS.deletedDescription }),
    );
  });
});
