import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do on the planning (docs/domain/planning.md#screen), asked once through `useCan`. */
export function usePlanningAccess() {
  const admin = useCan("admin:access");
  const seesEveryTeam = useCan("team:view");
  return {
    /** Spec 2 §6: the team filter for `team:view` or `admin:access`. */
    canFilterTeams: admin || seesEveryTeam,
    /** GET /api/teams (the filter's and the move dialog's teams). */
    canListTeams: useCan("teams:view"),
    /** GET /api/vehicles (the move dialog's vehicles). */
    canListVehicles: useCan("vehicles:view"),
    /** PATCH /api/projects/:id/schedule: drag and « Déplacer ». */
    canMove: useCan("projects:edit"),
  };
}
