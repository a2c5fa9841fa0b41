import { CompanySettingsPage } from "@web/features/company/components/company-settings-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /settings — « Paramètres de l'entreprise », for holders of settings:view (admins). */
export function SettingsRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="settings:view">
      <title>Paramètres de l’entreprise · Propulse</title>
      <CompanySettingsPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
