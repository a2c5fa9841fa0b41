import { addDays, parisToday } from "@shared/dates";
import { formatDate, formatLongDate } from "@shared/format";
import type { PermissionCode } from "@shared/permissions";
import { type CalendarProject, calendarWeekSchema, mondayOf, projectScheduleResponseSchema } from "@shared/planning";
import { teamListResponseSchema } from "@shared/teams";
import { VEHICLE_STATUSES } from "@shared/vehicle-rules";
import { vehicleListResponseSchema } from "@shared/vehicles";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeCalendarProject,
  renderPlanning,
  weekAnswer,
} from "../test/render";
import { PlanningPage } from "./planning-page";

let api: FakeApi;
const today = parisToday();
const monday = mondayOf(today);
const plomberie = { id: "11111111-1111-4111-8111-111111111111", name: "Équipe Plomberie" };
const elec = { id: "22222222-2222-4222-8222-222222222222", name: "Équipe Électricité" };

/** The week endpoint over `projects`, filtered by team as the server does; the company's two teams. */
function serve(projects: CalendarProject[]) {
  api.get("/api/calendar/week", calendarWeekSchema, ({ query }) =>
    weekAnswer(query.get("week_start") ?? "", projects, query.get("team_id")),
  );
  api.get("/api/teams", teamListResponseSchema, () => ({
    data: [plomberie, elec].map((t) => ({
      ...t,
      description: null,
      leader: null,
      members_preview: [],
      member_count: 0,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    })),
    meta: { total: 2, page: 1, limit: 100 },
  }));
}

const weekRequests = () => api.requests("GET", "/api/calendar/week").map((r) => r.query.get("week_start"));
const location = () => screen.getByTestId("location").textContent;

// The desktop board and the move dialog are chunks of their own (planning-page.tsx): loaded once here
// (a wide screen asks for the board on mounting), so that their first transform, slow on a busy
// machine, does not eat a test's wait for what they show.
beforeAll(() => Promise.all([import("./planning-board"), import("./move-project-dialog")]));

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.warning).mockClear();
});
afterEach(cleanup);

