import { toNestErrors } from "@hookform/resolvers";
import { plural } from "@shared/format";
import { formatHours } from "@shared/format-trade";
import {
  DEFAULT_PROJECT_STATUS,
  durationDaysFromHours,
  NEW_TASK_DEFAULTS,
  type ProjectDetail,
  type ProjectDraft,
  type ProjectStatus,
  projectCreateSchema,
  projectFromQuoteSchema,
  projectUpdateSchema,
} from "@shared/projects";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import type { ProjectFromQuotePayload, ProjectPayload, ProjectTaskPayload } from "../api/project-mutations";

/**
 * The worksite form's rules (docs/domain/projects.md, spec 2 §5 « Project form »): the inputs' values
 * for a blank worksite, a quote's proposal or a stored worksite, the bodies sent, and the shared
 * schemas' messages put back under the inputs.
 */

/** What the form is doing: a blank worksite, one from a validated quote, or editing a stored one. */
export type ProjectFormMode =
  | { kind: "blank" }
  | { kind: "fromQuote"; quoteId: string; draft: ProjectDraft }
  | { kind: "edit"; project: ProjectDetail };
export type ProjectFormKind = ProjectFormMode["kind"];

/** A task row of the form: the inputs' text ('' when empty). */
export interface ProjectTaskRow {
  /** The stored task's id (edit: its tick survives); null for a new or a proposed task. */
  task_id: string | null;
  label: string;
  is_done: boolean;
  estimated_hours: string;
  unit_price: string;
  quantity: string;
  /** From a quote: checked, the task is made; unchecked, it is not sent (the only way to drop one). */
  kept: boolean;
}

/** The form's values. A team or a vehicle « none » is the select's `none`. */
export interface ProjectFormFields {
  name: string;
  status: ProjectStatus;
  client_id: string;
  start_date: string;
  team_id: string;
  vehicle_id: string;
  address: string;
  gate_code: string;
  notes: string;
  budget_total: string;
  estimated_duration_days: string;
  equipment: { value: string }[];
  tasks: ProjectTaskRow[];
}

/** The select's value for « Aucune » / « Aucun » (spec 2 §5: « none » becomes null). */
export const NONE = "none";

/** The general fields, in the form's order: where a message about each one shows. */
export const PROJECT_GENERAL_FIELDS = [
  "name",
  "status",
  "client_id",
  "start_date",
  "team_id",
  "vehicle_id",
  "address",
  "gate_code",
  "budget_total",
  "estimated_duration_days",
  "notes",
] as const satisfies readonly (keyof ProjectFormFields)[];

const TASK_FIELDS = ["label", "is_done", "estimated_hours", "unit_price", "quantity"] as const;

/** A figure as an input shows it: '' for none, the number as typed by a decimal input (« 12.5 »). */
const figureText = (value: number | null | undefined): string => (value == null ? "" : String(value));

/**
 * A figure as typed (« 12,5 », « 12.5 »): its number; '' none; anything else as typed, for the schema
 * to refuse in its words.
 */
export function numberOf(text: string): number | string | null {
  const compact = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  if (compact === "") return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : text;
}

/** A new task of the form (spec 2 §5): « Nouvelle tâche », not done, 4 h, no price, quantity 1. */
export function newTaskRow(): ProjectTaskRow {
  return {
    task_id: null,
    label: NEW_TASK_DEFAULTS.label,
    is_done: NEW_TASK_DEFAULTS.is_done,
    estimated_hours: figureText(NEW_TASK_DEFAULTS.estimated_hours),
    unit_price: figureText(NEW_TASK_DEFAULTS.unit_price),
    quantity: figureText(NEW_TASK_DEFAULTS.quantity),
    kept: true,
  };
}

/** A blank worksite: « à faire », no team nor vehicle, no task. */
export function blankProjectFields(): ProjectFormFields {
  return {
    name: "",
    status: DEFAULT_PROJECT_STATUS,
    client_id: "",
    start_date: "",
    team_id: NONE,
    vehicle_id: NONE,
    address: "",
    gate_code: "",
    notes: "",
    budget_total: "",
    estimated_duration_days: "",
    equipment: [],
    tasks: [],
  };
}

/** The server's proposal for a validated quote (GET /api/projects/from-quote/:id): every task checked. */
export function draftToFields(draft: ProjectDraft): ProjectFormFields {
  return {
    ...blankProjectFields(),
    name: draft.name,
    client_id: draft.client_id,
    start_date: draft.start_date,
    address: draft.address ?? "",
    notes: draft.notes,
    budget_total: figureText(draft.budget_total),
    estimated_duration_days: figureText(draft.estimated_duration_days),
    tasks: draft.tasks.map((task) => ({
      task_id: null,
      label: task.label,
      is_done: false,
      estimated_hours: figureText(task.estimated_hours),
      unit_price: figureText(task.unit_price),
      quantity: figureText(task.quantity),
      kept: true,
    })),
  };
}

