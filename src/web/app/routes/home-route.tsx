import { splitFullName } from "@shared/session";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { DashboardPage } from "@web/features/dashboard/components/dashboard-page";
import { useDashboardAccess } from "@web/features/dashboard/hooks/use-dashboard-access";
import { expectedKpis } from "@web/features/dashboard/lib/figures";
import { COMPANY_QUICK_ACTIONS } from "@web/features/dashboard/lib/quick-actions";
import { useAfterFirstPaint } from "@web/hooks/use-after-first-paint";
import { Suspense } from "react";
import { lazyScreen, screens } from "../screens";

/* The first frame paints the greeting, the KPI cards' skeletons (part of the route: the same frame as the
   cards, nothing moves) and the quick actions; the cards, their figures and the day's cards come from a
   chunk of their own once the page has painted. Rendering them in the first frame, or waiting there for
   their chunk, held the first paint back (Lighthouse's LCP on a phone 2.6 s against 2.3 before). */
const KpiCards = lazyScreen(screens.homeFigures, (m) => m.KpiCards);
const DashboardPanels = lazyScreen(screens.homeFigures, (m) => m.DashboardPanels);

/**
 * The room the KPI cards will take (two per row on a phone, one row from 1024 px), so that the quick
 * actions below do not move when they arrive: 9.375rem a row, 10rem from 1024 px, the cards' and their
 * skeletons' height (KPI_CARD_HEIGHT, kpi-frame.tsx).
 */
function KpiPlace({ count }: { count: number }) {
  if (count === 0) return null;
  const rows = Math.ceil(count / 2);
  return (
    <div
      aria-hidden="true"
      className="lg:!min-h-[10rem]"
      style={{ minHeight: `${rows * 9.375 + (rows - 1) * 0.75}rem` }}
    />
  );
}

/** / — the company home: greeting, the KPI cards, the quick actions the user may use, the day's cards. */
export function HomeRoute() {
  const { user } = useAuth();
  const { can } = usePermissions();
  const actions = COMPANY_QUICK_ACTIONS.filter((action) => !action.permission || can(action.permission));
  // The greeting, the KPI skeletons and the quick actions paint first; the day's cards (the last ones:
  // nothing below them moves) right after, so the first paint never waits for their rendering.
  const painted = useAfterFirstPaint();
  const expected = expectedKpis(useDashboardAccess());
  return (
    <>
      <title>Accueil · Propulse</title>
      <DashboardPage
        firstName={splitFullName(user?.full_name).firstName}
        context={user?.company_name ?? null}
        actions={actions}
        kpis={
          painted ? (
            <Suspense fallback={<KpiPlace count={expected.length} />}>
              <KpiCards />
            </Suspense>
          ) : (
            <KpiPlace count={expected.length} />
          )
        }
        panels={
          painted && (
            <Suspense fallback={null}>
              <DashboardPanels />
            </Suspense>
          )
        }
      />
    </>
  );
}
