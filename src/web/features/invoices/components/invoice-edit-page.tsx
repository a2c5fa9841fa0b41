import { INVOICE_TEXTS, isEditable } from "@shared/invoice-rules";
import { useQuery } from "@tanstack/react-query";
import { PageLeaveGuard } from "@web/components/form/page-leave-guard";
import { LoadError } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { isApiError } from "@web/lib/api-client";
import { errorDescription } from "@web/lib/api-errors";
import { paths } from "@web/lib/paths";
import { toast } from "@web/lib/toast";
import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { invoiceQueryOptions } from "../api/get-invoice";
import { InvoiceStatusBadge } from "./invoice-badges";
import { InvoiceForm } from "./invoice-form";

export const INVOICE_EDIT_TEXTS = {
  title: "Modifier la facture",
  subtitle: "Le client d’une facture ne change pas. Les totaux se calculent en direct.",
  leave: "Les modifications de la facture n’ont pas été enregistrées\u00a0: elles seront perdues.",
  loading: "Chargement de la facture…",
  failed: "Impossible de charger la facture",
} as const;

/**
 * /invoices/:id/edit (spec 3 §2.5): the creation form with the client locked, for a draft only; an
 * issued invoice says « Facture non éditable » and goes back to the list (design §5.5: it is corrected
 * by a credit note). Saved: the invoice's page.
 */
export function InvoiceEditPage({ invoiceId, isMobile }: { invoiceId: string; isMobile: boolean }) {
  const navigate = useNavigate();
  const detail = useQuery(invoiceQueryOptions(invoiceId));
  const invoice = detail.data;
  const locked = invoice !== undefined && !isEditable(invoice);
  useEffect(() => {
    if (!locked) return;
    toast.error(INVOICE_TEXTS.notEditable);
    void navigate(paths.invoices, { replace: true });
  }, [locked, navigate]);
  const leave = () => navigate(paths.invoice(invoiceId));

  let body: ReactNode = null;
  if (invoice && !locked) {
    body = (
      <PageLeaveGuard onCancel={leave} description={INVOICE_EDIT_TEXTS.leave}>
        <InvoiceForm
          key={invoice.id}
          invoice={invoice}
          isMobile={isMobile}
          onCancel={leave}
          onSaved={(saved) => navigate(paths.invoice(saved.id))}
        />
      </PageLeaveGuard>
    );
  } else if (detail.isPending) {
    body = (
      <div role="status" aria-label={INVOICE_EDIT_TEXTS.loading} className="flex flex-col gap-4">
        <Skeleton className="h-72 w-full rounded-lg" />
        <Skeleton className="h-48 w-full rounded-lg" />
      </div>
    );
  } else if (!invoice) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    body = (
      <LoadError
        title={notFound ? INVOICE_TEXTS.notFound : INVOICE_EDIT_TEXTS.failed}
        message={notFound ? undefined : errorDescription(detail.error)}
        onRetry={() => void detail.refetch()}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        back={
          invoice
            ? { to: paths.invoice(invoice.id), label: "Retour à la facture" }
            : { to: paths.invoices, label: "Retour aux factures" }
        }
        title={INVOICE_EDIT_TEXTS.title}
        subtitle={
          invoice && !locked ? (
            <>
              <span className="font-medium text-foreground tabular-nums">{invoice.reference}</span>
              <InvoiceStatusBadge status={invoice.status} />
              <span>{invoice.client_name}</span>
            </>
          ) : (
            INVOICE_EDIT_TEXTS.subtitle
          )
        }
        subtitleClassName={invoice && !locked ? "flex flex-wrap items-center gap-2" : undefined}
      />
      {body}
    </div>
  );
}
