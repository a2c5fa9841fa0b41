import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { QuoteNewPage } from "@web/features/quotes/components/quote-new-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { draftScopeOf } from "./draft-scope";
import { PermissionRoute } from "./permission-route";

/** /quotes/new?client_id= — the create form as a page; back to /quotes once created. */
export function QuoteNewRoute() {
  const { can } = usePermissions();
  const { user } = useAuth();
  const isMobile = useViewport() !== "desktop";
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const backToList = useCallback(() => navigate(paths.quotes), [navigate]);
  return (
    <PermissionRoute permission="quotes:create">
      <title>Nouveau devis · Propulse</title>
      <QuoteNewPage
        isMobile={isMobile}
        clientId={params.get("client_id")}
        draftScope={draftScopeOf(user)}
        permissions={{
          canDeleteTemplates: can("quotes:delete"),
          canEditTemplates: can("quotes:edit"),
          canReadSettings: can("settings:view"),
          canCreateClients: can("clients:create"),
        }}
        onCancel={backToList}
        onCreated={backToList}
      />
    </PermissionRoute>
  );
}
