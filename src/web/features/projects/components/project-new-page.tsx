import { PROJECT_TEXTS } from "@shared/project-rules";
import { PageLeaveGuard } from "@web/components/form/page-leave-guard";
import { Button } from "@web/components/ui/button";
import { paths } from "@web/lib/paths";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
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
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" asChild className="-ml-2 self-start text-muted-foreground">
          <Link to={paths.projects}>
            <ArrowLeft aria-hidden="true" />
            {PROJECT_TEXTS.backToList}
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">{PROJECT_TEXTS.newProject}</h1>
          <p className="text-sm text-muted-foreground">Les champs marqués d’un * sont obligatoires.</p>
        </div>
      </div>
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
