import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { ClientsPage } from "@web/features/clients/components/clients-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { useCallback } from "react";
import { useMatch, useNavigate } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /clients and /clients/new (the create form open on the list). */
export function ClientsRoute() {
  const { user } = useAuth();
  const { can } = usePermissions();
  const isMobile = useViewport() !== "desktop";
  const navigate = useNavigate();
  const creating = useMatch(paths.clientNew) !== null;
  const backToList = useCallback(() => navigate(paths.clients, { replace: true }), [navigate]);

  return (
    <PermissionRoute permission="clients:view">
      <title>{creating ? "Nouveau client · Propulse" : "Mes clients · Propulse"}</title>
      <ClientsPage
        isMobile={isMobile}
        hasCompany={Boolean(user?.companyId)}
        permissions={{
          canCreate: can("clients:create"),
          canEdit: can("clients:edit"),
          canDelete: can("clients:delete"),
          canCreateQuote: can("quotes:create"),
        }}
        createRequested={creating}
        onCreateRequestDone={backToList}
      />
    </PermissionRoute>
  );
}
