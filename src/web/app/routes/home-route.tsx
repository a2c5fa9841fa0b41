import { splitFullName } from "@shared/session";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { DashboardPage } from "@web/features/dashboard/components/dashboard-page";
import { COMPANY_QUICK_ACTIONS } from "@web/features/dashboard/lib/quick-actions";

/** / — the company home: greeting and the quick actions the user may use. */
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
      />
    </>
  );
}
