import { PROJECT_TEXTS, type ProjectDetail, type ProjectDraft } from "@shared/projects";
import { describe, expect, it } from "vitest";
import {
  blankProjectFields,
  draftToFields,
  durationOfKeptTasks,
  formPathOf,
  newTaskRow,
  numberOf,
  projectToFields,
  storedTicksOf,
  tasksSummary,
  toFromQuotePayload,
  toProjectPayload,
  validateProjectForm,
  withTemplateItems,
} from "./project-form";

const QUOTE_ID = "5b0f3f5e-3c1a-4d8e-9a57-0c6c2f1f4a11";
const CLIENT_ID = "0e5a6f7c-1b2d-4c3e-8f90-a1b2c3d4e5f6";
const TASK_A = "11111111-1111-4111-8111-111111111111";
const TASK_B = "22222222-2222-4222-8222-222222222222";

const draft: ProjectDraft = {
  quote_id: QUOTE_ID,
  quote_reference: "DEV-2026-0007",
  client_id: CLIENT_ID,
  client: {
    id: CLIENT_ID,
    name: "Martine Leroy",
    phone: null,
    email: null,
    address: "8 chemin des Vignes, 69380 Lozanne",
  },
  name: "Salle de bain",
  start_date: "2026-03-11",
  address: "8 chemin des Vignes, 69380 Lozanne",
  notes: "Chantier créé depuis le devis DEV-2026-0007",
  budget_total: 4380.5,
  estimated_duration_days: 3,
  tasks: [
    { label: "Dépose", estimated_hours: 4, unit_price: 35, quantity: 1 },
    { label: "Carrelage", estimated_hours: 16, unit_price: 180, quantity: 12.5 },
  ],
};

function detail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: "33333333-3333-4333-8333-333333333333",
    reference: "CH-2026-0001",
    name: "Cuisine",
    status: "en cours",
    client_id: null,
    client: null,
    quote_id: null,
    quote_reference: null,
    start_date: null,
    team_id: null,
    team: null,
    vehicle_id: null,
    vehicle: null,
    address: null,
    gate_code: null,
    notes: null,
    budget_total: null,
    estimated_duration_days: null,
    equipment: ["Niveau laser"],
    started_at: null,
    finished_at: null,
    client_satisfied: null,
    task_count: 2,
    done_count: 1,
    progress: 50,
    issue_count: 0,
    created_at: "2026-03-01T08:00:00.000Z",
    updated_at: "2026-03-01T08:00:00.000Z",
    tasks: [
      {
        id: TASK_B,
        position: 2,
        label: "Pose",
        is_done: false,
        done_at: null,
        done_by_name: null,
        estimated_hours: 8,
        unit_price: null,
        quantity: 1,
      },
      {
        id: TASK_A,
        position: 1,
        label: "Dépose",
        is_done: true,
        done_at: "2026-03-02T08:00:00.000Z",
        done_by_name: "Julien",
        estimated_hours: 4,
        unit_price: 35,
        quantity: 1,
      },
    ],
    documents: [],
    ...overrides,
  };
}

describe("project form values", () => {
  it("a blank worksite: « à faire », team and vehicle « none », nothing else", () => {
    const fields = blankProjectFields();
    expect(fields).toMatchObject({ name: "", status: "à faire", team_id: "none", vehicle_id: "none", tasks: [] });
  });

  it("a quote's proposal: its figures as text, every task checked and new", () => {
    const fields = draftToFields(draft);
    expect(fields).toMatchObject({
      name: "Salle de bain",
      client_id: CLIENT_ID,
      start_date: "2026-03-11",
      budget_total: "4380.5",
      estimated_duration_days: "3",
    });
    expect(fields.tasks.map((t) => [t.label, t.estimated_hours, t.quantity, t.kept, t.task_id])).toEqual([
      ["Dépose", "4", "1", true, null],
      ["Carrelage", "16", "12.5", true, null],
    ]);
  });

  it("a stored worksite: its tasks in order with their ids and ticks, empty figures as ''", () => {
    const fields = projectToFields(detail());
    expect(fields.tasks.map((t) => [t.task_id, t.is_done, t.unit_price])).toEqual([
      [TASK_A, true, "35"],
      [TASK_B, false, ""],
    ]);
    expect(fields.equipment).toEqual([{ value: "Niveau laser" }]);
    expect(fields.budget_total).toBe("");
  });

  it("a new task takes the spec's defaults: « Nouvelle tâche », 4 h, no price, quantity 1", () => {
    expect(newTaskRow()).toEqual({
      task_id: null,
      label: PROJECT_TEXTS.newTaskLabel,
      is_done: false,
      estimated_hours: "4",
      unit_price: "",
      quantity: "1",
      kept: true,
    });
  });
});

