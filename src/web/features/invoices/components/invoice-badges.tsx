import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import {
  INVOICE_DISPLAY_LABELS,
  INVOICE_STATUS_LABELS,
  type InvoiceKind,
  type InvoiceStatus,
  invoiceDisplayState,
} from "@shared/invoice-rules";
import { cn } from "@web/lib/cn";
import { AlarmClock, ShieldCheck } from "lucide-react";
import { DISPLAY_BADGE_CLASSES, kindBadge, overdueLabel, STATUS_BADGE_CLASSES } from "../lib/invoice-format";

const PILL = "inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap";

/** The stored status as a coloured pill (labels from the shared map). */
export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <span data-status={status} className={cn(PILL, STATUS_BADGE_CLASSES[status], className)}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The badges of a document, in words (never by colour alone): its status (a credit note has none of its
 * own: « Avoir » says what it is), « Acompte » / « Avoir », and « N jours de retard » when overdue.
 */
export function InvoiceBadges({
  invoice,
}: {
  invoice: {
    status: InvoiceStatus;
    kind: InvoiceKind;
    overdue: boolean;
    days_late: number;
    paid_amount: number;
    balance_due: number;
    emailed_at: string | null;
  };
}) {
  const kind = kindBadge(invoice.kind);
  const late = overdueLabel(invoice);
  // Issue 32: « Émise » until it reached the client by e-mail, « Envoyée » then, « Partiellement payée ».
  const state = invoiceDisplayState(invoice);
  return (
    <>
      {invoice.kind !== "credit_note" && (
        <span data-status={invoice.status} data-state={state} className={cn(PILL, DISPLAY_BADGE_CLASSES[state])}>
          <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
          {INVOICE_DISPLAY_LABELS[state]}
        </span>
      )}
      {kind && (
        <span
          data-kind={invoice.kind}
          className={cn(PILL, "border-[#c7cbfb] bg-primary-soft text-primary-soft-foreground")}
        >
          {kind}
        </span>
      )}
      {late && (
        <span
          data-testid="invoice-overdue"
          className={cn(PILL, "border-[#fecaca] bg-destructive-soft text-destructive-soft-foreground")}
        >
          <AlarmClock aria-hidden="true" className="size-3" />
          {late}
        </span>
      )}
    </>
  );
}

/**
 * « Factur-X conforme EN 16931 »: an issued document whose XML passed the official rules when it was
 * issued (`facturx` of the detail; docs/domain/einvoicing.md#web). Nothing for a draft.
 */
export function FacturxBadge({ facturx }: { facturx: { profile: string; validated: boolean } | null | undefined }) {
  if (!facturx?.validated) return null;
  return (
    <span
      data-testid="invoice-facturx"
      title={EINVOICE_TEXTS.facturxBadgeHint}
      className={cn(PILL, "border-[#bbf7d0] bg-success-soft text-success-soft-foreground")}
    >
      <ShieldCheck aria-hidden="true" className="size-3" />
      {EINVOICE_TEXTS.facturxBadge}
    </span>
  );
}
