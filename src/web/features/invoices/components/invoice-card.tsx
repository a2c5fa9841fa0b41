import { formatDate, formatEuro } from "@shared/format";
import type { InvoiceRow } from "@shared/invoices";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { CalendarClock, CalendarDays, Download, Eye, LoaderCircle, Pencil, UserRound } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { useInvoiceAccess } from "../hooks/use-invoice-access";
import { InvoiceBadges } from "./invoice-badges";

export interface InvoiceCardProps {
  invoice: InvoiceRow;
  pdfPending: boolean;
  onDownloadPdf: (invoice: InvoiceRow) => void;
  /** Phones: a tighter card, the action labels shortened. */
  compact?: boolean;
}

/**
 * An invoice of the list (spec 3 §2.2, docs/domain/invoices.md#screens): reference, badges, name,
 * client, date, due date, total TTC, and « Voir », « Modifier » (a draft only), « PDF ». The whole card
 * opens the invoice (its title link is stretched over it); the action row sits above that layer.
 */
export function InvoiceCard({ invoice, pdfPending, onDownloadPdf, compact = false }: InvoiceCardProps) {
  const { canEdit } = useInvoiceAccess();
  const titleId = useId();
  const editable = canEdit && invoice.status === "draft" && invoice.kind !== "credit_note";
  const partlyPaid = invoice.status === "sent" && invoice.paid_amount > 0 && invoice.balance_due > 0;

  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col rounded-lg border border-border bg-card shadow-card transition-shadow hover:border-[#c7cbfb]"
    >
      <div className={cn("flex flex-1 flex-col gap-2.5", compact ? "p-3.5" : "p-4")}>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-[0.8125rem] font-semibold tracking-wide text-muted-foreground tabular-nums">
                {invoice.reference}
              </span>
              <InvoiceBadges invoice={invoice} />
            </div>
            <h3 id={titleId} className="min-w-0 text-[0.9375rem] leading-snug font-semibold">
              <Link
                to={paths.invoice(invoice.id)}
                className="line-clamp-2 break-words after:absolute after:inset-0 after:rounded-lg hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {invoice.name}
                <span className="sr-only"> ({invoice.reference})</span>
              </Link>
            </h3>
          </div>
          <div className="flex shrink-0 flex-col items-end">
            <span className="text-lg leading-tight font-semibold tabular-nums" data-testid="invoice-card-total">
              {formatEuro(invoice.total)}
            </span>
            <span className="text-xs text-muted-foreground tabular-nums">
              {partlyPaid ? `Reste ${formatEuro(invoice.balance_due)}` : "TTC"}
            </span>
          </div>
        </div>

        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">Client&nbsp;: </span>
            <span className="truncate">{invoice.client_name}</span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">Date&nbsp;: </span>
            <time dateTime={invoice.date}>{formatDate(invoice.date)}</time>
          </span>
          {invoice.due_date && invoice.kind !== "credit_note" && (
            <span className={cn("inline-flex items-center gap-1.5", invoice.overdue && "font-medium text-destructive")}>
              <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
              <span>
                {"Échéance\u00a0"}
                <time dateTime={invoice.due_date}>{formatDate(invoice.due_date)}</time>
              </span>
            </span>
          )}
        </p>
      </div>

      <div
        className={cn(
          "relative z-10 flex flex-wrap items-center gap-2 border-t border-border",
          compact ? "px-3.5 py-2.5" : "px-4 py-3",
        )}
      >
        <Button size="sm" variant="outline" asChild>
          <Link to={paths.invoice(invoice.id)} aria-label={`Voir la facture ${invoice.reference}`}>
            <Eye aria-hidden="true" />
            Voir
          </Link>
        </Button>
        {editable && (
          <Button size="sm" variant="outline" asChild>
            <Link to={paths.invoiceEdit(invoice.id)} aria-label={`Modifier la facture ${invoice.reference}`}>
              <Pencil aria-hidden="true" />
              Modifier
            </Link>
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          className="ml-auto"
          onClick={() => onDownloadPdf(invoice)}
          disabled={pdfPending}
          aria-label={`Télécharger le PDF de ${invoice.reference}`}
        >
          {pdfPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
          PDF
        </Button>
      </div>
    </article>
  );
}

/** The card's shape while the list loads. */
export function InvoiceCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <div className="h-4 w-24 animate-pulse rounded bg-muted" />
            <div className="h-4 w-20 animate-pulse rounded-full bg-muted" />
          </div>
          <div className="h-5 w-48 animate-pulse rounded bg-muted" />
        </div>
        <div className="h-6 w-24 animate-pulse rounded bg-muted" />
      </div>
      <div className="h-4 w-56 animate-pulse rounded bg-muted" />
      <div className="flex gap-2 border-t border-border pt-3">
        <div className="h-8 w-20 animate-pulse rounded-md bg-muted" />
        <div className="h-8 w-24 animate-pulse rounded-md bg-muted" />
        <div className="ml-auto h-8 w-16 animate-pulse rounded-md bg-muted" />
      </div>
    </div>
  );
}
