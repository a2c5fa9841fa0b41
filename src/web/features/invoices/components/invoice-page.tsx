import { parisToday } from "@shared/dates";
import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { formatDate, formatDeduction, formatEuro } from "@shared/format";
import { formatPhone } from "@shared/format-trade";
import {
  INVOICE_DISPLAY_LABELS,
  INVOICE_TEXTS,
  invoiceDisplayState,
  PAYMENT_METHOD_LABELS,
  PAYMENT_RECORD_LABELS,
} from "@shared/invoice-rules";
import type { Invoice, Payment } from "@shared/invoices";
import { MESSAGE_TEXTS } from "@shared/message-rules";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DocumentLinesView } from "@web/components/document-lines/lines-view";
import { DocumentMessages } from "@web/components/send-message/document-messages";
import type { SendTarget } from "@web/components/send-message/send-message-api";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { DetailSection, Missing } from "@web/components/ui/detail-section";
import { LoadError } from "@web/components/ui/list-state";
import { BackLink as KitBackLink, PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { isApiError } from "@web/lib/api-client";
import { errorDescription, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import {
  Ban,
  Banknote,
  BellRing,
  CheckCircle2,
  Download,
  FileCode2,
  FileText,
  Info,
  Link2,
  ListOrdered,
  LoaderCircle,
  Mail,
  Pencil,
  Plus,
  Receipt,
  ScrollText,
  Send,
  Trash2,
  UserRound,
  XCircle,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useDownloadInvoiceXml } from "../api/download-invoice-xml";
import { invoiceQueryOptions } from "../api/get-invoice";
import { invoiceKeys } from "../api/invoice-keys";
import {
  useCancelInvoice,
  useDeleteInvoice,
  useIssueInvoice,
  useMarkInvoicePaid,
  useRecordRefund,
} from "../api/invoice-lifecycle";
import { useInvoiceAccess } from "../hooks/use-invoice-access";
import { useInvoicePdf } from "../hooks/use-invoice-pdf";
import { documentTitle, invoiceActions } from "../lib/invoice-format";
import { deductsDeposits, totalsRows } from "../lib/invoice-totals";
import {
  type CancelChoice,
  type RefundFields,
  refundDefaults,
  refundError,
  toCancelBody,
  toRefundPayload,
} from "../lib/refund-form";
import { CancelPaymentsChoice, RefundFieldsView } from "./cancel-payments-choice";
import { FacturxBadge, InvoiceBadges } from "./invoice-badges";

/** The payment form (react-hook-form, zod) loads when first opened, not with the page (ADR 0005 §10). */
const PaymentDialog = lazy(() => import("./payment-dialog").then((m) => ({ default: m.PaymentDialog })));
/** « Annuler le règlement » (issue 34): its reason's form, loaded likewise. */
const PaymentCancelDialog = lazy(() =>
  import("./payment-cancel-dialog").then((m) => ({ default: m.PaymentCancelDialog })),
);
/** So does « Envoyer au client » / « Relancer » (docs/domain/messages.md#send-and-remind). */
const SendMessageDialog = lazy(() =>
  import("@web/components/send-message/send-message-dialog").then((m) => ({ default: m.SendMessageDialog })),
);

/** A quote is read in the quotes list: `/quotes?search=<reference>` opens the list on it. */
const quoteSearchUrl = (reference: string) => `${paths.quotes}?${new URLSearchParams({ search: reference })}`;

const LINK =
  "font-medium text-primary tabular-nums hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center";

type Confirm = "issue" | "paid" | "cancel" | "delete" | "refund" | null;

export const INVOICE_PAGE_TEXTS = {
  /** A credit note's money (issue 32, ADR 0030). */
  creditTitle: "Remboursement",
  paidOnInvoice: (reference: string) => `Réglé sur la facture ${reference}`,
  refunded: "Remboursé",
  netToRefund: "Net à rembourser",
  creditKept:
    "Gardé en avoir sur le compte du client\u00a0: utilisable en paiement d’une autre de ses factures (moyen «\u00a0Avoir\u00a0»).",
  refundTitle: (reference: string) => `Rembourser l’avoir ${reference}\u00a0?`,
  refundDescription: (available: string) =>
    `Le client a ${available} d’avoir disponible. Le remboursement est enregistré sur l’avoir et ne se supprime pas.`,
  /** A cancelled payment (issue 34): « Annulé le 21/03/2026 — Chèque impayé ». */
  paymentCancelled: (day: string, reason: string) => `Annulé le ${day} — ${reason}`,
} as const;

/** A label and its value on one line, the value to the right (a narrow column reads it at a glance). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="shrink-0 text-[0.8125rem] text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** The way back from an invoice. */
const BACK = { to: paths.invoices, label: "Retour aux factures" };

function BackLink() {
  return <KitBackLink to={BACK.to}>{BACK.label}</KitBackLink>;
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Chargement de la facture" className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-36" />
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-lg lg:col-span-2" />
        <Skeleton className="h-80 rounded-lg" />
      </div>
    </div>
  );
}

function ClientCard({ invoice }: { invoice: Invoice }) {
  const { client } = invoice;
  const city = [client.postal_code, client.city].filter(Boolean).join(" ");
  return (
    <address className="flex flex-col gap-0.5 text-sm not-italic">
      <span className="font-semibold">{client.name}</span>
      {client.address && <span className="whitespace-pre-line">{client.address}</span>}
      {city && <span>{city}</span>}
      {client.siren && <span className="text-muted-foreground">SIREN {client.siren}</span>}
      {client.email && (
        <a href={`mailto:${client.email}`} className={cn(LINK, "mt-1 break-all")}>
          {client.email}
        </a>
      )}
      {invoice.client_phone && (
        <a href={`tel:${invoice.client_phone.replace(/\s/g, "")}`} className={LINK}>
          {formatPhone(invoice.client_phone)}
        </a>
      )}
    </address>
  );
}

function Billing({ invoice }: { invoice: Invoice }) {
  return (
    <dl className="flex flex-col divide-y divide-border">
      <Fact label={invoice.status === "draft" ? "Date prévue" : "Date"}>{formatDate(invoice.date)}</Fact>
      {invoice.kind !== "credit_note" && (
        <Fact label="Échéance">
          {invoice.due_date ? (
            <span className={cn(invoice.overdue && "text-destructive")}>{formatDate(invoice.due_date)}</span>
          ) : (
            <Missing />
          )}
        </Fact>
      )}
      {/* Without a date of its own, the work is dated by the invoice (what the PDF says too). */}
      {invoice.work_date && <Fact label="Date des travaux">{formatDate(invoice.work_date)}</Fact>}
      {invoice.kind !== "credit_note" && (
        <Fact label="Moyen de paiement">
          {invoice.payment_method ? PAYMENT_METHOD_LABELS[invoice.payment_method] : <Missing />}
        </Fact>
      )}
      {invoice.payment_date && <Fact label="Payée le">{formatDate(invoice.payment_date)}</Fact>}
      {invoice.issued_at && <Fact label="Émise le">{formatDate(new Date(invoice.issued_at))}</Fact>}
      {invoice.created_by_name && <Fact label="Créée par">{invoice.created_by_name}</Fact>}
    </dl>
  );
}

/** A document's reference and, under it, its name. */
function Named({ name, children }: { name: string; children: ReactNode }) {
  return (
    <span className="flex flex-col items-end">
      <span>{children}</span>
      {name && <span className="text-[0.8125rem] font-normal text-muted-foreground">{name}</span>}
    </span>
  );
}

/** The quote, the worksite, the credit note or the invoice it cancels, the deposits deducted. */
function LinkedDocuments({ invoice }: { invoice: Invoice }) {
  const { canViewQuotes, canViewProjects } = useInvoiceAccess();
  const rows: { key: string; label: string; node: ReactNode }[] = [];
  if (invoice.quote) {
    const { reference, name } = invoice.quote;
    rows.push({
      key: "quote",
      label: "Devis",
      node: (
        <Named name={name}>
          {canViewQuotes ? (
            <Link to={quoteSearchUrl(reference)} className={LINK}>
              {reference}
            </Link>
          ) : (
            reference
          )}
        </Named>
      ),
    });
  }
  if (invoice.project) {
    const { id, reference, name } = invoice.project;
    rows.push({
      key: "project",
      label: "Chantier",
      node: (
        <Named name={name}>
          {canViewProjects ? (
            <Link to={paths.project(id)} className={LINK}>
              {reference}
            </Link>
          ) : (
            reference
          )}
        </Named>
      ),
    });
  }
  if (invoice.credit_note) {
    rows.push({
      key: "credit-note",
      label: "Avoir",
      node: (
        <Link to={paths.invoice(invoice.credit_note.id)} className={LINK}>
          {invoice.credit_note.reference}
        </Link>
      ),
    });
  }
  if (invoice.credited_invoice) {
    rows.push({
      key: "credited",
      label: "Facture annulée",
      node: (
        <Link to={paths.invoice(invoice.credited_invoice.id)} className={LINK}>
          {invoice.credited_invoice.reference}
        </Link>
      ),
    });
  }
  return (
    <dl className="flex flex-col">
      {rows.map((row) => (
        <Fact key={row.key} label={row.label}>
          {row.node}
        </Fact>
      ))}
    </dl>
  );
}

function Totals({ invoice }: { invoice: Invoice }) {
  const { rows, grandLabel, grandValue } = totalsRows(invoice);
  return (
    <dl aria-label="Totaux de la facture" className="ml-auto flex w-full max-w-sm flex-col gap-2 text-sm">
      {rows.map((row) => (
        <div
          key={row.key}
          className={cn("flex items-baseline justify-between gap-4", row.tone === "deduction" && "text-success")}
        >
          <dt className={cn(row.tone === "muted" && "text-muted-foreground")}>
            {row.label}
            {row.hint && <span className="ml-1.5 text-xs text-muted-foreground">{row.hint}</span>}
          </dt>
          <dd
            className={cn("font-medium tabular-nums", row.tone === "muted" && "text-muted-foreground")}
            data-testid={`invoice-total-${row.key}`}
          >
            {row.value}
          </dd>
        </div>
      ))}
      <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3">
        <dt className="text-base font-semibold">{grandLabel}</dt>
        <dd className="text-xl font-semibold text-primary tabular-nums" data-testid="invoice-total-ttc">
          {grandValue}
        </dd>
      </div>
      {invoice.reverse_charge && (
        <p className="text-[0.8125rem] text-muted-foreground">{INVOICE_TEXTS.reverseChargeMention}</p>
      )}
    </dl>
  );
}

function Deposits({ invoice }: { invoice: Invoice }) {
  return (
    <ul aria-label="Acomptes déduits" className="flex flex-col divide-y divide-border text-sm">
      {invoice.deposits.map((deposit) => (
        <li key={deposit.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <span className="flex items-center gap-2">
            <Link to={paths.invoice(deposit.id)} className={LINK}>
              {deposit.reference}
            </Link>
            <span className="text-muted-foreground">du {formatDate(deposit.date)}</span>
          </span>
          <span className="font-medium tabular-nums">{formatEuro(deposit.total)} TTC</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The payments, in date order; a cancelled one (« Annuler le règlement », issue 34) stays, struck through,
 * with « Annulé le … — motif », and no longer counts in « Déjà réglé ».
 */
function Payments({
  invoice,
  canRemove,
  onRemove,
}: {
  invoice: Invoice;
  canRemove: boolean;
  onRemove: (payment: Payment) => void;
}) {
  const payments = [...invoice.payments].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <div className="flex flex-col gap-3">
      {payments.length === 0 ? (
        <p className="py-1 text-sm text-muted-foreground">Aucun paiement enregistré.</p>
      ) : (
        <ul aria-label="Paiements" className="flex flex-col divide-y divide-border">
          {payments.map((payment) => (
            <li
              key={payment.id}
              className="flex items-center gap-3 py-2"
              data-cancelled={payment.cancellation !== null}
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span
                  className={cn("text-sm font-medium", payment.cancellation && "text-muted-foreground line-through")}
                >
                  {formatDate(payment.date)} · {PAYMENT_RECORD_LABELS[payment.method]}
                </span>
                {(payment.reference || payment.created_by_name) && (
                  <span className="truncate text-xs text-muted-foreground">
                    {[payment.reference, payment.created_by_name && `saisi par ${payment.created_by_name}`]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                )}
                {payment.cancellation && (
                  <span className="text-xs break-words text-destructive">
                    {INVOICE_PAGE_TEXTS.paymentCancelled(
                      formatDate(parisToday(new Date(payment.cancellation.at))),
                      payment.cancellation.reason,
                    )}
                  </span>
                )}
              </div>
              <span
                className={cn(
                  "shrink-0 text-sm font-semibold tabular-nums",
                  payment.cancellation && "font-normal text-muted-foreground line-through",
                )}
              >
                {formatEuro(payment.amount)}
              </span>
              {canRemove && !payment.cancellation && (
                <Button
                  size="icon"
                  variant="ghost"
                  className="shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={`${INVOICE_TEXTS.cancelPayment} du ${formatDate(payment.date)} (${formatEuro(payment.amount)})`}
                  onClick={() => onRemove(payment)}
                >
                  <Ban aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {invoice.status !== "cancelled" && (
        <dl className="flex flex-col gap-1.5 border-t border-border pt-3 text-sm">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">Déjà réglé</dt>
            <dd className="font-medium tabular-nums" data-testid="invoice-paid-amount">
              {formatEuro(invoice.paid_amount)}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-4">
            <dt className="font-semibold">Reste à payer</dt>
            <dd
              className={cn(
                "text-lg font-semibold tabular-nums",
                invoice.balance_due > 0 && invoice.overdue && "text-destructive",
              )}
              data-testid="invoice-balance"
            >
              {formatEuro(invoice.balance_due)}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}

/**
 * A credit note's money (issue 32, ADR 0030): what the invoice it cancels had received, each refund and
 * each payment made with its credit, and « Net à rembourser » — the credit still on the client's account.
 */
function CreditMoney({ invoice, canRefund, onRefund }: { invoice: Invoice; canRefund: boolean; onRefund: () => void }) {
  const credit = invoice.credit;
  if (!credit) return null;
  const row = (key: string, label: ReactNode, value: string, tone?: "deduction") => (
    <div key={key} className={cn("flex items-baseline justify-between gap-4", tone === "deduction" && "text-success")}>
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-3">
      <dl
        aria-label={INVOICE_PAGE_TEXTS.creditTitle}
        data-testid="credit-money"
        className="flex flex-col gap-2 text-sm"
      >
        {row(
          "paid",
          INVOICE_PAGE_TEXTS.paidOnInvoice(invoice.credited_invoice?.reference ?? ""),
          formatEuro(credit.paid),
        )}
        {credit.refunds.map((refund) =>
          row(
            refund.id,
            `${INVOICE_PAGE_TEXTS.refunded} le ${formatDate(refund.date)} · ${PAYMENT_METHOD_LABELS[refund.method]}${refund.reference ? ` · ${refund.reference}` : ""}`,
            formatDeduction(refund.amount),
            "deduction",
          ),
        )}
        {credit.uses.map((use) =>
          row(
            use.payment_id,
            <>
              {"Utilisé sur "}
              <Link to={paths.invoice(use.invoice_id)} className={LINK}>
                {use.reference}
              </Link>
              {` le ${formatDate(use.date)}`}
            </>,
            formatDeduction(use.amount),
            "deduction",
          ),
        )}
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3">
          <dt className="font-semibold">{INVOICE_PAGE_TEXTS.netToRefund}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="credit-net-to-refund">
            {formatEuro(credit.available)}
          </dd>
        </div>
      </dl>
      {credit.available > 0 && (
        <p className="text-[0.8125rem] text-muted-foreground">{INVOICE_PAGE_TEXTS.creditKept}</p>
      )}
      {credit.available > 0 && canRefund && (
        <Button size="sm" variant="outline" className="self-start" onClick={onRefund}>
          <Banknote aria-hidden="true" />
          {INVOICE_TEXTS.recordRefund}
        </Button>
      )}
    </div>
  );
}

/** The page when the invoice is not there: 404 « Facture non trouvée », or the load error and « Réessayer ». */
function Unavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = isApiError(error) && error.status === 404;
  return (
    <div className="flex flex-col gap-3">
      <title>{`${notFound ? INVOICE_TEXTS.notFound : "Facture"} · Propulse`}</title>
      <BackLink />
      {notFound ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-input bg-card px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Receipt aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col gap-1">
            <h1 className="text-lg font-semibold">{INVOICE_TEXTS.notFound}</h1>
            <p className="max-w-sm text-sm text-muted-foreground">
              Cette facture n’existe pas ou plus, ou vous n’y avez pas accès.
            </p>
          </div>
          <Button asChild>
            <Link to={paths.invoices}>Retour aux factures</Link>
          </Button>
        </div>
      ) : (
        <>
          <h1 className="sr-only">Facture</h1>
          <LoadError title="Impossible de charger la facture" message={errorDescription(error)} onRetry={onRetry} />
        </>
      )}
    </div>
  );
}

/**
 * /invoices/:id — a document and its life (spec 3 §2.4, docs/domain/invoices.md#screens): reference and
 * badges, client, lines, totals (deposits deducted: « Net à payer »), billing, linked documents, notes
 * and mentions, payments and balance; the actions its status and the user's permissions allow, each
 * irreversible one confirmed.
 */
export function InvoicePage({ invoiceId, isMobile }: { invoiceId: string; isMobile: boolean }) {
  const detail = useQuery(invoiceQueryOptions(invoiceId));
  const access = useInvoiceAccess();
  const pdf = useInvoicePdf();
  const xml = useDownloadInvoiceXml();
  const issue = useIssueInvoice();
  const markPaid = useMarkInvoicePaid();
  const cancel = useCancelInvoice();
  const remove = useDeleteInvoice();
  const recordRefund = useRecordRefund();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [paying, setPaying] = useState(false);
  const paymentLoaded = useOpenedOnce(paying);
  /** « Annuler le règlement » (issue 34): the payment whose reason is asked. */
  const [toRemove, setToRemove] = useState<Payment | null>(null);
  const cancelPaymentLoaded = useOpenedOnce(toRemove !== null);
  const [mailing, setMailing] = useState<SendTarget | null>(null);
  const mailLoaded = useOpenedOnce(mailing !== null);
  /** Issue 32: the answer about the money received, asked when « Annuler la facture » is opened. */
  const [cancelChoice, setCancelChoice] = useState<CancelChoice>(() => ({
    payments: null,
    refund: refundDefaults(0, null),
  }));
  const [refund, setRefund] = useState<RefundFields>(() => refundDefaults(0, null));

  const invoice = detail.data;
  if (!invoice) {
    if (detail.isPending) {
      return (
        <div className="flex flex-col gap-3">
          <title>Facture · Propulse</title>
          <h1 className="sr-only">Facture</h1>
          <BackLink />
          <PageSkeleton />
        </div>
      );
    }
    return <Unavailable error={detail.error} onRetry={() => void detail.refetch()} />;
  }

  const actions = invoiceActions(invoice, access);
  const title = documentTitle(invoice);
  const creditNote = invoice.kind === "credit_note";

  const statusDone = (saved: Invoice) =>
    toastSuccess(
      INVOICE_TEXTS.statusUpdated,
      `${saved.reference}\u00a0: ${INVOICE_DISPLAY_LABELS[invoiceDisplayState(saved)]}`,
    );

  const onIssue = async () => {
    try {
      statusDone(await issue.mutateAsync({ id: invoice.id }));
    } catch {
      // Toasted by the mutation (« Impossible de mettre à jour le statut » and the server's reason).
    }
  };
  const onMarkPaid = async () => {
    try {
      statusDone(await markPaid.mutateAsync({ id: invoice.id }));
    } catch {
      // Toasted by the mutation.
    }
  };
  const cancelBody = toCancelBody(cancelChoice, invoice.paid_amount);
  const openCancel = () => {
    setCancelChoice({
      payments: null,
      refund: refundDefaults(invoice.paid_amount, invoice.payment_method, parisToday()),
    });
    setConfirm("cancel");
  };
  const available = invoice.credit?.available ?? 0;
  const refundProblem = refundError(refund, available, INVOICE_TEXTS.refundAboveAvailable);
  const openRefund = () => {
    setRefund(refundDefaults(available, null, parisToday()));
    setConfirm("refund");
  };
  const onRefund = async () => {
    try {
      await recordRefund.mutateAsync({ id: invoice.id, body: toRefundPayload(refund) });
      toastSuccess(
        INVOICE_TEXTS.refundRecorded,
        `${formatEuro(toRefundPayload(refund).amount)} · ${invoice.reference}`,
      );
    } catch {
      // Toasted by the mutation (« Impossible d'enregistrer le remboursement » and the server's reason).
    }
  };
  const onCancel = async () => {
    if (cancelBody === null) return;
    try {
      const credit = await cancel.mutateAsync({ id: invoice.id, body: cancelBody });
      toastSuccess(INVOICE_TEXTS.statusUpdated, INVOICE_TEXTS.creditNoteCreated(credit.reference));
      void navigate(paths.invoice(credit.id));
    } catch {
      // Toasted by the mutation.
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync({ id: invoice.id });
      toastSuccess(INVOICE_TEXTS.deleted);
      void navigate(paths.invoices, { replace: true });
      // Gone: opened again (back button), the page asks and says « Facture non trouvée ».
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoice.id), refetchType: "none" });
    } catch {
      // Toasted by the mutation.
    }
  };

  const onDownloadXml = async () => {
    try {
      await xml.mutateAsync(invoice);
      toastSuccess(EINVOICE_TEXTS.xmlDone);
    } catch {
      // Toasted by the mutation (« Impossible de télécharger le XML » and the server's reason).
    }
  };

  // An issued document is mailed to its client (its Factur-X attached); a late invoice is reminded.
  const mail = {
    send: invoice.status !== "draft" && access.canEdit,
    remind: invoice.overdue && access.canEdit,
  };
  const openMail = (kind: SendTarget["kind"]) =>
    setMailing({ type: "invoice", id: invoice.id, kind, label: `${title} · ${invoice.client.name}` });

  const pdfPending = pdf.pending(invoice.id);
  const xmlPending = xml.isPending && xml.variables?.id === invoice.id;
  const destructive = "text-destructive hover:text-destructive";
  const actionButtons = [
    actions.edit && (
      <Button key="edit" variant="outline" asChild>
        <Link to={paths.invoiceEdit(invoice.id)}>
          <Pencil aria-hidden="true" />
          Modifier
        </Link>
      </Button>
    ),
    actions.delete && (
      <Button key="delete" variant="outline" onClick={() => setConfirm("delete")} className={destructive}>
        <Trash2 aria-hidden="true" />
        Supprimer
      </Button>
    ),
    actions.cancel && (
      <Button key="cancel" variant="outline" onClick={openCancel} className={destructive}>
        <XCircle aria-hidden="true" />
        {INVOICE_TEXTS.cancel}
      </Button>
    ),
    <Button key="pdf" variant="outline" onClick={() => void pdf.download(invoice)} disabled={pdfPending}>
      {pdfPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      Télécharger le PDF
    </Button>,
    // An issued document's Factur-X data alone (a draft has none).
    invoice.facturx && (
      <Button key="xml" variant="outline" onClick={() => void onDownloadXml()} disabled={xmlPending}>
        {xmlPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <FileCode2 aria-hidden="true" />}
        {EINVOICE_TEXTS.downloadXml}
      </Button>
    ),
    actions.recordPayment && (
      <Button key="payment" variant="outline" onClick={() => setPaying(true)}>
        <Plus aria-hidden="true" />
        {INVOICE_TEXTS.recordPayment}
      </Button>
    ),
    mail.send && (
      <Button key="mail" variant="outline" onClick={() => openMail("send")}>
        <Mail aria-hidden="true" />
        {MESSAGE_TEXTS.sendToClient}
      </Button>
    ),
    mail.remind && (
      <Button key="remind" variant="outline" onClick={() => openMail("remind")}>
        <BellRing aria-hidden="true" />
        {MESSAGE_TEXTS.remind}
      </Button>
    ),
    actions.issue && (
      <Button key="issue" onClick={() => setConfirm("issue")}>
        <Send aria-hidden="true" />
        {INVOICE_TEXTS.markSent}
      </Button>
    ),
    actions.markPaid && (
      <Button key="paid" onClick={() => setConfirm("paid")}>
        <CheckCircle2 aria-hidden="true" />
        {INVOICE_TEXTS.markPaid}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <div className={cn("flex flex-col gap-5", isMobile && "pb-16")}>
      <title>{`${invoice.reference} · Propulse`}</title>
      <PageHeader
        back={BACK}
        eyebrow={
          <>
            <span className="font-mono text-xs font-semibold text-muted-foreground">{title}</span>
            <InvoiceBadges invoice={invoice} />
            <FacturxBadge facturx={invoice.facturx} />
          </>
        }
        title={invoice.name}
        titleClassName="break-words"
        subtitle={
          <>
            <span className="sr-only">Client&nbsp;: </span>
            <span className="font-medium text-foreground">{invoice.client.name}</span>
            {" · "}
            <span className="tabular-nums">{formatEuro(invoice.total)} TTC</span>
            {/* Issue 32: what is still owed, in the header, once part of it was paid. */}
            {!creditNote && invoice.status === "sent" && invoice.paid_amount > 0 && invoice.balance_due > 0 && (
              <>
                {" · "}
                <span data-testid="invoice-header-balance" className="font-medium text-foreground tabular-nums">
                  {`Reste à payer ${formatEuro(invoice.balance_due)}`}
                </span>
              </>
            )}
          </>
        }
        actions={
          <div className={cn("flex gap-2", isMobile ? "w-full flex-col" : "flex-wrap")}>
            {/* The main action last on a wide screen (at the right), first on a phone (under the thumb). */}
            {isMobile ? [...actionButtons].reverse() : actionButtons}
          </div>
        }
      />

      {invoice.status === "draft" && !creditNote && (
        <Alert variant="warning" role="status">
          <Info aria-hidden="true" />
          <AlertDescription>
            {`Brouillon\u00a0: la référence ${invoice.reference} est provisoire. «\u00a0${INVOICE_TEXTS.markSent}\u00a0» donne à la facture son numéro définitif\u00a0; elle ne pourra plus être modifiée ni supprimée.`}
          </AlertDescription>
        </Alert>
      )}
      {invoice.status === "cancelled" && invoice.credit_note && (
        <Alert variant="info" role="status">
          <Info aria-hidden="true" />
          <AlertDescription>
            {"Facture annulée par l’avoir "}
            <Link to={paths.invoice(invoice.credit_note.id)} className="font-semibold underline underline-offset-4">
              {invoice.credit_note.reference}
            </Link>
            .
          </AlertDescription>
        </Alert>
      )}
      {creditNote && invoice.credited_invoice && (
        <Alert variant="info" role="status">
          <Info aria-hidden="true" />
          <AlertDescription>
            {"Cet avoir annule la facture "}
            <Link
              to={paths.invoice(invoice.credited_invoice.id)}
              className="font-semibold underline underline-offset-4"
            >
              {invoice.credited_invoice.reference}
            </Link>
            {` (${invoice.credited_invoice.name}).`}
          </AlertDescription>
        </Alert>
      )}

      <div className="grid items-start gap-4 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2 lg:row-span-2">
          <DetailSection title="Lignes" icon={<ListOrdered />} flush>
            <DocumentLinesView items={invoice.items} isMobile={isMobile} label="Lignes de la facture" />
          </DetailSection>
          {deductsDeposits(invoice) && invoice.deposits.length > 0 && (
            <DetailSection title="Acomptes déduits" icon={<Receipt />}>
              <Deposits invoice={invoice} />
            </DetailSection>
          )}
          <section aria-label="Totaux" className="rounded-lg border border-border bg-card p-4 shadow-card">
            <Totals invoice={invoice} />
          </section>
          {invoice.credit && invoice.credit.paid > 0 && (
            <DetailSection title={INVOICE_PAGE_TEXTS.creditTitle} icon={<Banknote />}>
              <CreditMoney invoice={invoice} canRefund={access.canPay} onRefund={openRefund} />
            </DetailSection>
          )}
          {actions.showPayments && (
            <DetailSection
              title="Paiements"
              icon={<Banknote />}
              aside={
                actions.recordPayment ? (
                  <Button size="sm" variant="outline" onClick={() => setPaying(true)}>
                    <Plus aria-hidden="true" />
                    Ajouter un paiement
                  </Button>
                ) : undefined
              }
            >
              <Payments invoice={invoice} canRemove={actions.removePayment} onRemove={setToRemove} />
            </DetailSection>
          )}
        </div>
        {/* On a phone the client and the dates come before the lines. */}
        <div className="order-first flex min-w-0 flex-col gap-4 lg:order-none">
          <DetailSection title="Client" icon={<UserRound />}>
            <ClientCard invoice={invoice} />
          </DetailSection>
          <DetailSection title="Facturation" icon={<FileText />}>
            <Billing invoice={invoice} />
          </DetailSection>
          {(invoice.quote || invoice.project || invoice.credit_note || invoice.credited_invoice) && (
            <DetailSection title="Documents liés" icon={<Link2 />}>
              <LinkedDocuments invoice={invoice} />
            </DetailSection>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          {/* The messages sent about it (after the lines on a phone). */}
          {invoice.status !== "draft" && (
            <DetailSection title="Messages" icon={<Mail />}>
              <DocumentMessages type="invoice" id={invoice.id} />
            </DetailSection>
          )}
          {invoice.notes && (
            <DetailSection title="Notes" icon={<FileText />}>
              <p className="text-sm break-words whitespace-pre-line">{invoice.notes}</p>
            </DetailSection>
          )}
          {(invoice.terms || invoice.legal_mentions) && (
            <DetailSection title="Conditions et mentions légales" icon={<ScrollText />}>
              <div className="flex flex-col gap-3 text-sm">
                {invoice.terms && <p className="break-words whitespace-pre-line">{invoice.terms}</p>}
                {invoice.legal_mentions && (
                  <p className="text-[0.8125rem] break-words whitespace-pre-line text-muted-foreground">
                    {invoice.legal_mentions}
                  </p>
                )}
              </div>
            </DetailSection>
          )}
        </div>
      </div>

      {mailLoaded && (
        <Suspense fallback={null}>
          <SendMessageDialog target={mailing} isMobile={isMobile} onClose={() => setMailing(null)} />
        </Suspense>
      )}
      {paymentLoaded && (
        <Suspense fallback={null}>
          <PaymentDialog invoice={paying ? invoice : null} isMobile={isMobile} onClose={() => setPaying(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirm === "issue"}
        onClose={() => setConfirm(null)}
        title={`${INVOICE_TEXTS.markSent}\u00a0?`}
        description={`La facture reçoit son numéro définitif (FAC-année-numéro, sans trou dans la suite) et la date du jour. Son contenu, le client et vos mentions sont figés\u00a0: elle ne pourra plus être modifiée ni supprimée, seulement annulée par un avoir.`}
        confirmLabel={INVOICE_TEXTS.markSent}
        pendingLabel="Émission…"
        onConfirm={onIssue}
      />
      <ConfirmDialog
        open={confirm === "paid"}
        onClose={() => setConfirm(null)}
        title={`${INVOICE_TEXTS.markPaid}\u00a0?`}
        description={`Un paiement de ${formatEuro(invoice.balance_due)} (le reste à payer) est enregistré à la date du jour, par virement bancaire. Pour un autre moyen ou une autre date, utilisez «\u00a0${INVOICE_TEXTS.recordPayment}\u00a0».`}
        confirmLabel={INVOICE_TEXTS.markPaid}
        pendingLabel="Enregistrement…"
        onConfirm={onMarkPaid}
      />
      <ConfirmDialog
        open={confirm === "cancel"}
        onClose={() => setConfirm(null)}
        destructive
        title={`Annuler la facture ${invoice.reference}\u00a0?`}
        description={`Une facture émise ne se supprime pas\u00a0: un avoir (AV-année-numéro) du même montant, ${formatEuro(invoice.total)} TTC, est créé pour l’annuler, avec son propre PDF. La facture passe au statut «\u00a0Annulée\u00a0». C’est définitif.`}
        confirmLabel={INVOICE_TEXTS.cancel}
        cancelLabel="Ne pas annuler"
        pendingLabel="Création de l’avoir…"
        onConfirm={onCancel}
        confirmDisabled={cancelBody === null}
      >
        {/* Issue 32: the money received is refunded or kept as credit (ADR 0030). */}
        {invoice.paid_amount > 0 && (
          <CancelPaymentsChoice
            paid={invoice.paid_amount}
            choice={cancelChoice}
            onChange={setCancelChoice}
            canRefund={access.canPay}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "refund"}
        onClose={() => setConfirm(null)}
        title={INVOICE_PAGE_TEXTS.refundTitle(invoice.reference)}
        description={INVOICE_PAGE_TEXTS.refundDescription(formatEuro(available))}
        confirmLabel={INVOICE_TEXTS.recordRefund}
        pendingLabel="Enregistrement…"
        onConfirm={onRefund}
        confirmDisabled={refundProblem !== null}
      >
        <RefundFieldsView fields={refund} onChange={setRefund} error={refundProblem} />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "delete"}
        onClose={() => setConfirm(null)}
        destructive
        title={`Supprimer le brouillon ${invoice.reference}\u00a0?`}
        description={`«\u00a0${invoice.name}\u00a0» sera supprimé définitivement. Un brouillon n’a pas encore de numéro de facture\u00a0: la suite des numéros n’est pas touchée.`}
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={onDelete}
      />
      {cancelPaymentLoaded && (
        <Suspense fallback={null}>
          <PaymentCancelDialog
            invoice={invoice}
            payment={toRemove}
            isMobile={isMobile}
            onClose={() => setToRemove(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
