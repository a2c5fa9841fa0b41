import { formatEuro } from "@shared/format";
import { INVOICE_TEXTS } from "@shared/invoice-rules";
import type { Quote } from "@shared/quotes";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { DecimalInput } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useCreateDepositInvoice } from "../api/create-deposit-invoice";
import { DEFAULT_DEPOSIT_PERCENTAGE, type DepositMode, depositBody, depositFigures } from "../lib/quote-deposit";

export const DEPOSIT_TEXTS = {
  title: "Facture d’acompte",
  description: (reference: string, total: string) => `Devis ${reference} · ${total} TTC`,
  percentage: "Pourcentage du devis",
  amount: "Montant TTC",
  figure: (mode: DepositMode) => (mode === "percentage" ? "Acompte (%)" : "Acompte (€ TTC)"),
  invalid: (mode: DepositMode) =>
    mode === "percentage" ? INVOICE_TEXTS.depositPercentageRange : "Le montant doit être entre 0 et le total du devis",
  submit: "Créer la facture d’acompte",
  hint: "La TVA se répartit entre les taux du devis. L’acompte sera déduit de la facture de solde.",
} as const;

const MODES = [
  { value: "percentage", label: DEPOSIT_TEXTS.percentage },
  { value: "amount", label: DEPOSIT_TEXTS.amount },
] as const satisfies readonly { value: DepositMode; label: string }[];

export interface QuoteDepositDialogProps {
  /** The validated quote the deposit is invoiced on; closed when null. */
  quote: Quote | null;
  isMobile: boolean;
  onClose: () => void;
}

/**
 * « Facture d'acompte » of a validated quote (docs/domain/invoices.md#deposits): a percentage (30 % to
 * start with) or an amount TTC, the amount shown as the server will split it; POST
 * /api/invoices/deposit/:quoteId, then « Facture {reference} créée avec succès » and the invoice's page.
 */
export function QuoteDepositDialog({ quote, isMobile, onClose }: QuoteDepositDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={quote !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-md gap-0 p-0"
    >
      {quote && (
        <DepositForm key={quote.id} quote={quote} isMobile={isMobile} descriptionId={descriptionId} onDone={onClose} />
      )}
    </ResponsiveModal>
  );
}

function DepositForm({
  quote,
  isMobile,
  descriptionId,
  onDone,
}: {
  quote: Quote;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateDepositInvoice();
  const [mode, setMode] = useState<DepositMode>("percentage");
  const [values, setValues] = useState<Record<DepositMode, string>>({
    percentage: String(DEFAULT_DEPOSIT_PERCENTAGE),
    amount: "",
  });
  const [submitted, setSubmitted] = useState(false);
  const value = values[mode];
  const figures = depositFigures(quote, mode, value);
  const dirty = mode !== "percentage" || value !== String(DEFAULT_DEPOSIT_PERCENTAGE);
  const { cancel, saved } = useDirtyGuard(dirty, onDone);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const error = submitted && !figures ? DEPOSIT_TEXTS.invalid(mode) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!figures) return;
    try {
      const invoice = await create.mutateAsync({ quoteId: quote.id, body: depositBody(mode, value) });
      saved();
      toastSuccess(INVOICE_TEXTS.createdFromQuote(invoice.reference));
      onDone();
      void navigate(paths.invoice(invoice.id));
    } catch {
      // Toasted by the mutation (its errorTitle, the server's reason under it).
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <ModalHeader
        title={DEPOSIT_TEXTS.title}
        description={DEPOSIT_TEXTS.description(quote.reference, formatEuro(quote.total))}
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("flex flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <SegmentedControl value={mode} onChange={setMode} label="Acompte en" options={MODES} className="w-full" />
        <div className="flex flex-col gap-2">
          <Label htmlFor={inputId}>{DEPOSIT_TEXTS.figure(mode)}</Label>
          <div className="relative">
            <DecimalInput
              key={mode}
              id={inputId}
              data-autofocus
              max={mode === "percentage" ? "100" : String(quote.total)}
              className="pr-9"
              value={value}
              onChange={(event) => setValues((current) => ({ ...current, [mode]: event.target.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
            >
              {mode === "percentage" ? "%" : "€"}
            </span>
          </div>
          {error && (
            <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
        <dl
          className="flex flex-col gap-1.5 rounded-md border border-border bg-muted/30 px-4 py-3 text-sm"
          aria-live="polite"
        >
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">Acompte HT</dt>
            <dd className="tabular-nums">{figures ? formatEuro(figures.net) : "—"}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">TVA</dt>
            <dd className="tabular-nums">{figures ? formatEuro(figures.tax) : "—"}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t border-border pt-2">
            <dt className="font-semibold">Acompte TTC</dt>
            <dd className="text-lg font-semibold text-primary tabular-nums" data-testid="deposit-total">
              {figures ? formatEuro(figures.total) : "—"}
            </dd>
          </div>
        </dl>
        <p className="text-[0.8125rem] text-muted-foreground">{DEPOSIT_TEXTS.hint}</p>
      </div>
      <ModalFooter isMobile={isMobile} stretch>
        <FormActions
          isMobile={isMobile}
          pending={create.isPending}
          onCancel={cancel}
          submitLabel={DEPOSIT_TEXTS.submit}
        />
      </ModalFooter>
    </form>
  );
}
