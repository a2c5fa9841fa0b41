import { Spinner } from "../../components/ui/spinner";
import { usePermissions } from "../../features/auth/hooks/use-permissions";
import { QuotesAccessDenied } from "../../features/quotes/components/quotes-access-denied";
import { QuotesPage } from "../../features/quotes/components/quotes-page";
import { useIsMobile } from "../../features/shell/hooks/use-is-mobile";

/** /quotes — 'Gestion des devis' (desktop) / 'Mes devis' (mobile). */
export function QuotesRoute() {
  const { can, isLoading } = usePermissions();
  const isMobile = useIsMobile();

  const canView = can("quotes:view");
  if (!canView && isLoading) return <Spinner className="py-24" label="Vérification des permissions..." />;
  if (!canView) return <QuotesAccessDenied />;
  return (
    <>
      <title>{isMobile ? "Mes devis · Propulse" : "Gestion des devis · Propulse"}</title>
      <QuotesPage
        isMobile={isMobile}
        permissions={{
          canCreate: can("quotes:create"),
          canEdit: can("quotes:edit"),
          canDeleteTemplates: can("quotes:delete"),
          canReadSettings: can("settings:view"),
          canCreateProject: can("projects:create"),
          canCreateInvoice: can("invoices:create"),
          canListClients: can("clients:view"),
        }}
      />
    </>
  );
}
