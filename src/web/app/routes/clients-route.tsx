import { ShieldAlert } from "lucide-react";
import { useCallback } from "react";
import { useMatch, useNavigate } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../features/auth/hooks/auth-context";
import { usePermissions } from "../../features/auth/hooks/use-permissions";
import { ClientsPage } from "../../features/clients/components/clients-page";
import { useIsMobile } from "../../features/shell/hooks/use-is-mobile";
import { paths } from "../../lib/paths";

/** Shown in place of a page the user has no right to see. */
export function AccessDenied() {
  return (
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
  );
}

/** /clients and /clients/new (the create form open on the list). */
export function ClientsRoute() {
  const { user } = useAuth();
  const { can, isLoading } = usePermissions();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const creating = useMatch(paths.clientNew) !== null;
  const backToList = useCallback(() => navigate(paths.clients, { replace: true }), [navigate]);

  const canView = can("clients:view");
  if (!canView && isLoading) return <Spinner className="py-24" label="Vérification des permissions..." />;
  if (!canView) {
    return (
      <>
        <title>Accès refusé · Propulse</title>
        <AccessDenied />
      </>
    );
  }
  return (
    <>
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
    </>
  );
}
