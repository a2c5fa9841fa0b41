import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do in the price library, asked once through `useCan`. */
export function useLibraryAccess() {
  return { canEdit: useCan("library:edit") };
}
