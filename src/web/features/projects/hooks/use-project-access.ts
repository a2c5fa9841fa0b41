import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do with worksites (docs/domain/projects.md#permissions), asked once through `useCan`. */
export function useProjectAccess() {
  return {
    canCreate: useCan("projects:create"),
    canEdit: useCan("projects:edit"),
    canDelete: useCan("projects:delete"),
    canExecute: useCan("projects:execute"),
    /** The budget and the tasks' prices (a Compagnon by default does not see them: the server leaves them out). */
    canSeeAmounts: useCan("projects:budget"),
    /** « Facturer » a delivered worksite, or one from a validated quote. */
    canInvoice: useCan("invoices:create"),
    /** The worksite form's choices: the teams, vehicles and equipment templates, and « Nouveau client ». */
    canListTeams: useCan("teams:view"),
    canListVehicles: useCan("vehicles:view"),
    canListEquipment: useCan("equipment:view"),
    canCreateClients: useCan("clients:create"),
    /** The planning's weeks: the form says the clashes of the dates, team and vehicle before saving. */
    canViewPlanning: useCan("calendar:view"),
  };
}