/** A stored worksite, each task with its id. */
export function projectToFields(project: ProjectDetail): ProjectFormFields {
  return {
    name: project.name,
    status: project.status,
    client_id: project.client_id ?? "",
    start_date: project.start_date ?? "",
    team_id: project.team_id ?? NONE,
    vehicle_id: project.vehicle_id ?? NONE,
    address: project.address ?? "",
    gate_code: project.gate_code ?? "",
    notes: project.notes ?? "",
    budget_total: figureText(project.budget_total),
    estimated_duration_days: figureText(project.estimated_duration_days),
    equipment: project.equipment.map((value) => ({ value })),
    tasks: [...project.tasks]
      .sort((a, b) => a.position - b.position)
      .map((task) => ({
        task_id: task.id,
        label: task.label,
        is_done: task.is_done,
        estimated_hours: figureText(task.estimated_hours),
        unit_price: figureText(task.unit_price),
        quantity: figureText(task.quantity),
        kept: true,
      })),
  };
}

/** The form's values when it opens. */
export function fieldsFor(mode: ProjectFormMode): ProjectFormFields {
  if (mode.kind === "edit") return projectToFields(mode.project);
  if (mode.kind === "fromQuote") return draftToFields(mode.draft);
  return blankProjectFields();
}

/** The rows of the form whose task is sent, in order (from a quote: the checked ones). */
export function sentTaskRows(fields: Pick<ProjectFormFields, "tasks">): number[] {
  return fields.tasks.flatMap((task, index) => (task.kept ? [index] : []));
}

const text = (value: string) => value.trim() || null;
const choice = (value: string) => (value === NONE || value === "" ? null : value);

/** The ticks of the stored tasks when the form opened, by task id. */
export type StoredTicks = ReadonlyMap<string, boolean>;

export const storedTicksOf = (project: Pick<ProjectDetail, "tasks"> | null | undefined): StoredTicks =>
  new Map((project?.tasks ?? []).map((task) => [task.id, task.is_done]));

/**
 * A task of the body. The edit sends each kept task's id; its tick only when the user changed it (or
 * for a new task), so that a task ticked on site while the form was open stays ticked (the server keeps
 * a kept task's tick when `is_done` is left out).
 */
function taskPayload(task: ProjectTaskRow, kind: ProjectFormKind, stored: StoredTicks): ProjectTaskPayload {
  const figures = {
    label: task.label,
    estimated_hours: numberOf(task.estimated_hours),
    unit_price: numberOf(task.unit_price),
    quantity: numberOf(task.quantity),
  };
  if (kind !== "edit") return figures;
  const id = task.task_id && stored.has(task.task_id) ? task.task_id : null;
  if (id === null) return { ...figures, is_done: task.is_done };
  return stored.get(id) === task.is_done ? { id, ...figures } : { id, ...figures, is_done: task.is_done };
}

/**
 * The whole worksite as POST /api/projects (`blank`) and PUT /api/projects/:id (`edit`, with the ticks
 * of the stored tasks when the form opened) take it.
 */
export function toProjectPayload(
  fields: ProjectFormFields,
  kind: "blank" | "edit",
  stored: StoredTicks = new Map(),
): ProjectPayload {
  return {
    name: fields.name,
    status: fields.status,
    client_id: choice(fields.client_id),
    start_date: text(fields.start_date),
    team_id: choice(fields.team_id),
    vehicle_id: choice(fields.vehicle_id),
    address: text(fields.address),
    gate_code: text(fields.gate_code),
    notes: text(fields.notes),
    budget_total: numberOf(fields.budget_total),
    estimated_duration_days: numberOf(fields.estimated_duration_days),
    equipment: fields.equipment.map((row) => row.value),
    tasks: fields.tasks.map((task) => taskPayload(task, kind, stored)),
  };
}

/** POST /api/projects/from-quote: the quote, what the dialog shows, and the checked tasks only. */
export function toFromQuotePayload(fields: ProjectFormFields, quoteId: string): ProjectFromQuotePayload {
  const { status: _status, client_id: _client, tasks: _tasks, ...rest } = toProjectPayload(fields, "blank");
  return {
    quote_id: quoteId,
    ...rest,
    tasks: sentTaskRows(fields).map((index) =>
      taskPayload(fields.tasks[index] as ProjectTaskRow, "fromQuote", new Map()),
    ),
  };
}

