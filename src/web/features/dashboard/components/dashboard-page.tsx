import type { ReactNode } from "react";
import type { QuickAction } from "../lib/quick-actions";
import { Greeting } from "./greeting";
import { QuickActions } from "./quick-actions";

export interface DashboardPageProps {
  firstName: string;
  context: string | null;
  actions: readonly QuickAction[];
  /** The KPI cards, under the greeting (the company home: `KpiCards` of home-figures.ts). */
  kpis?: ReactNode;
  /** The cards under the quick actions (the company home: `DashboardPanels`). */
  panels?: ReactNode;
}

/**
 * The home page (spec 1 « Company dashboard (home) »): the greeting, the KPI cards, the quick actions,
 * then the day, the worksites, the alerts and the business cards. Each card asks for its own answer
 * and shows its skeleton meanwhile, or its failure alone: the greeting and the quick actions are
 * painted at once, never waiting for the figures. Without `kpis` and `panels`: greeting and quick actions.
 */
export function DashboardPage({ firstName, context, actions, kpis, panels }: DashboardPageProps) {
  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <Greeting firstName={firstName} context={context} />
      {kpis}
      <QuickActions actions={actions} />
      {panels}
    </div>
  );
}
