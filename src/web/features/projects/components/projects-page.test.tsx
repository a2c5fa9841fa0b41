import { projectDetailSchema, projectListResponseSchema } from "@shared/projects";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi, never } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeProjectDetail } from "../test/form-fixtures";
import { listAnswer, makeProject } from "../test/list-fixtures";
import { ProjectsPage } from "./projects-page";

let api: FakeApi;

const todo = makeProject({
  reference: "CH-2026-0001",
  name: "Salle de bain Leroy",
  status: "à faire",
  labels: ["Dépose", "Plomberie", "Carrelage", "Joints", "Peinture", "Nettoyage"],
});
const running = makeProject({
  reference: "CH-2026-0002",
  name: "Cuisine Bernard",
  status: "en cours",
  labels: ["Meubles", "Plan de travail", "Crédence", "Électricité", "Évier"],
  done: 4,
  client: { id: todo.client_id ?? "", name: "Paul Bernard", phone: null, email: null, address: null },
  address: null,
  gate_code: null,
});
const delivered = makeProject({ reference: "CH-2026-0003", name: "Terrasse Roux", status: "livré", labels: [] });

function serve(projects = [todo, running, delivered]) {
  api.get("/api/projects", projectListResponseSchema, ({ query }) => listAnswer(projects, query));
}

/** The page under a router that shows where a button led. */
function renderPage(permissions?: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<ProjectsPage isMobile={false} />} />
      <Route path="/projects/:id/execution" element={<p>Écran d'exécution</p>} />
    </Routes>,
    permissions,
  );
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
});
afterEach(cleanup);

