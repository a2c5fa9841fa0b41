import { PROJECT_TEXTS } from "@shared/project-rules";
import { PageLeaveGuard } from "@web/components/form/page-leave-guard";
import { PageHeader } from "@web/components/ui/page-header";
import { paths } from "@web/lib/paths";
import { useNavigate } from "react-router";
import { ProjectCreateBody } from "./project-form-dialog";

/**
 * /projects/new[?quote_id=]: the creation form as a page (the dialog's body, not a copy), blank or from
 * a validated quote; once created, the worksite's page.
 */
export function ProjectNewPage({ quoteId, isMobile }: { quoteId: string | null; isMobile: boolean }) {
  const navigate = useNavigate();
  const leave = () => navigate(paths.projects);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        back={{ to: paths.projects, label: PROJECT_TEXTS.backToList }}
        title={PROJECT_TEXTS.newProject}
        subtitle="Les champs marqués d’un * sont obligatoires."
      />
      <PageLeaveGuard
        onCancel={leave}
        description={"Le chantier en cours de saisie n’a pas été enregistré\u00a0: il sera perdu."}
      >
        <ProjectCreateBody
          quoteId={quoteId}
          isMobile={isMobile}
          variant="page"
          onCancel={leave}
          onSaved={(project) => navigate(paths.project(project.id))}
        />
      </PageLeaveGuard>
    </div>
  );
}
