import { INVOICE_TEXTS } from "@shared/invoice-rules";
import { InvoiceNewPage } from "@web/features/invoices/components/invoice-new-page";
import { useViewport } from "@web/hooks/use-viewport";
import { useSearchParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /invoices/new[?quote_id=][&client_id=]: a blank invoice, or one from a validated quote (spec 3 §2.3). */
export function InvoiceNewRoute() {
  const isMobile = useViewport() !== "desktop";
  const [params] = useSearchParams();
  return (
    <PermissionRoute permission="invoices:create">
      <title>{`${INVOICE_TEXTS.newInvoice} · Propulse`}</title>
      <InvoiceNewPage quoteId={params.get("quote_id")} clientId={params.get("client_id")} isMobile={isMobile} />
    </PermissionRoute>
  );
}