describe("ProjectsPage", () => {
  it("counts by status and shows each card: client, team, vehicle, gate code, 4 tasks then « +N autres tâches », progress colour", async () => {
    serve();
    renderPage();
    const card = await screen.findByRole("article", { name: "Salle de bain Leroy" });
    const counters = screen.getByRole("list", { name: "Chantiers par statut" });
    expect(
      within(counters)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["1À faire", "1En cours", "0En pause", "1Livré"]);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("3\u00a0chantiers");

    for (const text of ["CH-2026-0001", "À faire", "Martine Leroy", "Équipe Martin", "Master benne", "Code B1234"]) {
      expect(card.textContent).toContain(text);
    }
    const tasks = within(card).getByRole("list", { name: "Tâches de Salle de bain Leroy" });
    expect(
      within(tasks)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "À faire\u00a0: Dépose",
      "À faire\u00a0: Plomberie",
      "À faire\u00a0: Carrelage",
      "À faire\u00a0: Joints",
      "+2\u00a0autres tâches",
    ]);
    expect(within(card).getByRole("link", { name: "Appeler client" }).getAttribute("href")).toBe("tel:0612345678");
    const go = within(card).getByRole("link", { name: "Y aller" });
    expect(go.getAttribute("href")).toContain("https://www.google.com/maps/");
    expect(go.getAttribute("target")).toBe("_blank");
    expect(within(card).getByRole("link", { name: "Salle de bain Leroy" }).getAttribute("href")).toBe(
      `/projects/${todo.id}`,
    );

    const other = screen.getByRole("article", { name: "Cuisine Bernard" });
    expect(other.querySelector("[data-colour]")?.getAttribute("data-colour")).toBe("green");
    expect(other.textContent).toContain("+1\u00a0autre tâche");
    expect(within(other).queryByRole("link", { name: "Appeler client" })).toBeNull();
    expect(within(other).queryByRole("link", { name: "Y aller" })).toBeNull();
    // Spec: no start button for a delivered worksite.
    const done = screen.getByRole("article", { name: "Terrasse Roux" });
    expect(within(done).queryByRole("button", { name: /Démarrer|Continuer/ })).toBeNull();
  });

  it("on a phone, a card is folded: its toggle says so and unfolds the dates, team and tasks it controls", async () => {
    serve();
    renderWithProviders(<ProjectsPage isMobile />);
    const card = await screen.findByRole("article", { name: "Salle de bain Leroy" });
    const toggle = within(card).getByRole("button", { name: "Afficher le détail de Salle de bain Leroy" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(card.textContent).not.toContain("Équipe Martin");
    expect(within(card).queryByRole("list", { name: "Tâches de Salle de bain Leroy" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(within(card).getByRole("button", { name: "Masquer le détail de Salle de bain Leroy" })).toBe(toggle);
    const details = document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(card.contains(details)).toBe(true);
    expect(details.textContent).toContain("Équipe Martin");
    expect(within(details).getByRole("list", { name: "Tâches de Salle de bain Leroy" })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(card.textContent).not.toContain("Équipe Martin");
  });

  it("searches from 2 characters after a pause, filters by status on the server, clears both", async () => {
    serve();
    renderPage();
    await screen.findByRole("article", { name: "Salle de bain Leroy" });
    const box = screen.getByRole("searchbox", { name: /Rechercher un chantier/ });
    fireEvent.change(box, { target: { value: "L" } });
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(api.requests("GET", "/api/projects").every((r) => !r.query.has("search"))).toBe(true);

    fireEvent.change(box, { target: { value: "Bernard" } });
    await waitFor(() => expect(screen.queryByRole("article", { name: "Salle de bain Leroy" })).toBeNull());
    expect(api.requests("GET", "/api/projects").at(-1)?.query.get("search")).toBe("Bernard");
    fireEvent.change(box, { target: { value: "" } });
    await screen.findByRole("article", { name: "Salle de bain Leroy" });

    const filters = screen.getByRole("radiogroup", { name: "Filtrer par statut" });
    expect(
      within(filters)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["Tous (3)", "À faire (1)", "En cours (1)", "En pause (0)", "Livré (1)", "Annulé (0)"]);
    fireEvent.click(within(filters).getByRole("radio", { name: "En pause (0)" }));
    expect(await screen.findByText("Aucun chantier avec ce statut.")).toBeTruthy();
    expect(api.requests("GET", "/api/projects").at(-1)?.query.get("status")).toBe("en pause");
    fireEvent.click(screen.getByRole("button", { name: "Effacer les filtres" }));
    expect(await screen.findByRole("article", { name: "Terrasse Roux" })).toBeTruthy();
  });

  it("« Démarrer » starts the worksite then opens its execution; « Continuer » opens it at once", async () => {
    serve();
    api.post("/api/projects/:id/start", projectDetailSchema, ({ params }) =>
      makeProjectDetail({ id: params.id ?? "", status: "en cours" }),
    );
    const first = renderPage();
    const card = await screen.findByRole("article", { name: "Salle de bain Leroy" });
    fireEvent.click(within(card).getByRole("button", { name: "Démarrer" }));
    expect(await screen.findByText("Écran d'exécution")).toBeTruthy();
    expect(api.requests("POST").map((r) => r.path)).toEqual([`/api/projects/${todo.id}/start`]);
    expect(toast.success).toHaveBeenCalledWith("Chantier démarré");
    first.unmount();

    renderPage();
    const other = await screen.findByRole("article", { name: "Cuisine Bernard" });
    fireEvent.click(within(other).getByRole("button", { name: "Continuer" }));
    expect(await screen.findByText("Écran d'exécution")).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(1);
  });

  it("shows only what the user may do: viewing alone hides start, edit and creation", async () => {
    serve();
    renderPage({ permissions: ["projects:view"] });
    const card = await screen.findByRole("article", { name: "Salle de bain Leroy" });
    expect(within(card).getByRole("link", { name: "Appeler client" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Démarrer|Continuer|Modifier|Nouveau chantier/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Planning" })).toBeNull();
  });

  it("shows skeleton cards while loading, the empty state with « Nouveau chantier », and a failure with « Réessayer »", async () => {
    api.get("/api/projects", projectListResponseSchema, () => never());
    const loading = renderPage();
    expect((await screen.findByRole("status", { name: "Chargement des chantiers…" })).children).toHaveLength(4);
    loading.unmount();

    serve([]);
    const empty = renderPage();
    expect(await screen.findByText("Aucun chantier trouvé")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Nouveau chantier" })).toHaveLength(2);
    empty.unmount();

    api.get("/api/projects", projectListResponseSchema, () => apiError(500, "Base de données indisponible"));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Erreur lors du chargement des chantiers");
    expect(alert.textContent).toContain("Base de données indisponible");
    expect(within(alert).getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });
});
