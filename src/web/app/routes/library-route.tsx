import { LibraryPage } from "@web/features/library/components/library-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /library: the price library (docs/domain/library.md). */
export function LibraryRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="library:view">
      <title>Bibliothèque · Propulse</title>
      <LibraryPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
