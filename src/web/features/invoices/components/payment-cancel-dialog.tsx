import { zodResolver } from "@hookform/resolvers/zod";
import { formatDate, formatEuro } from "@shared/format";
import { INVOICE_TEXTS, PAYMENT_RECORD_LABELS } from "@shared/invoice-rules";
import {
  type Invoice,
  PAYMENT_CANCEL_REASON,
  type Payment,
  type PaymentCancel,
  paymentCancelSchema,
} from "@shared/invoices";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { ModalHeader } from "@web/components/ui/modal-header";
import { FormModal, ModalFooter } from "@web/components/ui/responsive-modal";
import { Textarea } from "@web/components/ui/textarea";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { LoaderCircle } from "lucide-react";
import { type Resolver, useForm } from "react-hook-form";
import { useCancelPayment } from "../api/invoice-lifecycle";

export interface PaymentCancelDialogProps {
  invoice: Invoice;
  /** The payment to cancel; null: closed. */
  payment: Payment | null;
  isMobile: boolean;
  onClose: () => void;
}

interface ReasonFields {
  reason: string;
}

/** The shared schema (required, trimmed, 3 to 500 characters) reads the field. */
const reasonResolver = zodResolver(paymentCancelSchema) as unknown as Resolver<ReasonFields, unknown, PaymentCancel>;

/**
 * « Annuler le règlement » (docs/domain/invoices.md#payments): a payment is never deleted; it is kept,
 * struck through, with the reason typed here, which the journal's reversal entry carries. Loaded when first
 * opened (react-hook-form, zod); a bottom sheet on phones.
 */
export function PaymentCancelDialog({ invoice, payment, isMobile, onClose }: PaymentCancelDialogProps) {
  return (
    <FormModal item={payment} formKey={(p) => p.id} isMobile={isMobile} onClose={onClose}>
      {(p, descriptionId) => (
        <ReasonForm invoice={invoice} payment={p} isMobile={isMobile} descriptionId={descriptionId} onDone={onClose} />
      )}
    </FormModal>
  );
}

function ReasonForm({
  invoice,
  payment,
  isMobile,
  descriptionId,
  onDone,
}: {
  invoice: Invoice;
  payment: Payment;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}) {
  const cancelPayment = useCancelPayment();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ReasonFields, unknown, PaymentCancel>({
    resolver: reasonResolver,
    defaultValues: { reason: "" },
    reValidateMode: "onChange",
  });
  const { cancel, saved } = useDirtyGuard(isDirty, onDone);

  const submit = handleSubmit(async (body) => {
    try {
      await cancelPayment.mutateAsync({ id: invoice.id, paymentId: payment.id, body });
      saved();
      toastSuccess(INVOICE_TEXTS.paymentCancelled, `${formatEuro(payment.amount)} · ${invoice.reference}`);
      onDone();
    } catch (error) {
      const fieldErrors = fieldErrorsFor(error, ["reason"] as const);
      for (const [index, { field, message }] of fieldErrors.entries()) {
        setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      }
      if (fieldErrors.length === 0) toastFailure(INVOICE_TEXTS.paymentCancelFailed, error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <ModalHeader
        title={`${INVOICE_TEXTS.cancelPayment}\u00a0?`}
        description={`Le règlement de ${formatEuro(payment.amount)} du ${formatDate(payment.date)} (${PAYMENT_RECORD_LABELS[payment.method]}) reste affiché, barré, et ne compte plus dans le montant réglé de ${invoice.reference}. Le journal enregistre son annulation avec ce motif\u00a0: c’est définitif.`}
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <FormField
          label="Motif *"
          error={errors.reason?.message}
          hint={`Chèque impayé, erreur de saisie… (${PAYMENT_CANCEL_REASON.min} à ${PAYMENT_CANCEL_REASON.max}\u00a0caractères)`}
        >
          {(field) => (
            <Textarea
              {...field}
              {...register("reason")}
              data-autofocus
              required
              rows={3}
              maxLength={PAYMENT_CANCEL_REASON.max}
              className="min-h-20"
            />
          )}
        </FormField>
      </div>
      <ModalFooter isMobile={isMobile}>
        <Button variant="outline" onClick={cancel} disabled={isSubmitting} className={cn(isMobile && "flex-1")}>
          Ne pas annuler
        </Button>
        <Button type="submit" variant="destructive" disabled={isSubmitting} className={cn(isMobile && "flex-1")}>
          {isSubmitting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {INVOICE_TEXTS.cancelPayment}
        </Button>
      </ModalFooter>
    </form>
  );
}
