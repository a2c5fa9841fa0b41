import { formatEuro, plural } from "@shared/format";
import { INVOICE_STATUS_LABELS, INVOICE_TEXTS } from "@shared/invoice-rules";
import type { InvoiceRow } from "@shared/invoices";
import type { Quote } from "@shared/quotes";
import { useQuery } from "@tanstack/react-query";
import { PageLeaveGuard } from "@web/components/form/page-leave-guard";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { isApiError } from "@web/lib/api-client";
import { errorDescription } from "@web/lib/api-errors";
import { paths } from "@web/lib/paths";
import { FileWarning, ReceiptText } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { invoiceQuoteQueryOptions } from "../api/get-invoice-quote";
import { invoicesQueryOptions } from "../api/get-invoices";
import { InvoiceForm } from "./invoice-form";

export const INVOICE_NEW_TEXTS = {
  subtitle: "Les champs marqués d’un * sont obligatoires. Les totaux se calculent en direct.",
  leave: "La facture en cours de saisie n’a pas été enregistrée\u00a0: elle sera perdue.",
  fromQuote: (reference: string) => `Depuis le devis ${reference}`,
  deposits: (count: number) =>
    `Ce devis a déjà ${plural(count, "facture d’acompte", "factures d’acompte")}\u00a0: les acomptes émis seront déduits de cette facture, un acompte encore en brouillon ne l’est pas.`,
  loadingQuote: "Chargement du devis…",
  quoteFailed: "Impossible de charger le devis",
} as const;

export interface InvoiceNewPageProps {
  /** ?quote_id=: the form is pre-filled from this quote (spec 3 §2.3), its deposits are deducted. */
  quoteId: string | null;
  /** ?client_id=: the client preselected. */
  clientId: string | null;
  isMobile: boolean;
}

/**
 * /invoices/new[?quote_id=] (spec 3 §2.3): the creation form as a page, blank or from a validated quote;
 * once created, the invoice's page.
 */
export function InvoiceNewPage({ quoteId, clientId, isMobile }: InvoiceNewPageProps) {
  const navigate = useNavigate();
  const leave = () => navigate(paths.invoices);
  const quote = useQuery({ ...invoiceQuoteQueryOptions(quoteId ?? ""), enabled: quoteId !== null });

  let body: ReactNode;
  if (quoteId === null || quote.data?.status === "valide") {
    const from = quoteId === null ? null : (quote.data ?? null);
    body = (
      <>
        {from && <QuoteOrigin quote={from} />}
        <PageLeaveGuard onCancel={leave} description={INVOICE_NEW_TEXTS.leave}>
          <InvoiceForm
            key={from?.id ?? "blank"}
            invoice={null}
            quote={from}
            initialClientId={clientId}
            isMobile={isMobile}
            onCancel={leave}
            onSaved={(invoice) => navigate(paths.invoice(invoice.id))}
          />
        </PageLeaveGuard>
      </>
    );
  } else if (quote.data) {
    // Spec 2 §4: only a validated quote becomes an invoice.
    body = (
      <Alert variant="warning" role="alert" className="flex-wrap items-center">
        <FileWarning aria-hidden="true" className="self-start" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <AlertTitle>{INVOICE_TEXTS.quoteNotValid}</AlertTitle>
          <AlertDescription>{`${quote.data.reference} · ${quote.data.name}`}</AlertDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to={paths.quotes}>Retour aux devis</Link>
        </Button>
      </Alert>
    );
  } else if (quote.isPending) {
    body = (
      <div role="status" aria-label={INVOICE_NEW_TEXTS.loadingQuote} className="flex flex-col gap-4">
        <Skeleton className="h-16 w-full rounded-lg" />
        <Skeleton className="h-72 w-full rounded-lg" />
        <Skeleton className="h-48 w-full rounded-lg" />
      </div>
    );
  } else {
    const notFound = isApiError(quote.error) && quote.error.status === 404;
    body = (
      <LoadError
        title={notFound ? INVOICE_TEXTS.quoteNotFound : INVOICE_NEW_TEXTS.quoteFailed}
        message={notFound ? undefined : errorDescription(quote.error)}
        onRetry={() => void quote.refetch()}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        back={{ to: paths.invoices, label: "Retour aux factures" }}
        title={INVOICE_TEXTS.newInvoice}
        subtitle={INVOICE_NEW_TEXTS.subtitle}
      />
      {body}
    </div>
  );
}

/** Where the invoice comes from: the quote, and its deposit invoices already written (deducted once issued). */
function QuoteOrigin({ quote }: { quote: Quote }) {
  const invoices = useQuery(invoicesQueryOptions({ page: 1, search: "", quoteId: quote.id }));
  const rows = invoices.data?.invoices ?? [];
  const deposits = rows.filter((row) => row.kind === "deposit" && row.status !== "cancelled");
  const finalInvoice = rows.find((row) => row.kind === "invoice" && row.status !== "cancelled");
  return (
    <Alert variant="info" role="region" aria-label={INVOICE_NEW_TEXTS.fromQuote(quote.reference)}>
      <ReceiptText aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <AlertTitle>{INVOICE_NEW_TEXTS.fromQuote(quote.reference)}</AlertTitle>
        <AlertDescription className="flex flex-col gap-2">
          <span>{`${quote.name} · ${quote.client.name} · ${formatEuro(quote.total)} TTC`}</span>
          {deposits.length > 0 && (
            <>
              <span data-testid="invoice-quote-deposits">{INVOICE_NEW_TEXTS.deposits(deposits.length)}</span>
              <ul aria-label="Factures d’acompte du devis" className="flex flex-col gap-0.5">
                {deposits.map((row) => (
                  <DepositLine key={row.id} row={row} />
                ))}
              </ul>
            </>
          )}
          {finalInvoice && (
            <span className="font-medium text-destructive">
              {`${INVOICE_TEXTS.quoteAlreadyInvoiced}\u00a0: `}
              <Link to={paths.invoice(finalInvoice.id)} className="underline underline-offset-2">
                {finalInvoice.reference}
              </Link>
              .
            </span>
          )}
        </AlertDescription>
      </div>
    </Alert>
  );
}

function DepositLine({ row }: { row: InvoiceRow }) {
  return (
    <li className="flex flex-wrap gap-x-2 tabular-nums">
      <span className="font-medium text-foreground">{row.reference}</span>
      <span>{formatEuro(row.total)} TTC</span>
      <span>· {INVOICE_STATUS_LABELS[row.status]}</span>
    </li>
  );
}