/** The body the form sends in its mode. */
export function payloadFor(mode: ProjectFormMode, fields: ProjectFormFields) {
  if (mode.kind === "fromQuote") return toFromQuotePayload(fields, mode.quoteId);
  if (mode.kind === "edit") return toProjectPayload(fields, "edit", storedTicksOf(mode.project));
  return toProjectPayload(fields, "blank");
}

/**
 * A path of the body (the shared schema's or the server's, `tasks.2.label`) as the form's field: a task
 * sent at place N is the form's row `rows[N]` (from a quote, unchecked rows are not sent); an equipment
 * is its row; null for what no input shows (`quote_id`).
 */
export function formPathOf(path: string, rows: readonly number[]): string | null {
  const [head, index, field] = path.split(".");
  if (head === "tasks") {
    if (index === undefined) return "tasks";
    const row = rows[Number(index)];
    if (row === undefined) return "tasks";
    const name = TASK_FIELDS.find((f) => f === field) ?? "label";
    return `tasks.${row}.${name}`;
  }
  if (head === "equipment") return index === undefined ? "equipment" : `equipment.${Number(index)}.value`;
  return PROJECT_GENERAL_FIELDS.find((f) => f === head) ?? null;
}

export interface FormIssue {
  /** The form's field (`tasks.3.label`), or null for a message about the whole worksite. */
  path: string | null;
  message: string;
}

const schemaOf = {
  blank: projectCreateSchema,
  fromQuote: projectFromQuoteSchema,
  edit: projectUpdateSchema,
} as const;

/** The shared schema's messages for the body the form would send, each at its field (first one per field). */
export function validateProjectForm(mode: ProjectFormMode, fields: ProjectFormFields): FormIssue[] {
  const parsed = schemaOf[mode.kind].safeParse(payloadFor(mode, fields));
  if (parsed.success) return [];
  const rows = mode.kind === "fromQuote" ? sentTaskRows(fields) : fields.tasks.map((_, index) => index);
  const issues: FormIssue[] = [];
  for (const issue of parsed.error.issues) {
    const path = formPathOf(issue.path.join("."), rows);
    if (!issues.some((known) => known.path === path)) issues.push({ path, message: issue.message });
  }
  return issues;
}

/**
 * react-hook-form's resolver over the shared schema (same messages as the server): the body the form
 * would send is checked, and each message goes under its input.
 */
export function projectFormResolver(mode: ProjectFormMode): Resolver<ProjectFormFields> {
  return (values, _context, options) => {
    const issues = validateProjectForm(mode, values).filter((issue) => issue.path !== null);
    if (issues.length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const { path, message } of issues) errors[path as string] = { type: "schema", message };
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}

/** The estimated duration of the checked tasks: their hours / 8 rounded up, at least 1 day (spec 2 §5). */
export function durationOfKeptTasks(tasks: readonly Pick<ProjectTaskRow, "kept" | "estimated_hours">[]): number {
  return durationDaysFromHours(
    tasks
      .filter((task) => task.kept)
      .map((task) => {
        const hours = numberOf(task.estimated_hours);
        return typeof hours === "number" && hours >= 0 ? hours : 0;
      }),
  );
}

/** « 3 tâches · 24 h », « 2 tâches · 6 h 56 »: the tasks sent and their hours (the footer, the closed section). */
export function tasksSummary(tasks: readonly Pick<ProjectTaskRow, "kept" | "estimated_hours">[]): string {
  const kept = tasks.filter((task) => task.kept);
  const hours = kept.reduce((sum, task) => {
    const value = numberOf(task.estimated_hours);
    return sum + (typeof value === "number" && value > 0 ? Math.round(value * 100) : 0);
  }, 0);
  const count = plural(kept.length, "tâche");
  return hours > 0 ? `${count} · ${formatHours(hours / 100)}` : count;
}

/**
 * The equipment list with a template's items added after it (spec 2 §2: the template fills the list):
 * blank rows dropped, an item already in the list not added twice.
 */
export function withTemplateItems(rows: readonly { value: string }[], items: readonly string[]): { value: string }[] {
  const kept = rows.filter((row) => row.value.trim() !== "");
  const known = new Set(kept.map((row) => row.value.trim()));
  const added: { value: string }[] = [];
  for (const item of items) {
    const value = item.trim();
    if (value === "" || known.has(value)) continue;
    known.add(value);
    added.push({ value });
  }
  return [...kept, ...added];
}
