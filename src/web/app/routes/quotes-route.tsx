import { useAuth } from "@web/features/auth/hooks/auth-context";
import { QuotesPage } from "@web/features/quotes/components/quotes-page";
import { useViewport } from "@web/hooks/use-viewport";
import { draftScopeOf } from "./draft-scope";
import { PermissionRoute } from "./permission-route";

/** /quotes — 'Gestion des devis' (desktop) / 'Mes devis' (mobile). */
export function QuotesRoute() {
  const { user } = useAuth();
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="quotes:view">
      <title>{isMobile ? "Mes devis · Propulse" : "Gestion des devis · Propulse"}</title>
      <QuotesPage isMobile={isMobile} draftScope={draftScopeOf(user)} />
    </PermissionRoute>
  );
}
