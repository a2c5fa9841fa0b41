import type { ProjectStatus } from "@shared/project-rules";

/**
 * Whether a worksite offers « Facturer » (docs/domain/invoices.md#from-a-worksite): it has a client, is
 * not cancelled, and is delivered or comes from a validated quote (a quote becomes a worksite only once
 * validated, spec 2 §4).
 */
export function canInvoiceProject(project: {
  status: ProjectStatus;
  client_id: string | null;
  quote_id: string | null;
}): boolean {
  if (!project.client_id || project.status === "annulé") return false;
  return project.status === "livré" || project.quote_id !== null;
}
