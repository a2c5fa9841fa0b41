import {
  PROJECT_STATUSES,
  type Project,
  type ProjectListResponse,
  type ProjectStatusCounts,
  projectProgress,
} from "@shared/projects";

/** Factories of « Mes chantiers »' tests: a worksite as the list shows it, and the list's answer. */

let next = 0;
const uuid = () => {
  next += 1;
  return `9a${String(next).padStart(6, "0")}-0000-4000-8000-000000000000`;
};

/** A card's worksite: `labels` are its tasks in order, `done` how many of the first are ticked. */
export function makeProject(overrides: Partial<Project> & { labels?: string[]; done?: number } = {}): Project {
  const { labels = ["Dépose", "Plomberie", "Carrelage"], done = 0, ...rest } = overrides;
  const id = rest.id ?? uuid();
  return {
    id,
    reference: "CH-2026-0001",
    name: "Salle de bain Leroy",
    status: "à faire",
    client_id: "0e5a6f7c-1b2d-4c3e-8f90-a1b2c3d4e5f6",
    client: {
      id: "0e5a6f7c-1b2d-4c3e-8f90-a1b2c3d4e5f6",
      name: "Martine Leroy",
      phone: "06 12 34 56 78",
      email: null,
      address: "8 chemin des Vignes, 69380 Lozanne",
    },
    quote_id: null,
    quote_reference: null,
    start_date: "2026-12-01",
    team_id: null,
    team: { id: "44444444-4444-4444-8444-444444444444", name: "Équipe Martin" },
    vehicle_id: null,
    vehicle: { id: "55555555-5555-4555-8555-555555555555", name: "Master benne" },
    address: "8 chemin des Vignes, 69380 Lozanne",
    gate_code: "B1234",
    notes: null,
    budget_total: null,
    estimated_duration_days: 2,
    equipment: [],
    started_at: null,
    finished_at: null,
    client_satisfied: null,
    task_count: labels.length,
    done_count: done,
    progress: projectProgress(done, labels.length).percent,
    issue_count: 0,
    created_at: "2026-11-20T08:00:00.000Z",
    updated_at: "2026-11-20T08:00:00.000Z",
    tasks_preview: labels.slice(0, 4).map((label, index) => ({
      id: `${id.slice(0, 8)}-1111-4111-8111-${String(index).padStart(12, "0")}`,
      label,
      is_done: index < done,
    })),
    ...rest,
  };
}

/** GET /api/projects over `projects` as the server answers it: search, status, counts without the status filter. */
export function listAnswer(projects: Project[], query: URLSearchParams): ProjectListResponse {
  const search = query.get("search")?.toLowerCase() ?? "";
  const status = query.get("status");
  const matching = projects.filter((p) =>
    `${p.reference} ${p.name} ${p.client?.name ?? ""}`.toLowerCase().includes(search),
  );
  const counts = Object.fromEntries([
    ["all", matching.length],
    ...PROJECT_STATUSES.map((s) => [s, matching.filter((p) => p.status === s).length]),
  ]) as ProjectStatusCounts;
  const found = status ? matching.filter((p) => p.status === status) : matching;
  const limit = Number(query.get("limit") ?? 20);
  return { data: found.slice(0, limit), meta: { total: found.length, page: 1, limit, counts } };
}
