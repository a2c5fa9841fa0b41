import { InvoicePage } from "@web/features/invoices/components/invoice-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { Navigate, useParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /invoices/:id: an invoice, a deposit invoice or a credit note, its payments and its actions (spec 3 §2.4). */
export function InvoiceRoute() {
  const isMobile = useViewport() !== "desktop";
  const { id } = useParams();
  if (!id) return <Navigate to={paths.invoices} replace />;
  return (
    <PermissionRoute permission="invoices:view">
      {/* Remounted per invoice: a credit note opened from its invoice starts with its own state. */}
      <InvoicePage key={id} invoiceId={id} isMobile={isMobile} />
    </PermissionRoute>
  );
}
