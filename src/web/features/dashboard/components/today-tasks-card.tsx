import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { useQuery } from "@tanstack/react-query";
import { paths } from "@web/lib/paths";
import { CalendarClock, CalendarDays, MapPin, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { todayTasksQueryOptions } from "../api/get-dashboard";
import { CardError, DashboardCard, ProgressBar, RowsSkeleton, useLoggedError } from "./dashboard-card";
import { StatusBadge } from "./status-badge";

/**
 * « Planning d'aujourd'hui » (spec 1): the worksites that occupy today — title, status, team, the day of
 * its span, a progress bar once work has started — each leading to the worksite.
 */
export function TodayTasksCard() {
  const query = useQuery(todayTasksQueryOptions());
  useLoggedError(query.error, "planning d’aujourd’hui");
  const tasks = query.data;
  return (
    <DashboardCard title={DASHBOARD_TEXTS.todayPlanning} icon={<CalendarDays />}>
      {tasks ? (
        tasks.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border">
            {tasks.map((task) => (
              <li key={task.id}>
                <Link
                  to={paths.project(task.id)}
                  className="flex min-h-14 flex-col gap-1.5 px-4 py-3 transition-colors hover:bg-muted/60 focus-visible:bg-muted/60"
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <span className="text-sm font-semibold break-words">{task.title}</span>
                      <span className="text-xs text-muted-foreground">{task.reference}</span>
                    </span>
                    <StatusBadge status={task.status} />
                  </span>
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    <span className="inline-flex items-center gap-1">
                      <CalendarClock aria-hidden="true" className="size-3.5" />
                      {task.time}
                    </span>
                    {task.team && (
                      <span className="inline-flex items-center gap-1">
                        <UsersRound aria-hidden="true" className="size-3.5" />
                        {task.team}
                      </span>
                    )}
                    {task.address && (
                      <span className="inline-flex min-w-0 items-center gap-1">
                        <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                        <span className="truncate">{task.address}</span>
                      </span>
                    )}
                  </span>
                  {task.progress > 0 && <ProgressBar value={task.progress} label={`Avancement de ${task.title}`} />}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <CalendarDays aria-hidden="true" className="size-5" />
            </span>
            <p className="text-sm text-muted-foreground">{DASHBOARD_TEXTS.noTaskToday}</p>
          </div>
        )
      ) : query.isError ? (
        <CardError onRetry={() => void query.refetch()} />
      ) : (
        <RowsSkeleton />
      )}
    </DashboardCard>
  );
}
