import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { usePermissions } from "../../features/auth/hooks/use-permissions";
import { QuoteNewPage } from "../../features/quotes/components/quote-new-page";
import { QuotesAccessDenied } from "../../features/quotes/components/quotes-access-denied";
import { useIsMobile } from "../../features/shell/hooks/use-is-mobile";
import { paths } from "../../lib/paths";

/** /quotes/new?client_id= — the create form as a page; back to /quotes once created. */
export function QuoteNewRoute() {
  const { can, isLoading } = usePermissions();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const backToList = useCallback(() => navigate(paths.quotes), [navigate]);

  const canCreate = can("quotes:create");
  if (!canCreate && isLoading) return <Spinner className="py-24" label="Vérification des permissions..." />;
  if (!canCreate) return <QuotesAccessDenied />;
  return (
    <>
      <title>Nouveau devis · Propulse</title>
      <QuoteNewPage
        isMobile={isMobile}
        clientId={params.get("client_id")}
        permissions={{ canDeleteTemplates: can("quotes:delete"), canReadSettings: can("settings:view") }}
        onCancel={backToList}
        onCreated={backToList}
      />
    </>
  );
}
