import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { QuotesPage } from "@web/features/quotes/components/quotes-page";
import { useViewport } from "@web/hooks/use-viewport";
import { draftScopeOf } from "./draft-scope";
import { PermissionRoute } from "./permission-route";

/** /quotes — 'Gestion des devis' (desktop) / 'Mes devis' (mobile). */
export function QuotesRoute() {
  const { can } = usePermissions();
  const { user } = useAuth();
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="quotes:view">
      <title>{isMobile ? "Mes devis · Propulse" : "Gestion des devis · Propulse"}</title>
      <QuotesPage
        isMobile={isMobile}
        draftScope={draftScopeOf(user)}
        permissions={{
          canCreate: can("quotes:create"),
          canEdit: can("quotes:edit"),
          canDeleteTemplates: can("quotes:delete"),
          canReadSettings: can("settings:view"),
          canCreateProject: can("projects:create"),
          canCreateInvoice: can("invoices:create"),
          canListClients: can("clients:view"),
          canCreateClients: can("clients:create"),
        }}
      />
    </PermissionRoute>
  );
}
