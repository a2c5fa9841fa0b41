import { zodResolver } from "@hookform/resolvers/zod";
import { formatEuro } from "@shared/format";
import { CREDIT_NOTE_METHOD, INVOICE_TEXTS, PAYMENT_METHODS, PAYMENT_RECORD_LABELS } from "@shared/invoice-rules";
import { type ClientBalance, type Invoice, paymentInputSchema } from "@shared/invoices";
import { toCents } from "@shared/money";
import { useQuery } from "@tanstack/react-query";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { FormField } from "@web/components/ui/form-field";
import { DecimalInput, Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { NativeSelect } from "@web/components/ui/native-select";
import { FormModal, ModalFooter } from "@web/components/ui/responsive-modal";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { formSchema } from "@web/lib/form-schema";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { clientBalanceQueryOptions } from "../api/get-client-balance";
import { useAddPayment } from "../api/invoice-lifecycle";
import { PAYMENT_FORM_FIELDS, paymentFormDefaults, toPaymentPayload } from "../lib/payment-form";

/**
 * The payment form's schema: the body built from the fields (« 120,50 » read as 120.5) and checked by
 * paymentInputSchema, then what the server refuses too, said at once: an amount above the invoice's
 * balance (400); by « Avoir », a credit note that is not one of the client's, or an amount above its
 * credit (409).
 */
function paymentFormSchema(balanceDue: number, credits: ClientBalance["credits"]) {
  const pathOf = (path: string) => PAYMENT_FORM_FIELDS.find((f) => f === path.split(".")[0]) ?? "amount";
  return formSchema(paymentInputSchema, toPaymentPayload, pathOf).superRefine((body, ctx) => {
    const refuse = (field: "amount" | "credit_note_id", message: string) =>
      ctx.addIssue({ code: "custom", path: [field], message, input: body });
    if (toCents(body.amount) > toCents(balanceDue)) return refuse("amount", INVOICE_TEXTS.paymentAboveBalance);
    if (body.method !== CREDIT_NOTE_METHOD) return;
    const credit = credits.find((c) => c.id === body.credit_note_id);
    if (!credit) return refuse("credit_note_id", INVOICE_TEXTS.creditNoteRequired);
    if (toCents(body.amount) > toCents(credit.available)) refuse("amount", INVOICE_TEXTS.creditAboveAvailable);
  });
}

const NO_CREDITS: ClientBalance["credits"] = [];

export interface PaymentDialogProps {
  /** The invoice receiving the payment; null: closed. */
  invoice: Invoice | null;
  isMobile: boolean;
  onClose: () => void;
}

/**
 * « Enregistrer un paiement » (docs/domain/invoices.md#payments): date, amount (the balance by default),
 * method, reference. Loaded when first opened (react-hook-form, zod); a bottom sheet on phones.
 */
export function PaymentDialog({ invoice, isMobile, onClose }: PaymentDialogProps) {
  return (
    <FormModal item={invoice} formKey={(i) => `${i.id}-${i.balance_due}`} isMobile={isMobile} onClose={onClose}>
      {(i, descriptionId) => (
        <PaymentForm invoice={i} isMobile={isMobile} descriptionId={descriptionId} onDone={onClose} />
      )}
    </FormModal>
  );
}

function PaymentForm({
  invoice,
  isMobile,
  descriptionId,
  onDone,
}: {
  invoice: Invoice;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}) {
  const add = useAddPayment();
  // Issue 32: the credit kept on the client's account by its credit notes, offered as « Avoir ».
  const balance = useQuery(clientBalanceQueryOptions(invoice.client_id));
  const credits = balance.data?.credits ?? NO_CREDITS;
  const resolver = useMemo(
    () => zodResolver(paymentFormSchema(invoice.balance_due, credits)),
    [invoice.balance_due, credits],
  );
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver, defaultValues: paymentFormDefaults(invoice), reValidateMode: "onChange" });
  const byCredit = watch("method") === CREDIT_NOTE_METHOD;
  const { cancel, saved } = useDirtyGuard(isDirty, onDone);

  const submit = handleSubmit(async (body) => {
    try {
      await add.mutateAsync({ id: invoice.id, body });
      saved();
      toastSuccess(INVOICE_TEXTS.paymentAdded, `${formatEuro(body.amount)} · ${invoice.reference}`);
      onDone();
    } catch (error) {
      const fieldErrors = fieldErrorsFor(error, PAYMENT_FORM_FIELDS);
      for (const [index, { field, message }] of fieldErrors.entries()) {
        setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      }
      if (fieldErrors.length === 0) toastFailure(INVOICE_TEXTS.paymentAddFailed, error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <ModalHeader
        title={INVOICE_TEXTS.recordPayment}
        description={`${invoice.reference} · reste à payer\u00a0: ${formatEuro(invoice.balance_due)}`}
        descriptionId={descriptionId}
        isMobile={isMobile}
      />

      <div
        className={cn(
          "grid min-h-0 flex-1 grid-cols-1 gap-4 overflow-y-auto sm:grid-cols-2",
          isMobile ? "px-5 py-4" : "px-6 py-5",
        )}
      >
        <FormField label="Montant (€) *" error={errors.amount?.message}>
          {(props) => <DecimalInput required data-autofocus {...props} {...register("amount")} />}
        </FormField>
        <FormField label="Date du paiement *" error={errors.date?.message}>
          {(props) => <Input type="date" required {...props} {...register("date")} />}
        </FormField>
        <FormField label="Moyen de paiement" error={errors.method?.message}>
          {(props) => (
            <NativeSelect {...props} {...register("method")}>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_RECORD_LABELS[method]}
                </option>
              ))}
              {credits.length > 0 && <option value={CREDIT_NOTE_METHOD}>{PAYMENT_RECORD_LABELS.credit_note}</option>}
            </NativeSelect>
          )}
        </FormField>
        {byCredit && (
          <FormField
            label="Avoir utilisé *"
            error={errors.credit_note_id?.message}
            hint={"Le crédit gardé sur le compte du client\u00a0: aucun argent ne bouge."}
          >
            {(props) => (
              <NativeSelect {...props} {...register("credit_note_id")}>
                <option value="">Choisir un avoir</option>
                {credits.map((credit) => (
                  <option key={credit.id} value={credit.id}>
                    {`${credit.reference} · ${formatEuro(credit.available)} disponibles`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}
        <FormField label="Référence" error={errors.reference?.message} hint="N° de chèque, libellé du virement…">
          {(props) => <Input autoComplete="off" {...props} {...register("reference")} />}
        </FormField>
      </div>

      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel="Enregistrer le paiement"
        />
      </ModalFooter>
    </form>
  );
}
