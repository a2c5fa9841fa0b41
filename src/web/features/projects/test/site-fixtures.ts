import type { ProjectDetail, ProjectIssue, ProjectPhoto, ProjectTask } from "@shared/projects";

/** Factories of « Mode chantier »'s tests: a worksite in progress, its tasks, imprévus and photos. */

export const SITE_IDS = {
  project: "7b0f9c43-8f5e-4a51-9d3c-2c6a0b1e5f10",
  client: "0e5a6f7c-1b2d-4c3e-8f90-a1b2c3d4e5f7",
  taskA: "a1111111-1111-4111-8111-111111111111",
  taskB: "b2222222-2222-4222-8222-222222222222",
  issue: "c3333333-3333-4333-8333-333333333333",
  photo: "d4444444-4444-4444-8444-444444444444",
  user: "e5555555-5555-4555-8555-555555555555",
} as const;

export function makeTask(overrides: Partial<ProjectTask> = {}): ProjectTask {
  return {
    id: SITE_IDS.taskA,
    position: 1,
    label: "Dépose de l'ancienne baignoire",
    is_done: false,
    done_at: null,
    done_by_name: null,
    estimated_hours: 4,
    unit_price: 35,
    quantity: 1,
    ...overrides,
  };
}

/** « Salle de bain Leroy », en cours, two tasks (none done). */
export function makeSiteProject(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  const tasks = overrides.tasks ?? [
    makeTask(),
    makeTask({ id: SITE_IDS.taskB, position: 2, label: "Carrelage mural", estimated_hours: 16 }),
  ];
  const done = tasks.filter((t) => t.is_done).length;
  return {
    id: SITE_IDS.project,
    reference: "CH-2026-0007",
    name: "Salle de bain Leroy",
    status: "en cours",
    client_id: SITE_IDS.client,
    client: {
      id: SITE_IDS.client,
      name: "Martine Leroy",
      phone: "06 12 34 56 78",
      email: null,
      address: "8 chemin des Vignes, 69380 Lozanne",
    },
    quote_id: null,
    quote_reference: null,
    start_date: "2026-11-24",
    team_id: null,
    team: null,
    vehicle_id: null,
    vehicle: null,
    address: "8 chemin des Vignes, 69380 Lozanne",
    gate_code: null,
    notes: null,
    budget_total: null,
    estimated_duration_days: 2,
    equipment: [],
    started_at: "2026-11-24T07:30:00.000Z",
    finished_at: null,
    client_satisfied: null,
    task_count: tasks.length,
    done_count: done,
    progress: tasks.length ? Math.round((done / tasks.length) * 100) : 0,
    issue_count: 0,
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-24T07:30:00.000Z",
    documents: [],
    ...overrides,
    tasks,
  };
}

export function makeIssue(overrides: Partial<ProjectIssue> = {}): ProjectIssue {
  return {
    id: SITE_IDS.issue,
    project_id: SITE_IDS.project,
    title: "Tuyau d'évacuation fendu",
    description: "À remplacer avant la pose du receveur",
    client_key: null,
    created_by_name: "Marc Petit",
    created_at: "2026-11-24T09:05:00.000Z",
    updated_at: "2026-11-24T09:05:00.000Z",
    ...overrides,
  };
}

export function makePhoto(overrides: Partial<ProjectPhoto> = {}): ProjectPhoto {
  return {
    id: SITE_IDS.photo,
    project_id: SITE_IDS.project,
    filename: "avant.jpg",
    file_url: `/api/files/${SITE_IDS.photo}?exp=1&sig=a`,
    thumbnail_url: `/api/files/${SITE_IDS.photo}-thumb?exp=1&sig=b`,
    width: 1200,
    height: 900,
    client_key: null,
    created_by_name: "Marc Petit",
    created_at: "2026-11-24T09:10:00.000Z",
    ...overrides,
  };
}

/** The signed-in user as the session stores it (the outbox reads his id and name). */
export const SITE_USER = {
  id: SITE_IDS.user,
  email: "compagnon@durand-renovation.fr",
  full_name: "Julien Moreau",
  avatarUrl: null,
  companyId: null,
  company_id: null,
  company_name: "Durand Rénovation",
  role: "Compagnon",
  roles: [],
  permissions: ["projects:view", "projects:execute"],
};