describe("PlanningPage on desktop", () => {
  it("shows the seven days of the week, a worksite as one bar across the days it occupies, « Aucun chantier » on empty days", async () => {
    const kitchen = makeCalendarProject({
      reference: "CH-2026-0007",
      name: "Rénovation de la cuisine",
      start_date: addDays(monday, 1),
      estimated_duration_days: 3,
      team: plomberie,
    });
    serve([kitchen]);
    renderPlanning(<PlanningPage isMobile={false} />);
    const cards = await screen.findAllByRole("article", { name: "Rénovation de la cuisine" });
    // One bar from Tuesday (the 2nd column) over three days, not a card repeated in each column (issue 32).
    expect(cards).toHaveLength(1);
    const bar = (cards[0] as HTMLElement).closest("li") as HTMLElement;
    expect(bar.style.gridColumn).toBe("2 / span 3");
    expect(cards[0]?.textContent).toContain(
      `Du mardi ${formatLongDate(addDays(monday, 1))} au jeudi ${formatLongDate(addDays(monday, 3))}`,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Planning");
    // « 23–29 novembre 2026 », or « 30 novembre – 6 décembre 2026 » across months (docs/glossary.md).
    expect(screen.getByRole("heading", { level: 2 }).textContent).toMatch(
      /^\d{1,2}(\u2013\d{1,2}| \S+(?: \d{4})?\u00a0\u2013 \d{1,2}) \S+ \d{4}$/,
    );
    for (const day of ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"]) {
      expect(screen.getByText(day)).toBeTruthy();
    }
    // Tuesday to Thursday hold it; Monday and the weekend are empty.
    expect(screen.getAllByText("Aucun chantier")).toHaveLength(4);
    const card = cards[0] as HTMLElement;
    expect(card.textContent).toContain("CH-2026-0007");
    expect(card.textContent).toContain("À faire");
    expect(card.textContent).toContain("Famille Martin");
    // The team is its row's (a phone's card says it).
    const row = screen.getByRole("region", { name: "Équipe Plomberie" });
    expect(within(row).getAllByRole("article")).toHaveLength(1);
    // The row is as tall as its content: one line, no fixed height.
    const line = within(row).getByRole("list", { name: "Chantiers de Équipe Plomberie" });
    expect(line.style.gridTemplateRows).toBe("repeat(1, auto)");
    expect(row.innerHTML).not.toMatch(/min-h-(14|24)\b/);
    expect(card.textContent).toContain("12 rue des Lilas, 69003 Lyon");
    expect(card.textContent).toContain("Durée\u00a0: 3\u00a0jours");
    expect(within(card).getByRole("link", { name: "Rénovation de la cuisine" }).getAttribute("href")).toBe(
      `/projects/${kitchen.id}`,
    );
    expect(weekRequests()[0]).toBe(monday);
  });

  it("stacks the worksites of a team that share a day, and names the days a bar clashes on", async () => {
    const long = makeCalendarProject({
      reference: "CH-2026-0001",
      name: "Extension",
      start_date: monday,
      estimated_duration_days: 3,
      team: plomberie,
    });
    const short = makeCalendarProject({ reference: "CH-2026-0002", name: "Fuite", start_date: addDays(monday, 2) });
    const week = weekAnswer(monday, [long, short]);
    const wednesday = week.days[2];
    if (wednesday)
      wednesday.projects = wednesday.projects.map((p) =>
        p.id === long.id
          ? {
              ...p,
              conflicts: [
                {
                  project_id: short.id,
                  reference: "CH-2026-0002",
                  name: "Fuite",
                  kind: "team",
                  days: [wednesday.date],
                },
              ],
            }
          : p,
      );
    api.get("/api/calendar/week", calendarWeekSchema, () => week);
    api.get("/api/teams", teamListResponseSchema, () => ({ data: [], meta: { total: 0, page: 1, limit: 100 } }));
    renderPlanning(<PlanningPage isMobile={false} />, { url: `/calendar?week=${monday}` });
    const extension = await screen.findByRole("article", { name: "Extension" });
    const fuite = screen.getByRole("article", { name: "Fuite" });
    expect((extension.closest("li") as HTMLElement).style.gridRow).toBe("1");
    expect((fuite.closest("li") as HTMLElement).style.gridRow).toBe("2");
    expect((fuite.closest("li") as HTMLElement).style.gridColumn).toBe("3 / span 1");
    expect(within(extension).getByRole("list", { name: "Conflits de Extension" }).textContent).toBe(
      `Équipe déjà prise par CH-2026-0002 (mer. ${Number(addDays(monday, 2).slice(8, 10))})`,
    );
  });

  it("gives the drag grip 44 px under a finger (20 under a mouse)", async () => {
    serve([makeCalendarProject({ name: "Fuite sous évier", start_date: monday, team: plomberie })]);
    renderPlanning(<PlanningPage isMobile={false} />);
    const grip = await screen.findByRole("button", { name: "Déplacer Fuite sous évier" });
    expect(grip.className.split(" ")).toEqual(expect.arrayContaining(["size-5", "pointer-coarse:size-11"]));
  });

  it("shows a clash on the card in words, with the other worksite's reference", async () => {
    const heater = makeCalendarProject({
      name: "Remplacement du chauffe-eau",
      start_date: monday,
      conflicts: [
        {
          project_id: crypto.randomUUID(),
          reference: "CH-2026-0001",
          name: "Salle de bain",
          kind: "team",
          days: [monday],
        },
        {
          project_id: crypto.randomUUID(),
          reference: "CH-2026-0001",
          name: "Salle de bain",
          kind: "vehicle",
          days: [monday],
        },
      ],
    });
    serve([heater]);
    renderPlanning(<PlanningPage isMobile={false} />);
    const clashes = await screen.findByRole("list", { name: "Conflits de Remplacement du chauffe-eau" });
    const items = within(clashes)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual(["Équipe déjà prise par CH-2026-0001", "Véhicule déjà pris par CH-2026-0001"]);
  });

  it("goes to the next and previous weeks through ?week=, and back to this week with « Aujourd'hui »", async () => {
    serve([makeCalendarProject({ name: "Peinture du séjour", start_date: addDays(monday, 7) })]);
    renderPlanning(<PlanningPage isMobile={false} />);
    await waitFor(() => expect(weekRequests()).toContain(monday));
    fireEvent.click(screen.getByRole("button", { name: "Semaine suivante" }));
    expect(await screen.findByRole("article", { name: "Peinture du séjour" })).toBeTruthy();
    expect(location()).toBe(`/calendar?week=${addDays(monday, 7)}`);
    fireEvent.click(screen.getByRole("button", { name: "Semaine précédente" }));
    fireEvent.click(screen.getByRole("button", { name: "Semaine précédente" }));
    await waitFor(() => expect(location()).toBe(`/calendar?week=${addDays(monday, -7)}`));
    await waitFor(() => expect(weekRequests()).toContain(addDays(monday, -7)));
    fireEvent.click(screen.getByRole("button", { name: "Aujourd'hui" }));
    expect(location()).toBe("/calendar");
  });

  it("opens the week of ?week= when it is a Monday, this week otherwise", async () => {
    serve([]);
    const { unmount } = renderPlanning(<PlanningPage isMobile={false} />, { url: "/calendar?week=2030-03-04" });
    await waitFor(() => expect(weekRequests()[0]).toBe("2030-03-04"));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("4\u201310 mars 2030");
    unmount();
    api.reset();
    serve([]);
    renderPlanning(<PlanningPage isMobile={false} />, { url: "/calendar?week=2030-03-05" });
    await waitFor(() => expect(weekRequests()[0]).toBe(monday));
  });

  it("offers the team filter to those who see every team, and asks the server for that team", async () => {
    serve([
      makeCalendarProject({ name: "Fuite sous évier", start_date: monday, team: plomberie }),
      makeCalendarProject({ name: "Tableau électrique", start_date: monday, team: elec }),
    ]);
    renderPlanning(<PlanningPage isMobile={false} />);
    const filter = await screen.findByRole("combobox", { name: "Filtrer par équipe" });
    await screen.findByRole("option", { name: "Équipe Électricité" });
    expect(
      within(filter)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Toutes les équipes", "Équipe Électricité", "Équipe Plomberie"]);
    // A row per team.
    expect(screen.getByRole("region", { name: "Équipe Plomberie" })).toBeTruthy();
    fireEvent.change(filter, { target: { value: elec.id } });
    await waitFor(() => expect(screen.queryByRole("article", { name: "Fuite sous évier" })).toBeNull());
    expect(screen.getByRole("article", { name: "Tableau électrique" })).toBeTruthy();
    expect(api.requests("GET", "/api/calendar/week").at(-1)?.query.get("team_id")).toBe(elec.id);
  });

  it("shows a Compagnon his week without the filter, the team list never asked, and no move", async () => {
    serve([makeCalendarProject({ name: "Fuite sous évier", start_date: monday })]);
    const compagnon: PermissionCode[] = ["calendar:view", "projects:view", "vehicles:view"];
    renderPlanning(<PlanningPage isMobile={false} />, { permissions: compagnon });
    await screen.findByRole("article", { name: "Fuite sous évier" });
    expect(screen.queryByRole("combobox", { name: "Filtrer par équipe" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Déplacer/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Plus d’actions/ })).toBeNull();
    expect(api.requests("GET", "/api/teams")).toHaveLength(0);
  });

  it("says when the week cannot be loaded, and asks again on « Réessayer »", async () => {
    let fail = true;
    api.get("/api/calendar/week", calendarWeekSchema, ({ query }) =>
      fail ? apiError(500, "Erreur interne") : weekAnswer(query.get("week_start") ?? "", []),
    );
    renderPlanning(<PlanningPage isMobile={false} />, { permissions: ["calendar:view"] });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Erreur de chargement");
    expect(alert.textContent).toContain("Impossible de charger les données du calendrier.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Réessayer" }));
    expect(await screen.findAllByText("Aucun chantier")).toHaveLength(7);
  });
});

