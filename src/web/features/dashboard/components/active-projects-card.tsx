import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { paths } from "@web/lib/paths";
import { ChevronRight, HardHat } from "lucide-react";
import { Link } from "react-router";
import { activeProjectsQueryOptions } from "../api/get-dashboard";
import { HOME_TEXTS } from "../lib/figures";
import { CardError, DashboardCard, RowsSkeleton, useLoggedError } from "./dashboard-card";
import { StatusBadge } from "./status-badge";

/**
 * « Projets en cours » (spec 1): the worksites à faire, en cours or en pause the user sees — name, team,
 * status badge (the worksites' own colours) — each leading to its page.
 */
export function ActiveProjectsCard() {
  const query = useQuery(activeProjectsQueryOptions());
  useLoggedError(query.error, "chantiers en cours");
  const projects = query.data;
  return (
    <DashboardCard
      title={DASHBOARD_TEXTS.projectsInProgress}
      icon={<HardHat />}
      aside={
        <Button asChild variant="link" size="sm" className="h-auto shrink-0 px-0">
          <Link to={paths.projects}>
            <span className="hidden sm:inline">{HOME_TEXTS.seeAllProjects}</span>
            <span className="sm:hidden">{HOME_TEXTS.seeAll}</span>
          </Link>
        </Button>
      }
    >
      {projects ? (
        projects.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border">
            {projects.map((project) => (
              <li key={project.id}>
                <Link
                  to={paths.project(project.id)}
                  className="flex min-h-14 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-muted/60 focus-visible:bg-muted/60"
                >
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="line-clamp-2 text-sm font-semibold break-words">{project.name}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {project.reference}
                      {project.team && <> · {project.team}</>}
                    </span>
                  </span>
                  <StatusBadge status={project.status} />
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 py-6 text-sm text-muted-foreground">{DASHBOARD_TEXTS.noActiveProject}</p>
        )
      ) : query.isError ? (
        <CardError onRetry={() => void query.refetch()} />
      ) : (
        <RowsSkeleton />
      )}
    </DashboardCard>
  );
}
