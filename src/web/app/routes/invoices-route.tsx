import { INVOICE_TEXTS } from "@shared/invoice-rules";
import { InvoicesPage } from "@web/features/invoices/components/invoices-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /invoices: « Factures » (spec 3 §2.2, docs/domain/invoices.md#screens); without invoices:view, the refusal. */
export function InvoicesRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="invoices:view">
      <title>{`${INVOICE_TEXTS.title} · Propulse`}</title>
      <InvoicesPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