describe("project payloads", () => {
  it("empty text is null, « none » is null, figures are numbers (a comma read as a point)", () => {
    const body = toProjectPayload(
      {
        ...blankProjectFields(),
        name: "Toiture",
        address: "  ",
        budget_total: "1 250,50",
        estimated_duration_days: "4",
      },
      "blank",
    );
    expect(body).toMatchObject({
      name: "Toiture",
      status: "à faire",
      client_id: null,
      start_date: null,
      team_id: null,
      vehicle_id: null,
      address: null,
      gate_code: null,
      notes: null,
      budget_total: 1250.5,
      estimated_duration_days: 4,
    });
    expect(numberOf("abc")).toBe("abc");
    expect(numberOf("")).toBeNull();
  });

  it("the edit sends each kept task with its id, its tick only when changed; removed tasks are left out", () => {
    const project = detail();
    const fields = projectToFields(project);
    const [first, second] = fields.tasks;
    if (!first || !second) throw new Error("two tasks expected");
    const edited = { ...fields, tasks: [{ ...second, is_done: true }, newTaskRow()] };
    const body = toProjectPayload(edited, "edit", storedTicksOf(project));
    expect(body.tasks).toEqual([
      { id: TASK_B, label: "Pose", estimated_hours: 8, unit_price: null, quantity: 1, is_done: true },
      { label: "Nouvelle tâche", estimated_hours: 4, unit_price: null, quantity: 1, is_done: false },
    ]);
    // Unchanged, the tick is not sent: a task ticked on site meanwhile stays ticked.
    expect(toProjectPayload(fields, "edit", storedTicksOf(project)).tasks[0]).toEqual({
      id: TASK_A,
      label: "Dépose",
      estimated_hours: 4,
      unit_price: 35,
      quantity: 1,
    });
  });

  it("from a quote: only the checked tasks are sent, without id, with the quote", () => {
    const fields = draftToFields(draft);
    const [first, second] = fields.tasks;
    if (!first || !second) throw new Error("two tasks expected");
    const body = toFromQuotePayload(
      { ...fields, team_id: "none", tasks: [{ ...first, kept: false }, second] },
      QUOTE_ID,
    );
    expect(body.quote_id).toBe(QUOTE_ID);
    expect(body).not.toHaveProperty("status");
    expect(body).not.toHaveProperty("client_id");
    expect(body.team_id).toBeNull();
    expect(body.tasks).toEqual([{ label: "Carrelage", estimated_hours: 16, unit_price: 180, quantity: 12.5 }]);
  });
});

describe("project form validation (the shared schemas)", () => {
  it("the spec's messages at their inputs; a task sent at place N is the form's row of that task", () => {
    const fields = draftToFields(draft);
    const [first, second] = fields.tasks;
    if (!first || !second) throw new Error("two tasks expected");
    const issues = validateProjectForm(
      { kind: "fromQuote", quoteId: QUOTE_ID, draft },
      {
        ...fields,
        name: " ",
        estimated_duration_days: "0",
        tasks: [
          { ...first, kept: false },
          { ...second, label: "" },
        ],
      },
    );
    expect(issues).toEqual([
      { path: "name", message: PROJECT_TEXTS.nameRequired },
      { path: "estimated_duration_days", message: PROJECT_TEXTS.durationMin },
      { path: "tasks.1.label", message: PROJECT_TEXTS.taskLabelRequired },
    ]);
  });

  it("a blank worksite with a negative budget and a task without hours but a bad quantity", () => {
    const issues = validateProjectForm(
      { kind: "blank" },
      { ...blankProjectFields(), name: "Toiture", budget_total: "-5", tasks: [{ ...newTaskRow(), quantity: "0" }] },
    );
    expect(issues).toEqual([
      { path: "budget_total", message: PROJECT_TEXTS.budgetPositive },
      { path: "tasks.0.quantity", message: PROJECT_TEXTS.quantityPositive },
    ]);
  });

  it("server paths: tasks and equipment rows, unknown keys nowhere", () => {
    expect(formPathOf("tasks.0.estimated_hours", [2, 5])).toBe("tasks.2.estimated_hours");
    expect(formPathOf("tasks", [])).toBe("tasks");
    expect(formPathOf("equipment.3", [])).toBe("equipment.3.value");
    expect(formPathOf("team_id", [])).toBe("team_id");
    expect(formPathOf("quote_id", [])).toBeNull();
  });
});

describe("project form helpers", () => {
  it("the duration follows the checked tasks: hours / 8 rounded up, at least 1 day", () => {
    const task = (hours: string, kept = true) => ({ estimated_hours: hours, kept });
    expect(durationOfKeptTasks([task("16"), task("4"), task("8", false)])).toBe(3);
    expect(durationOfKeptTasks([])).toBe(1);
    expect(tasksSummary([task("16"), task("4.5"), task("8", false)])).toBe("2\u00a0tâches · 20\u00a0h\u00a030");
  });

  it("a template fills the equipment list: blanks dropped, an item already there not added twice", () => {
    expect(withTemplateItems([{ value: "Niveau laser" }, { value: " " }], ["Niveau laser", "Perforateur", ""])).toEqual(
      [{ value: "Niveau laser" }, { value: "Perforateur" }],
    );
  });
});
