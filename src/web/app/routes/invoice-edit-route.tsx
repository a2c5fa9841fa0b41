import { InvoiceEditPage } from "@web/features/invoices/components/invoice-edit-page";
import { useViewport } from "@web/hooks/use-viewport";
import { paths } from "@web/lib/paths";
import { Navigate, useParams } from "react-router";
import { PermissionRoute } from "./permission-route";

/** /invoices/:id/edit: a draft written again, the client locked (spec 3 §2.5). */
export function InvoiceEditRoute() {
  const isMobile = useViewport() !== "desktop";
  const { id } = useParams();
  if (!id) return <Navigate to={paths.invoices} replace />;
  return (
    <PermissionRoute permission="invoices:edit">
      <title>Modifier la facture · Propulse</title>
      <InvoiceEditPage invoiceId={id} isMobile={isMobile} />
    </PermissionRoute>
  );
}
