import type { ProjectDetail, ProjectDraft } from "@shared/projects";

/** Factories of the worksite form's tests (the creation proposal, a stored worksite). */

export const FIXTURE_IDS = {
  quote: "5b0f3f5e-3c1a-4d8e-9a57-0c6c2f1f4a11",
  client: "0e5a6f7c-1b2d-4c3e-8f90-a1b2c3d4e5f6",
  project: "33333333-3333-4333-8333-333333333333",
  taskA: "11111111-1111-4111-8111-111111111111",
  taskB: "22222222-2222-4222-8222-222222222222",
  team: "44444444-4444-4444-8444-444444444444",
  vehicle: "55555555-5555-4555-8555-555555555555",
  template: "66666666-6666-4666-8666-666666666666",
} as const;

/** What GET /api/projects/from-quote/:quoteId proposes for a validated quote of two priced lines. */
export function makeProjectDraft(overrides: Partial<ProjectDraft> = {}): ProjectDraft {
  return {
    quote_id: FIXTURE_IDS.quote,
    quote_reference: "DEV-2026-0007",
    client_id: FIXTURE_IDS.client,
    client: {
      id: FIXTURE_IDS.client,
      name: "Martine Leroy",
      phone: "06 12 34 56 78",
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
      { label: "Dépose de l'ancienne baignoire", estimated_hours: 4, unit_price: 35, quantity: 1 },
      { label: "Carrelage mural", estimated_hours: 16, unit_price: 180, quantity: 12.5 },
    ],
    ...overrides,
  };
}

/** A stored worksite from that quote: two tasks (the first ticked), a team, the quote among its documents. */
export function makeProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: FIXTURE_IDS.project,
    reference: "CH-2026-0001",
    name: "Salle de bain",
    status: "en cours",
    client_id: FIXTURE_IDS.client,
    client: { id: FIXTURE_IDS.client, name: "Martine Leroy", phone: null, email: null, address: null },
    quote_id: FIXTURE_IDS.quote,
    quote_reference: "DEV-2026-0007",
    start_date: "2026-03-11",
    team_id: FIXTURE_IDS.team,
    team: { id: FIXTURE_IDS.team, name: "Équipe Martin" },
    vehicle_id: null,
    vehicle: null,
    address: "8 chemin des Vignes, 69380 Lozanne",
    gate_code: null,
    notes: null,
    budget_total: 4380.5,
    estimated_duration_days: 3,
    equipment: ["Niveau laser"],
    started_at: "2026-03-11T07:30:00.000Z",
    finished_at: null,
    client_satisfied: null,
    task_count: 2,
    done_count: 1,
    progress: 50,
    issue_count: 0,
    created_at: "2026-03-10T08:00:00.000Z",
    updated_at: "2026-03-11T07:30:00.000Z",
    tasks: [
      {
        id: FIXTURE_IDS.taskA,
        position: 1,
        label: "Dépose de l'ancienne baignoire",
        is_done: true,
        done_at: "2026-03-11T09:00:00.000Z",
        done_by_name: "Julien Moreau",
        estimated_hours: 4,
        unit_price: 35,
        quantity: 1,
      },
      {
        id: FIXTURE_IDS.taskB,
        position: 2,
        label: "Carrelage mural",
        is_done: false,
        done_at: null,
        done_by_name: null,
        estimated_hours: 16,
        unit_price: 180,
        quantity: 12.5,
      },
    ],
    documents: [{ id: FIXTURE_IDS.quote, type: "devis", reference: "DEV-2026-0007" }],
    ...overrides,
  };
}
