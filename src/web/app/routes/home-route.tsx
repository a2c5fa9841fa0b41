import { splitFullName } from "@shared/session";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { DashboardPage } from "@web/features/dashboard/components/dashboard-page";
import { COMPANY_QUICK_ACTIONS } from "@web/features/dashboard/lib/quick-actions";
import { Suspense } from "react";
import { lazyScreen, screens } from "../screens";

/* The cards and their code are a chunk of their own, preloaded with « / » (route document, route-preload.ts):
   the shell every signed-in page loads stays without them; handed over at once when already loaded. */
const KpiCards = lazyScreen(screens.homeFigures, (m) => m.KpiCards);
const DashboardPanels = lazyScreen(screens.homeFigures, (m) => m.DashboardPanels);

/** / — the company home: greeting, the KPI cards, the quick actions the user may use, the day's cards. */
export function HomeRoute() {
  const { user } = useAuth();
  const { can } = usePermissions();
  const actions = COMPANY_QUICK_ACTIONS.filter((action) => !action.permission || can(action.permission));
  return (
    <>
      <title>Accueil · Propulse</title>
      <DashboardPage
        firstName={splitFullName(user?.full_name).firstName}
        context={user?.company_name ?? null}
        actions={actions}
        kpis={
          <Suspense fallback={null}>
            <KpiCards />
          </Suspense>
        }
        panels={
          <Suspense fallback={null}>
            <DashboardPanels />
          </Suspense>
        }
      />
    </>
  );
}
