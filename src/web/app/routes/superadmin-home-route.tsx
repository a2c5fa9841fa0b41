import { splitFullName } from "@shared/session";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { Greeting } from "@web/features/dashboard/components/greeting";
import { QuickActions } from "@web/features/dashboard/components/quick-actions";
import { PLATFORM_QUICK_ACTIONS } from "@web/features/dashboard/lib/quick-actions";
import { PlatformDashboardPanels } from "@web/features/superadmin/components/platform-dashboard";
import { useViewport } from "@web/hooks/use-viewport";

/** /superadmin — the platform home: greeting, the real KPIs, the quick actions, recent companies and alerts. */
export function SuperAdminHomeRoute() {
  const { user } = useAuth();
  const isMobile = useViewport() !== "desktop";
  return (
    <>
      <title>Tableau de bord plateforme · Propulse</title>
      <div className="flex flex-col gap-8">
        <Greeting firstName={splitFullName(user?.full_name).firstName} context="Administration de la plateforme" />
        <div className="flex flex-col gap-6">
          <PlatformDashboardPanels
            isMobile={isMobile}
            quickActions={<QuickActions actions={PLATFORM_QUICK_ACTIONS} />}
          />
        </div>
      </div>
    </>
  );
}
