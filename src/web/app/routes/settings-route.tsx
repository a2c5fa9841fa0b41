import { ShieldAlert } from "lucide-react";
import { Spinner } from "../../components/ui/spinner";
import { usePermissions } from "../../features/auth/hooks/use-permissions";
import { CompanySettingsPage } from "../../features/company/components/company-settings-page";
import { useIsMobile } from "../../features/shell/hooks/use-is-mobile";

/** /settings — « Paramètres de l'entreprise », for holders of settings:view (admins). */
export function SettingsRoute() {
  const { can, isLoading } = usePermissions();
  const isMobile = useIsMobile();
  const canView = can("settings:view");

  if (!canView && isLoading) return <Spinner className="py-24" label="Vérification des permissions..." />;
  if (!canView) {
    return (
      <>
        <title>Accès refusé · Propulse</title>
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-input bg-card px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <ShieldAlert aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col gap-1">
            <h1 className="text-lg font-semibold">Accès refusé</h1>
            <p className="max-w-sm text-sm text-muted-foreground">
              Vous n'avez pas les permissions nécessaires pour accéder à cette page.
            </p>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <title>Paramètres de l'entreprise · Propulse</title>
      <CompanySettingsPage canEdit={can("settings:edit")} isMobile={isMobile} />
    </>
  );
}
