import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do on the client screens, asked once through `useCan`. */
export function useClientAccess() {
  return {
    canCreate: useCan("clients:create"),
    canEdit: useCan("clients:edit"),
    canDelete: useCan("clients:delete"),
    /** « Créer un devis » for a client. */
    canCreateQuote: useCan("quotes:create"),
  };
}
