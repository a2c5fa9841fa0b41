import type { ProjectDetail } from "@shared/projects";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { projectRefreshes } from "./project-keys";

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** A task as the forms send it (src/shared/projects.ts projectTaskInputSchema). */
export interface ProjectTaskPayload {
  id?: string | null;
  label: string;
  is_done?: boolean;
  estimated_hours: number | string | null;
  unit_price: number | string | null;
  quantity: number | string | null;
}

/** The body of POST /api/projects and PUT /api/projects/:id: the whole worksite and its tasks. */
export interface ProjectPayload {
  name: string;
  status: ProjectDetail["status"];
  client_id: string | null;
  start_date: string | null;
  team_id: string | null;
  vehicle_id: string | null;
  address: string | null;
  gate_code: string | null;
  notes: string | null;
  budget_total: number | string | null;
  estimated_duration_days: number | string | null;
  equipment: string[];
  tasks: ProjectTaskPayload[];
}

/** The body of POST /api/projects/from-quote: the quote, and what the dialog shows (tasks kept). */
export type ProjectFromQuotePayload = Omit<ProjectPayload, "status" | "client_id"> & { quote_id: string };

/** POST /api/projects (a blank worksite) or PUT /api/projects/:id. The form shows its own failure. */
export function useSaveProject() {
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string | null; body: ProjectPayload; version?: string | null }) =>
      id === null
        ? api.post<ProjectDetail>("/projects", body)
        : api.put<ProjectDetail>(projectPath(id), body, { version }),
    meta: { invalidates: projectRefreshes.update },
  });
}

/** POST /api/projects/from-quote (409 when the quote is not validated or already has a worksite). */
export function useCreateProjectFromQuote() {
  return useMutation({
    mutationFn: (body: ProjectFromQuotePayload) => api.post<ProjectDetail>("/projects/from-quote", body),
    meta: { invalidates: projectRefreshes.create },
  });
}

/** DELETE /api/projects/:id (204). */
export function useDeleteProject() {
  return useMutation({
    mutationFn: (id: string) => api.delete(projectPath(id)),
    meta: { invalidates: projectRefreshes.delete },
  });
}

/** POST /api/projects/:id/start: « à faire » or « en pause » → « en cours ». */
export function useStartProject() {
  return useMutation({
    mutationFn: (id: string) => api.post<ProjectDetail>(`${projectPath(id)}/start`),
    meta: { invalidates: projectRefreshes.status },
  });
}

/**
 * POST /api/projects/:id/finish: « en cours » → « livré » (idempotent), with the optional answer to
 * « Le client est-il satisfait ? » (projectFinishBodySchema); no answer, no body.
 */
export function useFinishProject() {
  return useMutation({
    mutationFn: ({ id, clientSatisfied }: { id: string; clientSatisfied: boolean | null }) =>
      api.post<ProjectDetail>(
        `${projectPath(id)}/finish`,
        clientSatisfied === null ? undefined : { client_satisfied: clientSatisfied },
      ),
    meta: { invalidates: projectRefreshes.status },
  });
}
