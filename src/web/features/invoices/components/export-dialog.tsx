import { zodResolver } from "@hookform/resolvers/zod";
import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { invoiceExportQuerySchema } from "@shared/invoices";
import { FormActions } from "@web/components/form/form-actions";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Download } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useExportInvoices } from "../api/export-invoices";
import { type ExportPeriod, lastMonthPeriod } from "../lib/export-period";

const PERIOD_FIELDS = ["from", "to"] as const satisfies readonly (keyof ExportPeriod)[];
/** The server's own checks (dates, order, a year at most), said under the fields before asking. */
const resolver = zodResolver(invoiceExportQuerySchema);

export interface ExportDialogProps {
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
}

/**
 * « Exporter les factures » (docs/domain/einvoicing.md#web): a period, last month by default, whose
 * issued invoices, deposit invoices and credit notes download as one ZIP (their Factur-X and a CSV
 * summary). Loaded when first opened (react-hook-form, zod); a bottom sheet on phones.
 */
export function ExportDialog({ open, isMobile, onClose }: ExportDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-lg flex-col gap-0 overflow-hidden p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {/* Opened again, the period starts from last month again. */}
      {open && <ExportForm isMobile={isMobile} descriptionId={descriptionId} onDone={onClose} />}
    </ResponsiveModal>
  );
}

function ExportForm({
  isMobile,
  descriptionId,
  onDone,
}: {
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}) {
  const exporting = useExportInvoices();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: lastMonthPeriod(), reValidateMode: "onChange" });

  const submit = handleSubmit(async (period) => {
    try {
      const name = await exporting.mutateAsync(period);
      toastSuccess(EINVOICE_TEXTS.exportDone, name);
      onDone();
    } catch (error) {
      const fieldErrors = fieldErrorsFor(error, PERIOD_FIELDS);
      for (const [index, { field, message }] of fieldErrors.entries()) {
        setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      }
      if (fieldErrors.length === 0) toastFailure(EINVOICE_TEXTS.exportFailed, error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex min-h-0 flex-1 flex-col"
      aria-label={EINVOICE_TEXTS.exportTitle}
      aria-busy={isSubmitting}
    >
      <ModalHeader
        title={EINVOICE_TEXTS.exportTitle}
        description={EINVOICE_TEXTS.exportDescription}
        descriptionId={descriptionId}
        isMobile={isMobile}
      />

      <div
        className={cn("grid min-h-0 flex-1 grid-cols-2 gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}
      >
        <FormField label={EINVOICE_TEXTS.exportFrom} error={errors.from?.message}>
          {(props) => <Input type="date" required data-autofocus {...props} {...register("from")} />}
        </FormField>
        <FormField label={EINVOICE_TEXTS.exportTo} error={errors.to?.message}>
          {(props) => <Input type="date" required {...props} {...register("to")} />}
        </FormField>
      </div>

      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={onDone}
          submitLabel={
            <>
              <Download aria-hidden="true" />
              {EINVOICE_TEXTS.exportSubmit}
            </>
          }
        />
      </ModalFooter>
    </form>
  );
}
