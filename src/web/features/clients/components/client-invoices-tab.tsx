import { formatDate, formatDeduction, formatEuro } from "@shared/format";
import { INVOICE_DISPLAY_LABELS, INVOICE_KIND_LABELS, invoiceDisplayState } from "@shared/invoice-rules";
import type { InvoiceRow } from "@shared/invoices";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@web/components/ui/list-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { errorDescription } from "@web/lib/api-errors";
import { paths } from "@web/lib/paths";
import { Link } from "react-router";
import { clientBalanceQueryOptions, clientInvoicesQueryOptions } from "../api/get-client-invoices";

const CLIENT_INVOICES_TEXTS = {
  balance: "Solde dû",
  balanceHint: "Reste à payer de ses factures émises, moins son avoir disponible",
  /** Below 0: the company owes the client. */
  balanceInFavour: "En faveur du client\u00a0: son avoir dépasse ce qu’il doit",
  invoicesDue: "Reste à payer",
  creditAvailable: "Avoir disponible",
  creditHint: "Gardé sur son compte\u00a0: utilisable en paiement (moyen «\u00a0Avoir\u00a0») ou remboursable",
  list: "Factures du client",
  empty: "Aucune facture pour ce client",
  failed: "Impossible de charger les factures du client",
} as const;

/**
 * « Factures » of a client's page (issue 32): « Reste à payer » (what its issued invoices still wait for),
 * « Avoir disponible » (the credit its credit notes keep, ADR 0030) and « Solde dû » (the one less the
 * other), then its documents, newest first, each linking to its page. For a user with invoices:view only.
 */
export function ClientInvoicesTab({ clientId }: { clientId: string }) {
  const balance = useQuery(clientBalanceQueryOptions(clientId));
  const list = useQuery(clientInvoicesQueryOptions(clientId));
  const rows = list.data?.invoices;
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label={CLIENT_INVOICES_TEXTS.balance}
        className="rounded-lg border border-border bg-card p-4 shadow-card"
      >
        {balance.data ? (
          <dl className="flex flex-col gap-2 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-muted-foreground">{CLIENT_INVOICES_TEXTS.invoicesDue}</dt>
              <dd data-testid="client-invoices-due" className="font-medium tabular-nums">
                {formatEuro(balance.data.invoices_due)}
              </dd>
            </div>
            {balance.data.credit_available > 0 && (
              <div className="flex items-baseline justify-between gap-3">
                <dt className="flex flex-col">
                  <span className="text-muted-foreground">{CLIENT_INVOICES_TEXTS.creditAvailable}</span>
                  <span className="text-[0.8125rem] text-muted-foreground">
                    {`${CLIENT_INVOICES_TEXTS.creditHint} (${balance.data.credits.map((c) => c.reference).join(", ")})`}
                  </span>
                </dt>
                <dd data-testid="client-credit-available" className="font-medium text-success tabular-nums">
                  {formatDeduction(balance.data.credit_available)}
                </dd>
              </div>
            )}
            <div className="flex items-baseline justify-between gap-3 border-t border-border pt-2">
              <dt className="flex flex-col">
                <span className="font-medium">{CLIENT_INVOICES_TEXTS.balance}</span>
                <span className="text-[0.8125rem] text-muted-foreground">
                  {balance.data.balance_due < 0
                    ? CLIENT_INVOICES_TEXTS.balanceInFavour
                    : CLIENT_INVOICES_TEXTS.balanceHint}
                </span>
              </dt>
              <dd data-testid="client-balance-due" className="text-lg font-semibold tabular-nums">
                {formatEuro(balance.data.balance_due)}
              </dd>
            </div>
          </dl>
        ) : (
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm font-medium">{CLIENT_INVOICES_TEXTS.balance}</span>
            <Skeleton className="h-6 w-24" />
          </div>
        )}
      </section>
      {list.isError ? (
        <LoadError
          title={CLIENT_INVOICES_TEXTS.failed}
          message={errorDescription(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : !rows ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Chargement des factures…</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{CLIENT_INVOICES_TEXTS.empty}</p>
      ) : (
        <ul aria-label={CLIENT_INVOICES_TEXTS.list} className="flex flex-col divide-y divide-border rounded-lg border">
          {rows.map((row) => (
            <ClientInvoiceLine key={row.id} row={row} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ClientInvoiceLine({ row }: { row: InvoiceRow }) {
  const state = row.kind === "credit_note" ? null : INVOICE_DISPLAY_LABELS[invoiceDisplayState(row)];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
      <Link to={paths.invoice(row.id)} className="font-mono text-xs font-semibold underline-offset-4 hover:underline">
        {row.reference}
      </Link>
      <span className="min-w-0 flex-1 truncate">{row.name}</span>
      <span className="text-muted-foreground">
        {[row.kind === "invoice" ? null : INVOICE_KIND_LABELS[row.kind], state, formatDate(row.date)]
          .filter(Boolean)
          .join(" · ")}
      </span>
      <span className="font-semibold tabular-nums">{formatEuro(row.total)}</span>
    </li>
  );
}
