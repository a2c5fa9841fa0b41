import { equipmentTemplateListResponseSchema } from "@shared/equipment-templates";
import { calendarWeekSchema } from "@shared/planning";
import { weekDays } from "@shared/planning-rules";
import { PROJECT_TEXTS, projectDetailSchema, projectDraftSchema } from "@shared/projects";
import { QUOTE_TEXTS } from "@shared/quote-rules";
import { teamListResponseSchema } from "@shared/teams";
import { vehicleListResponseSchema } from "@shared/vehicles";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIXTURE_IDS, makeProjectDetail, makeProjectDraft } from "../test/form-fixtures";
import { ProjectCreateDialog, ProjectEditDialog } from "./project-form-dialog";

let api: FakeApi;
const page = { total: 1, page: 1, limit: 100 };

/** The form's choices: one team, one vehicle, one equipment template. */
function serveOptions() {
  api.get("/api/teams", teamListResponseSchema, () => ({
    data: [
      {
        id: FIXTURE_IDS.team,
        name: "Équipe Martin",
        description: null,
        member_count: 2,
        leader: null,
        members_preview: [],
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
      },
    ],
    meta: page,
  }));
  api.get("/api/vehicles", vehicleListResponseSchema, () => ({ data: [], meta: { ...page, total: 0 } }));
  api.get("/api/equipment-templates", equipmentTemplateListResponseSchema, () => ({
    data: [
      {
        id: FIXTURE_IDS.template,
        name: "Salle de bain",
        equipment_items: ["Niveau laser", "Carrelette"],
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
      },
    ],
    meta: page,
  }));
}

const sent = (method: "POST" | "PUT", pattern: string) =>
  api.requests(method, pattern).at(-1)?.body as Record<string, unknown>;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  serveOptions();
});
afterEach(() => {
  cleanup();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});

