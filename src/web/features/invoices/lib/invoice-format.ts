import { formatCount, plural } from "@shared/format";
import {
  INVOICE_STATUS_LABELS,
  INVOICE_TEXTS,
  type InvoiceDisplayState,
  type InvoiceFilterStatus,
  type InvoiceKind,
  type InvoiceStatus,
} from "@shared/invoice-rules";

/** The status filter (spec 3 §2.2): « Toutes » and each status, the derived « En retard » included. */
export type StatusFilter = "all" | InvoiceFilterStatus;

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "Toutes" },
  { value: "draft", label: INVOICE_STATUS_LABELS.draft },
  { value: "sent", label: INVOICE_STATUS_LABELS.sent },
  { value: "paid", label: INVOICE_STATUS_LABELS.paid },
  { value: "overdue", label: INVOICE_STATUS_LABELS.overdue },
  { value: "cancelled", label: INVOICE_STATUS_LABELS.cancelled },
];

/** The filter as the API reads it: « Toutes » is no status. */
export const statusQuery = (filter: StatusFilter): InvoiceFilterStatus | undefined =>
  filter === "all" ? undefined : filter;

/** « 0 facture », « 1 facture », « 12 factures »; « 3 factures trouvées » once filtered. */
export function invoicesCountLabel(count: number, filtered = false): string {
  return filtered ? plural(count, "facture trouvée", "factures trouvées") : plural(count, "facture");
}

/** « 3 » as the page header's badge reads it. */
export const countBadge = (count: number): string => formatCount(count);

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** One colour per stored status (badge classes over the design tokens, as the quotes'). */
export const STATUS_BADGE_CLASSES: Record<InvoiceStatus, string> = {
  draft: "border-[#fde68a] bg-warning-soft text-warning-soft-foreground",
  sent: "border-[#bfdbfe] bg-[#eff6ff] text-[#1d4ed8]",
  paid: "border-[#bbf7d0] bg-success-soft text-success-soft-foreground",
  cancelled: "border-[#e2e8f0] bg-muted text-[#475569]",
};

/** The displayed state's colours (issue 32): « Émise » quieter than « Envoyée », « Partiellement payée » between. */
export const DISPLAY_BADGE_CLASSES: Record<InvoiceDisplayState, string> = {
  draft: STATUS_BADGE_CLASSES.draft,
  issued: "border-[#e2e8f0] bg-[#f8fafc] text-[#334155]",
  sent: STATUS_BADGE_CLASSES.sent,
  partially_paid: "border-[#a5f3fc] bg-[#ecfeff] text-[#0e7490]",
  paid: STATUS_BADGE_CLASSES.paid,
  cancelled: STATUS_BADGE_CLASSES.cancelled,
};

/** The kind's badge beside the status: « Acompte », « Avoir »; none for an ordinary invoice. */
export function kindBadge(kind: InvoiceKind): string | null {
  if (kind === "deposit") return "Acompte";
  if (kind === "credit_note") return "Avoir";
  return null;
}

/** « Facture », « Facture d'acompte », « Avoir »: what the document is called in a title. */
export function documentTitle(invoice: { kind: InvoiceKind; reference: string }): string {
  const noun = invoice.kind === "credit_note" ? "Avoir" : invoice.kind === "deposit" ? "Facture d’acompte" : "Facture";
  return `${noun} ${invoice.reference}`;
}

/** « 12 jours de retard » when overdue (the server's days_late), else null: said in words, not by colour. */
export function overdueLabel(invoice: { overdue: boolean; days_late: number }): string | null {
  return invoice.overdue && invoice.days_late > 0 ? INVOICE_TEXTS.daysLate(invoice.days_late) : null;
}

/** The file name the browser saves when the server gives none: facture-{reference}.pdf, avoir-… for a credit note. */
export function pdfFileName(invoice: { kind: InvoiceKind; reference: string }): string {
  return `${invoice.kind === "credit_note" ? "avoir" : "facture"}-${invoice.reference}.pdf`;
}

export interface InvoiceRights {
  canEdit: boolean;
  canDelete: boolean;
  canIssue: boolean;
  canPay: boolean;
}

/**
 * What a document offers, by status and by the user's permissions (docs/domain/invoices.md#lifecycle):
 * a draft is edited, issued (« Marquer comme envoyée ») or deleted; an issued invoice receives payments,
 * is marked paid or cancelled by a credit note; a paid one keeps its payments (one may be removed to
 * correct a mistake) and may be cancelled (ADR 0030); a credit note and a cancelled invoice only link to
 * each other.
 */
export function invoiceActions(
  invoice: { status: InvoiceStatus; kind: InvoiceKind; balance_due: number },
  rights: InvoiceRights,
) {
  const creditNote = invoice.kind === "credit_note";
  const draft = invoice.status === "draft" && !creditNote;
  const issued = invoice.status === "sent" && !creditNote;
  const unpaid = issued && invoice.balance_due > 0;
  return {
    edit: draft && rights.canEdit,
    delete: draft && rights.canDelete,
    issue: draft && rights.canIssue,
    markPaid: unpaid && rights.canPay,
    recordPayment: unpaid && rights.canPay,
    /**
     * Any issued invoice, paid or not: a credit note reverses it, the money received refunded or kept as
     * credit (ADR 0030; before it, not a paid one, as spec 3 §4).
     */
    cancel: (issued || (invoice.status === "paid" && !creditNote)) && rights.canIssue,
    /** A payment is removed while the invoice is issued or paid, never once cancelled. */
    removePayment: !creditNote && (invoice.status === "sent" || invoice.status === "paid") && rights.canPay,
    /** Payments, balance: an issued invoice's business, not a draft's nor a credit note's. */
    showPayments: !creditNote && invoice.status !== "draft",
  };
}
