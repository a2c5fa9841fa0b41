import { useAuth } from "@web/features/auth/hooks/auth-context";
import { ClientsPage } from "@web/features/clients/components/clients-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { useCallback } from "react";
import { useMatch, useNavigate } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /clients and /clients/new (the create form open on the list). */
export function ClientsRoute() {
  const { user } = useAuth();
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
        createRequested={creating}
        onCreateRequestDone={backToList}
      />
    </PermissionRoute>
  );
}
