import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do with the teams (spec 3 §6), asked once through `useCan`. */
export function useTeamAccess() {
  return {
    canCreate: useCan("teams:create"),
    canEdit: useCan("teams:edit"),
    canDelete: useCan("teams:delete"),
  };
}
