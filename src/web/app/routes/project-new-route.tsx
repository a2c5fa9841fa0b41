import { ProjectNewPage } from "@web/features/projects/components/project-new-page";
import { useViewport } from "@web/hooks/use-viewport";
import { useSearchParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /projects/new[?quote_id=]: a blank worksite, or one from a validated quote (spec 2 §5). */
export function ProjectNewRoute() {
  const isMobile = useViewport() !== "desktop";
  const [params] = useSearchParams();
  return (
    <PermissionRoute permission="projects:create">
      <title>Nouveau chantier · Propulse</title>
      <ProjectNewPage quoteId={params.get("quote_id")} isMobile={isMobile} />
    </PermissionRoute>
  );
}
