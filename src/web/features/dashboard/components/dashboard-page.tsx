import type { QuickAction } from "../lib/quick-actions";
import { Greeting } from "./greeting";
import { QuickActions } from "./quick-actions";

export interface DashboardPageProps {
  firstName: string;
  context: string | null;
  actions: readonly QuickAction[];
}

/**
 * The company home and the SuperAdmin home share this page: greeting + quick actions.
 * KPI cards arrive with the dashboard issue; no figure is invented meanwhile.
 */
export function DashboardPage({ firstName, context, actions }: DashboardPageProps) {
  return (
    <div className="flex flex-col gap-8">
      <Greeting firstName={firstName} context={context} />
      <QuickActions actions={actions} />
    </div>
  );
}
