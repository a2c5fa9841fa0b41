import {
  INVOICE_TEXTS,
  OPERATION_CATEGORIES,
  OPERATION_CATEGORY_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from "@shared/invoice-rules";
import { DocumentClientField, DocumentNameField } from "@web/components/document-form/document-fields";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { NativeSelect } from "@web/components/ui/native-select";
import { Textarea } from "@web/components/ui/textarea";
import { FileText, Lock } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { InvoiceFormState } from "../hooks/use-invoice-form";

/** Words of the form that are not the spec's messages. */
export const INVOICE_FORM_TEXTS = {
  clientLocked: "Le client d’une facture ne change pas.",
  /** Issue 31: the invoice of a quote is its client's (the server refuses another). */
  quoteClientLocked: "La facture d’un devis est adressée au client de ce devis.",
  reverseCharge: "Autoliquidation (sous-traitance BTP)",
  reverseChargeHint:
    "Toutes les lignes passent à 0\u00a0% de TVA et la facture porte la mention «\u00a0Autoliquidation\u00a0».",
  dueDateHint: "30 jours après la date de la facture, sauf si vous en choisissez une autre.",
  workDateHint: "À indiquer quand les travaux n’ont pas été faits à la date de la facture.",
  operationCategory: "Catégorie de l’opération",
  operationCategoryHint:
    "Imprimée sur la facture (réforme 2026)\u00a0: des travaux, fournitures posées comprises, sont une prestation de services.",
  legalMentionsHint: "Imprimées sur la facture. Vides\u00a0: le texte par défaut (pénalités, indemnité de 40\u00a0€).",
} as const;

/**
 * « Informations générales » (spec 3 §2.3): the client (locked on an edit, spec 3 §2.5), the name, the
 * date, the due date (date + 30 days until set), the payment method, the date of the work and reverse
 * charge.
 */
export function InvoiceInfoSection({ state, isMobile }: { state: InvoiceFormState; isMobile: boolean }) {
  const { form, invoice, quote, permissions, open, toggle, infoErrors, watched, editing } = state;
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const reverseChargeId = useId();
  const clientName = invoice?.client_name ?? quote?.client.name;
  return (
    <CollapsibleSection
      title="Informations générales"
      icon={<FileText />}
      open={open.info}
      onOpenChange={toggle("info")}
      hasError={infoErrors}
      summary={[watched.name?.trim() || "Sans nom", clientName].filter(Boolean).join(" · ")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {editing || quote ? (
          <FormField
            label="Client"
            hint={editing ? INVOICE_FORM_TEXTS.clientLocked : INVOICE_FORM_TEXTS.quoteClientLocked}
            error={errors.client_id?.message}
          >
            {(props) => (
              <div className="relative">
                <Input {...props} value={clientName ?? ""} readOnly aria-readonly="true" className="pr-9" />
                <Lock
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
              </div>
            )}
          </FormField>
        ) : (
          <DocumentClientField
            control={control}
            error={errors.client_id?.message}
            canCreate={permissions.canCreateClients}
          />
        )}
        <DocumentNameField
          label="Nom de la facture *"
          register={register}
          error={errors.name?.message}
          autoFocus={!editing && !isMobile}
        />
        <FormField label="Date *" error={errors.date?.message}>
          {(props) => <Input type="date" required {...props} {...register("date")} />}
        </FormField>
        <FormField
          label="Date d’échéance"
          error={errors.due_date?.message}
          hint={editing ? undefined : INVOICE_FORM_TEXTS.dueDateHint}
        >
          {(props) => <Input type="date" {...props} {...register("due_date", { onChange: state.dueDateTouched })} />}
        </FormField>
        <FormField label="Moyen de paiement" error={errors.payment_method?.message}>
          {(props) => (
            <NativeSelect {...props} {...register("payment_method")}>
              <option value="">Non précisé</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_LABELS[method]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Date des travaux" error={errors.work_date?.message} hint={INVOICE_FORM_TEXTS.workDateHint}>
          {(props) => <Input type="date" {...props} {...register("work_date")} />}
        </FormField>
        <FormField
          label={INVOICE_FORM_TEXTS.operationCategory}
          error={errors.operation_category?.message}
          hint={INVOICE_FORM_TEXTS.operationCategoryHint}
        >
          {(props) => (
            <NativeSelect {...props} {...register("operation_category")}>
              {OPERATION_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {OPERATION_CATEGORY_LABELS[category]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex items-start gap-3 rounded-md border border-border bg-muted/30 px-3 py-2.5 sm:col-span-2">
          <label className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-muted pointer-coarse:size-11">
            <input
              id={reverseChargeId}
              type="checkbox"
              aria-describedby={`${reverseChargeId}-hint`}
              className="size-[1.125rem] cursor-pointer accent-primary"
              {...register("reverse_charge")}
            />
          </label>
          <div className="flex min-w-0 flex-col gap-0.5 pt-1.5 pointer-coarse:pt-3">
            <label htmlFor={reverseChargeId} className="cursor-pointer text-sm font-medium">
              {INVOICE_FORM_TEXTS.reverseCharge}
            </label>
            <p id={`${reverseChargeId}-hint`} className="text-[0.8125rem] text-muted-foreground">
              {INVOICE_FORM_TEXTS.reverseChargeHint}
            </p>
          </div>
        </div>
      </div>
    </CollapsibleSection>
  );
}

/** « Notes, conditions et mentions légales »: internal notes, the payment terms and the legal mentions printed. */
export function InvoiceNotesSection({ state, icon }: { state: InvoiceFormState; icon: ReactNode }) {
  const { form, open, toggle, notesErrors } = state;
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <CollapsibleSection
      title="Notes, conditions et mentions légales"
      icon={icon}
      open={open.notes}
      onOpenChange={toggle("notes")}
      hasError={notesErrors}
    >
      <div className="grid gap-4">
        <FormField label="Notes" error={errors.notes?.message}>
          {(props) => <Textarea rows={2} {...props} {...register("notes")} />}
        </FormField>
        <FormField label="Conditions de paiement" error={errors.terms?.message}>
          {(props) => (
            <Textarea
              rows={2}
              placeholder="Ex. Paiement à réception, par virement."
              {...props}
              {...register("terms")}
            />
          )}
        </FormField>
        <FormField
          label="Mentions légales"
          error={errors.legal_mentions?.message}
          hint={INVOICE_FORM_TEXTS.legalMentionsHint}
        >
          {(props) => <Textarea rows={4} {...props} {...register("legal_mentions")} />}
        </FormField>
      </div>
    </CollapsibleSection>
  );
}

/** Under the totals while reverse charge is ticked: what the invoice will say. */
export function ReverseChargeNote() {
  return (
    <p className="rounded-md border border-border bg-muted/40 px-3 py-2 text-[0.8125rem] text-muted-foreground">
      {INVOICE_TEXTS.reverseChargeMention}
    </p>
  );
}
