import { PROJECT_TEXTS } from "@shared/project-rules";
import { ProjectsPage } from "@web/features/projects/components/projects-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /projects: « Mes chantiers » (spec 2 §2, docs/domain/projects.md); without projects:view, the refusal. */
export function ProjectsRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="projects:view">
      <title>{`${PROJECT_TEXTS.listTitle} · Propulse`}</title>
      <ProjectsPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
