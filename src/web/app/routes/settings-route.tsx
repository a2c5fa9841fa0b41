import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { CompanySettingsPage } from "@web/features/company/components/company-settings-page";
import { useIsMobile } from "@web/features/shell/hooks/use-is-mobile";
import { PermissionRoute } from "./permission-route";

/** /settings — « Paramètres de l'entreprise », for holders of settings:view (admins). */
export function SettingsRoute() {
  const { can } = usePermissions();
  const isMobile = useIsMobile();
  return (
    <PermissionRoute permission="settings:view">
      <title>Paramètres de l'entreprise · Propulse</title>
      <CompanySettingsPage canEdit={can("settings:edit")} isMobile={isMobile} />
    </PermissionRoute>
  );
}
