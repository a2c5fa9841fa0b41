import { ProjectPage } from "@web/features/projects/components/project-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { Navigate, useParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /projects/:id: everything about a worksite (its tasks, documents, imprévus and photos). */
export function ProjectRoute() {
  const isMobile = useViewport() !== "desktop";
  const { id } = useParams();
  if (!id) return <Navigate to={paths.projects} replace />;
  return (
    <PermissionRoute permission="projects:view">
      <ProjectPage projectId={id} isMobile={isMobile} />
    </PermissionRoute>
  );
}
