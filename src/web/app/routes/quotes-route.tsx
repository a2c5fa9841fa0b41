import { useAuth } from "@web/features/auth/hooks/auth-context";
import { QuotesPage } from "@web/features/quotes/components/quotes-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { useCallback } from "react";
import { useNavigate, useParams } from "react-router";
import { draftScopeOf } from "./draft-scope";
import { PermissionRoute } from "./permission-route";

/**
 * /quotes — 'Gestion des devis' (desktop) / 'Mes devis' (mobile); /quotes/:id — the same list with that
 * quote open (a « Devis signé » notification, a quote just created), back to /quotes when it closes.
 */
export function QuotesRoute() {
  const { user } = useAuth();
  const isMobile = useViewport() !== "desktop";
  const { id = null } = useParams();
  const navigate = useNavigate();
  const backToList = useCallback(() => navigate(paths.quotes, { replace: true }), [navigate]);
  return (
    <PermissionRoute permission="quotes:view">
      <title>{isMobile ? "Mes devis · Propulse" : "Gestion des devis · Propulse"}</title>
      <QuotesPage isMobile={isMobile} draftScope={draftScopeOf(user)} openQuoteId={id} onOpenQuoteDone={backToList} />
    </PermissionRoute>
  );
}