describe("ProjectCreateDialog from a quote", () => {
  it("shows the proposal's tasks checked, fills the equipment from a template and sends only the checked tasks", async () => {
    api.get("/api/projects/from-quote/:quoteId", projectDraftSchema, () => makeProjectDraft());
    api.post("/api/projects/from-quote", projectDetailSchema, () => makeProjectDetail({ status: "à faire" }));
    const onCreated = vi.fn();
    renderWithProviders(
      <ProjectCreateDialog
        open
        onOpenChange={() => {}}
        quoteId={FIXTURE_IDS.quote}
        onCreated={onCreated}
        isMobile={false}
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Créer un chantier depuis le devis DEV-2026-0007" });
    const first = within(dialog).getByRole("checkbox", { name: "Reprendre la tâche 1" }) as HTMLInputElement;
    const second = within(dialog).getByRole("checkbox", { name: "Reprendre la tâche 2" }) as HTMLInputElement;
    expect([first.checked, second.checked]).toEqual([true, true]);
    // A task of the quote is removed only by unchecking it: no bin.
    expect(within(dialog).queryByRole("button", { name: /Supprimer la tâche/ })).toBeNull();
    expect((within(dialog).getByLabelText("Durée estimée (jours)") as HTMLInputElement).value).toBe("3");
    // The budget is the quote's HT, labelled so (issue 32).
    const budget = within(dialog).getByLabelText("Budget HT (€)");
    expect(budget).toBeTruthy();
    expect(within(dialog).getByText("Le total HT du devis, remise déduite.")).toBeTruthy();

    fireEvent.click(first);
    // The duration follows the checked tasks: 16 h → 2 days.
    await waitFor(() =>
      expect((within(dialog).getByLabelText("Durée estimée (jours)") as HTMLInputElement).value).toBe("2"),
    );

    const templates = within(dialog).getByRole("combobox", { name: "Ajouter les équipements d’un modèle" });
    await waitFor(() => expect(within(templates).getByRole("option", { name: /Salle de bain/ })).toBeTruthy());
    fireEvent.change(templates, { target: { value: FIXTURE_IDS.template } });
    expect((within(dialog).getByRole("textbox", { name: "Équipement 1" }) as HTMLInputElement).value).toBe(
      "Niveau laser",
    );
    expect((within(dialog).getByRole("textbox", { name: "Équipement 2" }) as HTMLInputElement).value).toBe(
      "Carrelette",
    );

    fireEvent.click(within(dialog).getByRole("button", { name: "Créer le chantier" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const body = sent("POST", "/api/projects/from-quote");
    expect(body).toMatchObject({
      quote_id: FIXTURE_IDS.quote,
      name: "Salle de bain",
      start_date: "2026-03-11",
      team_id: null,
      budget_total: 4380.5,
      estimated_duration_days: 2,
      equipment: ["Niveau laser", "Carrelette"],
      tasks: [{ label: "Carrelage mural", estimated_hours: 16, unit_price: 180, quantity: 12.5 }],
    });
    expect(toast.success).toHaveBeenCalledWith(PROJECT_TEXTS.created);
  });

  it("the server's 409 shows in the form (the quote got a worksite meanwhile); a proposal refused says why", async () => {
    api.get("/api/projects/from-quote/:quoteId", projectDraftSchema, () => makeProjectDraft());
    api.post("/api/projects/from-quote", projectDetailSchema, () => apiError(409, QUOTE_TEXTS.alreadyProject));
    const { unmount } = renderWithProviders(
      <ProjectCreateDialog open onOpenChange={() => {}} quoteId={FIXTURE_IDS.quote} isMobile={false} />,
    );
    const dialog = await screen.findByRole("dialog", { name: /Créer un chantier depuis le devis/ });
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer le chantier" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain(QUOTE_TEXTS.alreadyProject);
    expect(toast.error).toHaveBeenCalledWith(PROJECT_TEXTS.createFailed, { description: QUOTE_TEXTS.alreadyProject });
    unmount();

    api.get("/api/projects/from-quote/:quoteId", projectDraftSchema, () =>
      apiError(409, QUOTE_TEXTS.noProjectUnlessValid),
    );
    renderWithProviders(
      <ProjectCreateDialog open onOpenChange={() => {}} quoteId={FIXTURE_IDS.quote} isMobile={false} />,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(QUOTE_TEXTS.noProjectUnlessValid);
    expect(screen.queryByRole("button", { name: "Créer le chantier" })).toBeNull();
  });
});

describe("ProjectCreateDialog, blank", () => {
  it("adds a task with the spec's defaults and sends the worksite « à faire »", async () => {
    api.post("/api/projects", projectDetailSchema, () => makeProjectDetail({ status: "à faire", quote_id: null }));
    const onCreated = vi.fn();
    renderWithProviders(<ProjectCreateDialog open onOpenChange={() => {}} onCreated={onCreated} isMobile={false} />);
    const dialog = await screen.findByRole("dialog", { name: "Créer un nouveau chantier" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer le chantier" }));
    expect(await within(dialog).findByText(PROJECT_TEXTS.nameRequired)).toBeTruthy();
    expect(api.requests("POST", "/api/projects")).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Nom du chantier *"), { target: { value: "Toiture Dupont" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter une tâche" }));
    const row = within(dialog).getByRole("listitem", { name: "Tâche 1" });
    expect((within(row).getByLabelText(/Libellé/) as HTMLInputElement).value).toBe(PROJECT_TEXTS.newTaskLabel);
    expect((within(row).getByLabelText(/Heures/) as HTMLInputElement).value).toBe("4");
    expect((within(row).getByLabelText(/Prix unit/) as HTMLInputElement).value).toBe("");
    expect((within(row).getByLabelText(/Quantité/) as HTMLInputElement).value).toBe("1");

    fireEvent.click(within(dialog).getByRole("button", { name: "Créer le chantier" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(sent("POST", "/api/projects")).toMatchObject({
      name: "Toiture Dupont",
      status: "à faire",
      client_id: null,
      team_id: null,
      vehicle_id: null,
      address: null,
      budget_total: null,
      tasks: [{ label: "Nouvelle tâche", estimated_hours: 4, unit_price: null, quantity: 1 }],
    });
  });
});

describe("ProjectEditDialog", () => {
  it("loads the worksite, lists its documents and sends PUT with every kept task and its id", async () => {
    api.get("/api/projects/:id", projectDetailSchema, () => makeProjectDetail());
    api.put("/api/projects/:id", projectDetailSchema, () => makeProjectDetail({ status: "en pause" }));
    const onOpenChange = vi.fn();
    renderWithProviders(
      <ProjectEditDialog open onOpenChange={onOpenChange} projectId={FIXTURE_IDS.project} isMobile={false} />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Modifier le chantier CH-2026-0001" });
    const documents = within(dialog).getByRole("list", { name: "Documents du chantier" });
    expect(documents.textContent).toContain("Devis");
    expect(documents.textContent).toContain("DEV-2026-0007");
    expect((within(dialog).getByRole("checkbox", { name: "Tâche 1 faite" }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(within(dialog).getByLabelText("Statut *"), { target: { value: "en pause" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer la tâche 1" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests("PUT", "/api/projects/:id").at(-1)?.path).toBe(`/api/projects/${FIXTURE_IDS.project}`);
    expect(sent("PUT", "/api/projects/:id")).toMatchObject({
      status: "en pause",
      team_id: FIXTURE_IDS.team,
      equipment: ["Niveau laser"],
      tasks: [
        { id: FIXTURE_IDS.taskB, label: "Carrelage mural", estimated_hours: 16, unit_price: 180, quantity: 12.5 },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith(PROJECT_TEXTS.updatedWithTasks, {
      description: PROJECT_TEXTS.updatedWithTasksDescription,
    });
  });

  it("hides the budget and the tasks' prices from an editor without projects:budget (issue 32)", async () => {
    const { budget_total: _budget, ...withoutBudget } = makeProjectDetail();
    const shown = { ...withoutBudget, tasks: withoutBudget.tasks.map(({ unit_price: _price, ...task }) => task) };
    api.get("/api/projects/:id", projectDetailSchema, () => shown);
    const first = renderWithProviders(
      <ProjectEditDialog open onOpenChange={vi.fn()} projectId={FIXTURE_IDS.project} isMobile={false} />,
      { permissions: ["projects:view", "projects:edit", "teams:view", "vehicles:view", "equipment:view"] },
    );
    const dialog = await screen.findByRole("dialog", { name: "Modifier le chantier CH-2026-0001" });
    expect(within(dialog).getByLabelText("Code d’accès")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Budget HT (€)")).toBeNull();
    expect(within(dialog).queryAllByText("Prix unit. HT")).toEqual([]);
    first.unmount();

    api.get("/api/projects/:id", projectDetailSchema, () => makeProjectDetail());
    renderWithProviders(
      <ProjectEditDialog open onOpenChange={vi.fn()} projectId={FIXTURE_IDS.project} isMobile={false} />,
    );
    const again = await screen.findByRole("dialog", { name: "Modifier le chantier CH-2026-0001" });
    expect(within(again).getByLabelText("Budget HT (€)")).toBeTruthy();
    expect(within(again).queryAllByText("Prix unit. HT").length).toBeGreaterThan(0);
  });
});

describe("a clash said before saving (issue 32)", () => {
  it("the worksite form names what its days and team would clash with, and that no team is free then", async () => {
    api.get("/api/projects/:id", projectDetailSchema, () => makeProjectDetail());
    api.get("/api/calendar/week", calendarWeekSchema, ({ query }) => {
      const monday = query.get("week_start") ?? "";
      return {
        week_start: monday,
        days: weekDays(monday).map((date) => ({
          date,
          projects:
            date === "2026-03-12"
              ? [
                  {
                    id: "66666666-6666-4666-8666-666666666666",
                    reference: "CH-2026-0042",
                    name: "Toiture",
                    status: "en cours" as const,
                    client: null,
                    team: { id: FIXTURE_IDS.team, name: "Équipe Martin" },
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
      };
    });
    renderWithProviders(
      <ProjectEditDialog open onOpenChange={vi.fn()} projectId={FIXTURE_IDS.project} isMobile={false} />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Modifier le chantier CH-2026-0001" });
    const check = await within(dialog).findByRole("status", { name: "Disponibilités" });
    expect(within(check).getByRole("list", { name: "Conflits prévus" }).textContent).toBe(
      "Équipe déjà prise par CH-2026-0042 (Toiture) le 12/03/2026",
    );
    expect(check.textContent).toContain("Aucune équipe libre ces jours-là.");
    expect(api.requests("GET", "/api/calendar/week").map((r) => r.query.get("week_start"))).toEqual(["2026-03-09"]);
    // Another start, away from the other worksite: no clash any more, said before « Enregistrer ».
    fireEvent.change(within(dialog).getByLabelText("Date de début"), { target: { value: "2026-03-16" } });
    await waitFor(() =>
      expect(within(dialog).getByRole("status", { name: "Disponibilités" }).textContent).toContain(
        "Aucun conflit ces jours-là.",
      ),
    );
    expect(within(dialog).getByRole("status", { name: "Disponibilités" }).textContent).toContain(
      "Équipes libres ces jours-là\u00a0: Équipe Martin",
    );
    expect(api.requests("PUT")).toHaveLength(0);
  });
});
