import { useViewport } from "@web/hooks/use-viewport";
import type { ReactNode } from "react";
import { useDashboardAccess } from "../hooks/use-dashboard-access";
import { ActiveProjectsCard } from "./active-projects-card";
import { AlertsCard } from "./alerts-card";
import { BusinessOverview } from "./business-overview";
import { AcceptanceCard, HistoryCard } from "./history-card";
import { TodayTasksCard } from "./today-tasks-card";

/**
 * The home's cards under the quick actions, each asking for its own answer. On a desktop: the day, the
 * worksites and the chart on the left, what needs action and the business figures on the right; on a
 * phone one column, the day first, then what needs action.
 */
export function DashboardPanels() {
  const { canSeeProjects, canSeeAlerts, canSeeMoney } = useDashboardAccess();
  const desktop = useViewport() === "desktop";
  const today = canSeeProjects ? <TodayTasksCard key="today" /> : null;
  const projects = canSeeProjects ? <ActiveProjectsCard key="projects" /> : null;
  const alerts = canSeeAlerts ? <AlertsCard key="alerts" /> : null;
  const business = canSeeMoney ? <BusinessOverview key="business" /> : null;
  const acceptance = canSeeMoney ? <AcceptanceCard key="acceptance" /> : null;
  const history = canSeeMoney ? <HistoryCard key="history" /> : null;

  if (!desktop) return <Column>{[today, alerts, projects, business, history, acceptance]}</Column>;
  const side = [alerts, business, acceptance].filter(Boolean);
  // Without a side column (a Compagnon), the day and the worksites side by side.
  if (side.length === 0)
    return (
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {today}
        {projects}
      </div>
    );
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <Column className="lg:col-span-2">{[today, projects, history]}</Column>
      <Column>{side}</Column>
    </div>
  );
}

function Column({ children, className }: { children: ReactNode[]; className?: string }) {
  const shown = children.filter(Boolean);
  if (shown.length === 0) return null;
  return <div className={`flex min-w-0 flex-col gap-6 ${className ?? ""}`}>{shown}</div>;
}
