import { formatEuro } from "@shared/format";
import { INVOICE_TEXTS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@shared/invoice-rules";
import { toCents } from "@shared/money";
import { FormField } from "@web/components/ui/form-field";
import { DecimalInput, Input } from "@web/components/ui/input";
import { NativeSelect } from "@web/components/ui/native-select";
import { cn } from "@web/lib/cn";
import { useId } from "react";
import { parseAmount } from "../lib/payment-form";
import { CANCEL_CHOICE_TEXTS, type CancelChoice, type RefundFields, refundError } from "../lib/refund-form";

/** Amount, date, means and reference of a refund (issue 32): in the cancel question and on a credit note. */
export function RefundFieldsView({
  fields,
  onChange,
  error,
}: {
  fields: RefundFields;
  onChange: (fields: RefundFields) => void;
  error: string | null;
}) {
  const set = (change: Partial<RefundFields>) => onChange({ ...fields, ...change });
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <FormField label="Montant remboursé (€) *" error={error ?? undefined}>
        {(props) => (
          <DecimalInput {...props} value={fields.amount} onChange={(event) => set({ amount: event.target.value })} />
        )}
      </FormField>
      <FormField label="Date du remboursement *">
        {(props) => (
          <Input type="date" {...props} value={fields.date} onChange={(event) => set({ date: event.target.value })} />
        )}
      </FormField>
      <FormField label="Moyen de remboursement">
        {(props) => (
          <NativeSelect
            {...props}
            value={fields.method}
            onChange={(event) => set({ method: event.target.value as RefundFields["method"] })}
          >
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Référence">
        {(props) => (
          <Input
            autoComplete="off"
            {...props}
            value={fields.reference}
            onChange={(event) => set({ reference: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}

/**
 * « Annuler la facture » of an invoice that received payments (issue 32, ADR 0030): says how much, and
 * asks what becomes of it — « Rembourser le client » (the refund's fields, up to what was paid) or
 * « Garder en avoir sur le compte du client ». Without invoices:pay only the credit is offered.
 */
export function CancelPaymentsChoice({
  paid,
  choice,
  onChange,
  canRefund,
}: {
  paid: number;
  choice: CancelChoice;
  onChange: (choice: CancelChoice) => void;
  canRefund: boolean;
}) {
  const name = useId();
  const error = choice.payments === "refund" ? refundError(choice.refund, paid, INVOICE_TEXTS.refundAbovePaid) : null;
  const refunded = parseAmount(choice.refund.amount);
  const rest = Number.isFinite(refunded) ? (toCents(paid) - toCents(refunded)) / 100 : 0;
  const option = (value: "refund" | "credit", label: string, hint: string, disabled = false) => (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        className="mt-0.5 size-4 accent-primary"
        checked={choice.payments === value}
        disabled={disabled}
        onChange={() => onChange({ ...choice, payments: value })}
      />
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">{label}</span>
        <span className="text-[0.8125rem] text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-3" data-testid="cancel-payments-choice">
      <legend className="mb-2 text-sm">
        <span className="font-semibold">{CANCEL_CHOICE_TEXTS.received(formatEuro(paid))}</span>{" "}
        {CANCEL_CHOICE_TEXTS.question}
      </legend>
      {option(
        "refund",
        CANCEL_CHOICE_TEXTS.refund,
        canRefund ? CANCEL_CHOICE_TEXTS.refundHint : CANCEL_CHOICE_TEXTS.refundNotAllowed,
        !canRefund,
      )}
      {choice.payments === "refund" && (
        <div className="flex flex-col gap-2 pl-1">
          <RefundFieldsView
            fields={choice.refund}
            onChange={(refund) => onChange({ ...choice, refund })}
            error={error}
          />
          {!error && rest > 0 && (
            <p className="text-[0.8125rem] text-muted-foreground">{CANCEL_CHOICE_TEXTS.restKept(rest)}</p>
          )}
        </div>
      )}
      {option("credit", CANCEL_CHOICE_TEXTS.credit, CANCEL_CHOICE_TEXTS.creditHint(formatEuro(paid)))}
    </fieldset>
  );
}
