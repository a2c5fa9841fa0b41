import { zodResolver } from "@hookform/resolvers/zod";
import { parisToday } from "@shared/dates";
import {
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceInput,
  type InvoiceUpdate,
  invoiceInputSchema,
  invoiceUpdateSchema,
} from "@shared/invoices";
import type { Quote } from "@shared/quotes";
import { useDocumentForm } from "@web/components/document-form/use-document-form";
import { toast } from "@web/lib/toast";
import { useEffect, useMemo, useRef } from "react";
import { type Resolver, useWatch } from "react-hook-form";
import { useCreateInvoice } from "../api/create-invoice";
import { invoiceQueryOptions } from "../api/get-invoice";
import { useUpdateInvoice } from "../api/update-invoice";
import {
  createInvoiceDefaults,
  dueDateFor,
  INVOICE_FORM_FIELDS,
  INVOICE_FORM_ORDER,
  type InvoiceFormFields,
  type InvoiceFormSection,
  invoiceToFields,
  quoteToInvoiceFields,
  sectionOfField,
  toInvoiceCreatePayload,
  toInvoiceUpdatePayload,
} from "../lib/invoice-form";
import { useInvoiceAccess } from "./use-invoice-access";

/**
 * The shared schemas validate the raw text of the inputs (they trim, coerce numbers and turn '' into
 * null); their preprocessed fields are typed `unknown` on input, hence the casts. A creation is checked
 * by the POST schema, an edit by the PUT one (no client: it is locked).
 */
const createResolver = zodResolver(invoiceInputSchema) as unknown as Resolver<InvoiceFormFields, unknown, InvoiceInput>;
const updateResolver = zodResolver(invoiceUpdateSchema) as unknown as Resolver<
  InvoiceFormFields,
  unknown,
  InvoiceInput
>;

const INFO_FIELDS = ["client_id", "name", "date", "due_date", "payment_method", "work_date"] as const;
const NOTES_FIELDS = ["notes", "terms", "legal_mentions"] as const;

export interface InvoiceFormOptions {
  /** The draft being edited; creation when null. */
  invoice: Invoice | null;
  /** /invoices/new?quote_id=…: the validated quote the new invoice is written from. */
  quote?: Quote | null;
  /** /invoices/new?client_id=… */
  initialClientId?: string | null;
  onCancel: () => void;
  onSaved: (invoice: Invoice) => void;
}

/**
 * The invoice form's state and rules (docs/domain/invoices.md#forms-web) over the document form
 * (`useDocumentForm`: fields with the shared schema, discount given one way only, live totals, sections,
 * the save with the server's field errors under their fields): the due date that follows the date and
 * every line at 0 % under reverse charge.
 */
export function useInvoiceForm({ invoice, quote = null, initialClientId, onCancel, onSaved }: InvoiceFormOptions) {
  const editing = invoice !== null;
  const permissions = useInvoiceAccess();
  const today = useMemo(() => parisToday(), []);
  const defaults = useMemo(
    () =>
      invoice
        ? invoiceToFields(invoice)
        : quote
          ? quoteToInvoiceFields(quote, today)
          : createInvoiceDefaults({ today, clientId: initialClientId }),
    [invoice, quote, today, initialClientId],
  );
  const createMutation = useCreateInvoice();
  const updateMutation = useUpdateInvoice();
  const document = useDocumentForm({
    document: invoice,
    resolver: editing ? updateResolver : createResolver,
    defaults,
    toFields: invoiceToFields,
    query: invoiceQueryOptions,
    sections: { info: true, items: true, totals: true, notes: true } as Record<InvoiceFormSection, boolean>,
    sectionOf: sectionOfField,
    order: INVOICE_FORM_ORDER,
    serverFields: INVOICE_FORM_FIELDS,
    vatExempt: (watched) => Boolean(watched.reverse_charge),
    save: (input, version) =>
      invoice
        ? updateMutation.mutateAsync({
            id: invoice.id,
            body: toInvoiceUpdatePayload(input as InvoiceUpdate),
            version,
          })
        : createMutation.mutateAsync(
            toInvoiceCreatePayload(input, { quoteId: quote?.id ?? null, projectId: quote?.project_id ?? null }),
          ),
    onSuccess: (saved) =>
      toast.success(editing ? INVOICE_TEXTS.updated : INVOICE_TEXTS.created, { description: saved.reference }),
    failureTitle: editing ? INVOICE_TEXTS.updateFailed : INVOICE_TEXTS.createFailed,
    onCancel,
    onSaved,
  });
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = document.form;

  // The due date follows the date (+30 days) on creation until the user sets it.
  const dueDateTouched = useRef(editing);
  const date = useWatch({ control, name: "date" });
  useEffect(() => {
    if (dueDateTouched.current) return;
    const due = dueDateFor(date);
    if (due && due !== getValues("due_date")) setValue("due_date", due);
  }, [date, getValues, setValue]);

  return {
    ...document,
    invoice,
    quote,
    permissions,
    reverseCharge: Boolean(document.watched.reverse_charge),
    infoErrors: INFO_FIELDS.some((key) => errors[key]),
    notesErrors: NOTES_FIELDS.some((key) => errors[key]),
    /** The user set the due date himself: it stops following the date. */
    dueDateTouched: () => {
      dueDateTouched.current = true;
    },
  };
}

export type InvoiceFormState = ReturnType<typeof useInvoiceForm>;
