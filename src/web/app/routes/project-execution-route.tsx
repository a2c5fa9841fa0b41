import { ProjectExecutionPage } from "@web/features/projects/components/project-execution-page";
import { paths } from "@web/lib/paths";
import { Navigate, useParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /projects/:id/execution: « Mode chantier » on site (spec 2 §2); without an id, back to the list. */
export function ProjectExecutionRoute() {
  const { id } = useParams();
  if (!id) return <Navigate to={paths.projects} replace />;
  return (
    <PermissionRoute permission="projects:view">
      <title>Mode chantier · Propulse</title>
      <ProjectExecutionPage projectId={id} />
    </PermissionRoute>
  );
}
