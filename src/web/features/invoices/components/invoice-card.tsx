import { formatEuro } from "@shared/format";
import type { InvoiceRow } from "@shared/invoices";
import { DocumentCard, DocumentCardSkeleton } from "@web/components/document-card/document-card";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { Download, Eye, LoaderCircle, Pencil } from "lucide-react";
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
  const editable = canEdit && invoice.status === "draft" && invoice.kind !== "credit_note";
  const partlyPaid = invoice.status === "sent" && invoice.paid_amount > 0 && invoice.balance_due > 0;

  return (
    <DocumentCard
      reference={invoice.reference}
      badges={<InvoiceBadges invoice={invoice} />}
      name={invoice.name}
      open={{ to: paths.invoice(invoice.id) }}
      total={formatEuro(invoice.total)}
      totalHint={partlyPaid ? `Reste ${formatEuro(invoice.balance_due)}` : "TTC"}
      testIdPrefix="invoice"
      clientName={invoice.client_name}
      date={invoice.date}
      deadline={
        invoice.due_date && invoice.kind !== "credit_note"
          ? { label: "Échéance", date: invoice.due_date, late: invoice.overdue }
          : null
      }
      dense={compact}
      bodyClassName={cn("gap-2.5", compact ? "p-3.5" : "p-4")}
      actions={
        <>
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
            {pdfPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            PDF
          </Button>
        </>
      }
    />
  );
}

/** The card's shape while the list loads. */
export function InvoiceCardSkeleton() {
  return <DocumentCardSkeleton />;
}
