import type { Quote } from "@shared/quotes";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { QuoteNewPage } from "@web/features/quotes/components/quote-new-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { draftScopeOf } from "./draft-scope";
import { PermissionRoute } from "./permission-route";

/** /quotes/new?client_id= — the create form as a page; once created, the new quote opens (/quotes/:id). */
export function QuoteNewRoute() {
  const { user } = useAuth();
  const isMobile = useViewport() !== "desktop";
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const backToList = useCallback(() => navigate(paths.quotes), [navigate]);
  const openCreated = useCallback((quote: Quote) => navigate(paths.quote(quote.id), { replace: true }), [navigate]);
  return (
    <PermissionRoute permission="quotes:create">
      <title>Nouveau devis · Propulse</title>
      <QuoteNewPage
        isMobile={isMobile}
        clientId={params.get("client_id")}
        draftScope={draftScopeOf(user)}
        onCancel={backToList}
        onCreated={openCreated}
      />
    </PermissionRoute>
  );
}