describe("PlanningPage on a phone", () => {
  it("shows one day at a time, the strip of days to choose another", async () => {
    serve([
      makeCalendarProject({ name: "Fuite sous évier", start_date: monday }),
      makeCalendarProject({ name: "Tableau électrique", start_date: addDays(monday, 2) }),
    ]);
    renderPlanning(<PlanningPage isMobile />, { url: `/calendar?week=${monday}` });
    const tabs = await screen.findByRole("tablist", { name: "Jours de la semaine" });
    expect(within(tabs).getAllByRole("tab")).toHaveLength(7);
    fireEvent.click(within(tabs).getAllByRole("tab")[0] as HTMLElement);
    expect(await screen.findByRole("article", { name: "Fuite sous évier" })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Tableau électrique" })).toBeNull();
    fireEvent.click(within(tabs).getAllByRole("tab")[2] as HTMLElement);
    expect(await screen.findByRole("article", { name: "Tableau électrique" })).toBeTruthy();
    fireEvent.click(within(tabs).getAllByRole("tab")[1] as HTMLElement);
    expect(screen.getByText("Aucun chantier n’est prévu ce jour-là.")).toBeTruthy();
    // « Jour précédent » from Monday goes to the Sunday of the week before.
    fireEvent.click(within(tabs).getAllByRole("tab")[0] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Jour précédent" }));
    await waitFor(() => expect(location()).toBe(`/calendar?week=${addDays(monday, -7)}`));
  });

  it("moves a worksite from its menu: the dialog sends the new date and team, then says the clash", async () => {
    const heater = makeCalendarProject({ name: "Remplacement du chauffe-eau", start_date: monday, team: plomberie });
    serve([heater]);
    api.get("/api/vehicles", vehicleListResponseSchema, () => ({ data: [], meta: { total: 0, page: 1, limit: 100 } }));
    api.patch("/api/projects/:id/schedule", projectScheduleResponseSchema, ({ body }) => {
      const { start_date } = body as { start_date: string };
      return {
        ...heater,
        start_date,
        end_date: start_date,
        team: elec,
        conflicts: [
          {
            project_id: crypto.randomUUID(),
            reference: "CH-2026-0003",
            name: "Tableau électrique",
            kind: "team" as const,
            days: [start_date],
          },
        ],
      };
    });
    renderPlanning(<PlanningPage isMobile />, { url: `/calendar?week=${monday}` });
    fireEvent.click(within(await screen.findByRole("tablist")).getAllByRole("tab")[0] as HTMLElement);
    const card = await screen.findByRole("article", { name: "Remplacement du chauffe-eau" });
    fireEvent.click(within(card).getByRole("button", { name: "Plus d’actions pour Remplacement du chauffe-eau" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Déplacer" }));
    const dialog = await screen.findByRole("dialog", { name: "Déplacer le chantier" });
    const wednesday = addDays(monday, 2);
    fireEvent.change(within(dialog).getByLabelText("Date de début *"), { target: { value: wednesday } });
    const team = within(dialog).getByLabelText("Équipe");
    await within(dialog).findByRole("option", { name: "Équipe Électricité" });
    fireEvent.change(team, { target: { value: elec.id } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Déplacer" }));

    await waitFor(() => expect(api.requests("PATCH")).toHaveLength(1));
    const patch = api.requests("PATCH")[0];
    expect(patch?.path).toBe(`/api/projects/${heater.id}/schedule`);
    expect(patch?.body).toEqual({ start_date: wednesday, team_id: elec.id });
    await waitFor(() => expect(toast.warning).toHaveBeenCalled());
    const [title, options] = vi.mocked(toast.warning).mock.calls[0] ?? [];
    expect(title).toBe("Chantier déplacé, avec 1\u00a0conflit");
    expect(String((options as { description?: string })?.description)).toContain(
      "Équipe déjà prise par CH-2026-0003 (Tableau électrique)",
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The week is asked again (the clashes are the server's), the worksites' lists too.
    expect(weekRequests().filter((w) => w === monday).length).toBeGreaterThanOrEqual(2);
  });
});

describe("a clash said before saving", () => {
  it("« Déplacer » names the clash the new day and team would make, and the teams and vans free that day", async () => {
    const van = (id: string, name: string, plate: string) => ({
      id,
      name,
      registration_number: plate,
      brand: null,
      model: null,
      status: VEHICLE_STATUSES[0],
      mileage: null,
      next_service_date: null,
      next_inspection_date: null,
      insurance_expiry_date: null,
      next_due_date: null,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    });
    const van1 = van("44444444-4444-4444-8444-444444444444", "Fourgon 1", "AB-123-CD");
    const van2 = van("55555555-5555-4555-8555-555555555555", "Fourgon 2", "EF-456-GH");
    const heater = makeCalendarProject({ name: "Remplacement du chauffe-eau", start_date: monday, team: plomberie });
    const wednesday = addDays(monday, 2);
    const board = makeCalendarProject({
      reference: "CH-2026-0003",
      name: "Tableau électrique",
      start_date: wednesday,
      team: elec,
      vehicle: { id: van1.id, name: van1.name },
    });
    serve([heater, board]);
    api.get("/api/vehicles", vehicleListResponseSchema, () => ({
      data: [van1, van2],
      meta: { total: 2, page: 1, limit: 100 },
    }));
    renderPlanning(<PlanningPage isMobile={false} />, { url: `/calendar?week=${monday}` });
    const card = await screen.findByRole("article", { name: "Remplacement du chauffe-eau" });
    fireEvent.click(within(card).getByRole("button", { name: "Plus d’actions pour Remplacement du chauffe-eau" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Déplacer" }));
    const dialog = await screen.findByRole("dialog", { name: "Déplacer le chantier" });
    // On Monday with its own team: nothing clashes; both teams (its own, once it leaves) and both vans are free.
    const check = await within(dialog).findByRole("status", { name: "Disponibilités" });
    await waitFor(() => expect(check.textContent).toContain("Aucun conflit ce jour-là."));
    expect(check.textContent).toContain("Équipes libres ce jour-là\u00a0: Équipe Plomberie, Équipe Électricité");
    expect(check.textContent).toContain(
      "Véhicules libres ce jour-là\u00a0: Fourgon 1 (AB-123-CD), Fourgon 2 (EF-456-GH)",
    );

    fireEvent.change(within(dialog).getByLabelText("Date de début *"), { target: { value: wednesday } });
    await within(dialog).findByRole("option", { name: "Équipe Électricité" });
    fireEvent.change(within(dialog).getByLabelText("Équipe"), { target: { value: elec.id } });
    fireEvent.change(within(dialog).getByLabelText("Véhicule"), { target: { value: van1.id } });
    const clashes = await within(dialog).findByRole("list", { name: "Conflits prévus" });
    expect(
      within(clashes)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      `Équipe déjà prise par CH-2026-0003 (Tableau électrique) le ${formatDate(wednesday)}`,
      `Véhicule déjà pris par CH-2026-0003 (Tableau électrique) le ${formatDate(wednesday)}`,
    ]);
    const after = within(dialog).getByRole("status", { name: "Disponibilités" });
    expect(after.textContent).toContain("Équipes libres ce jour-là\u00a0: Équipe Plomberie");
    expect(after.textContent).toContain("Véhicules libres ce jour-là\u00a0: Fourgon 2 (EF-456-GH)");
    // Said before saving: nothing was sent.
    expect(api.requests("PATCH")).toHaveLength(0);
  });
});

describe("« Annuler » on the move toast", () => {
  it("puts the worksite back to its day and team in one tap", async () => {
    const heater = makeCalendarProject({ name: "Remplacement du chauffe-eau", start_date: monday, team: plomberie });
    serve([heater]);
    api.get("/api/vehicles", vehicleListResponseSchema, () => ({ data: [], meta: { total: 0, page: 1, limit: 100 } }));
    api.patch("/api/projects/:id/schedule", projectScheduleResponseSchema, ({ body }) => {
      const { start_date, team_id } = body as { start_date: string; team_id?: string };
      return { ...heater, start_date, end_date: start_date, team: team_id === elec.id ? elec : plomberie };
    });
    renderPlanning(<PlanningPage isMobile={false} />, { url: `/calendar?week=${monday}` });
    const card = await screen.findByRole("article", { name: "Remplacement du chauffe-eau" });
    fireEvent.click(within(card).getByRole("button", { name: "Plus d’actions pour Remplacement du chauffe-eau" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Déplacer" }));
    const dialog = await screen.findByRole("dialog", { name: "Déplacer le chantier" });
    fireEvent.change(within(dialog).getByLabelText("Date de début *"), { target: { value: addDays(monday, 3) } });
    await within(dialog).findByRole("option", { name: "Équipe Électricité" });
    fireEvent.change(within(dialog).getByLabelText("Équipe"), { target: { value: elec.id } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Déplacer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    const [title, options] = vi.mocked(toast.success).mock.calls[0] ?? [];
    expect(title).toBe("Chantier déplacé");
    const action = (options as { action?: { label: string; onClick: () => void } }).action;
    expect(action?.label).toBe("Annuler");
    action?.onClick();
    await waitFor(() => expect(api.requests("PATCH")).toHaveLength(2));
    expect(api.requests("PATCH")[1]?.body).toEqual({ start_date: monday, team_id: plomberie.id });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Déplacement annulé", {
        description: "Remplacement du chauffe-eau est revenu à sa place.",
      }),
    );
  });
});

describe("a refused move", () => {
  it("puts the worksite back and says why", async () => {
    const heater = makeCalendarProject({ name: "Remplacement du chauffe-eau", start_date: monday, team: plomberie });
    serve([heater]);
    api.get("/api/vehicles", vehicleListResponseSchema, () => ({ data: [], meta: { total: 0, page: 1, limit: 100 } }));
    api.patch("/api/projects/:id/schedule", projectScheduleResponseSchema, () => apiError(404, "Chantier introuvable"));
    renderPlanning(<PlanningPage isMobile={false} />, { url: `/calendar?week=${monday}` });
    const card = await screen.findByRole("article", { name: "Remplacement du chauffe-eau" });
    fireEvent.click(within(card).getByRole("button", { name: "Plus d’actions pour Remplacement du chauffe-eau" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Déplacer" }));
    const dialog = await screen.findByRole("dialog", { name: "Déplacer le chantier" });
    fireEvent.change(within(dialog).getByLabelText("Date de début *"), { target: { value: addDays(monday, 3) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Déplacer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Impossible de déplacer le chantier", {
        description: "Chantier introuvable",
      }),
    );
    // Still on Monday (behind the dialog, which stays open to try again).
    expect(screen.getByRole("dialog", { name: "Déplacer le chantier" })).toBeTruthy();
    const region = screen.getByRole("region", { name: "Équipe Plomberie", hidden: true });
    expect(within(region).getAllByRole("article", { hidden: true })).toHaveLength(1);
    const back = within(region).getByRole("article", { hidden: true });
    expect(back.textContent).toContain("Remplacement du chauffe-eau");
    expect(back.textContent).toContain(`Le lundi ${formatLongDate(monday)}`);
    expect((back.closest("li") as HTMLElement).style.gridColumn).toBe("1 / span 1");
  });
});
