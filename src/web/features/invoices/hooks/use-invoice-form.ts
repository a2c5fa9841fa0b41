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
import { type DiscountMode, discountModeOf, liveTotals } from "@web/components/document-lines/line-fields";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { useVersionedForm } from "@web/components/form/stale-version";
import { fieldErrorsFor, fieldErrorsOf, GENERIC_ERROR_MESSAGE, toastFailure } from "@web/lib/api-errors";
import { toast } from "@web/lib/toast";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { useCreateInvoice } from "../api/create-invoice";
import { invoiceQueryOptions } from "../api/get-invoice";
import { useUpdateInvoice } from "../api/update-invoice";
import {
  createInvoiceDefaults,
  dueDateFor,
  INVOICE_FORM_FIELDS,
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

const ITEM_FIELDS = ["name", "description", "quantity", "unit", "unit_price", "tax_rate"] as const;

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
 * The invoice form's state and rules (docs/domain/invoices.md#forms-web): the fields (react-hook-form
 * with the shared schema), the due date that follows the date, the discount given one way only, the
 * live totals (every line at 0 % under reverse charge), the sections open, and the save with the
 * server's field errors put back under their fields.
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
  const form = useForm<InvoiceFormFields, unknown, InvoiceInput>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: defaults,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    getValues,
    formState: { errors, isDirty },
  } = form;
  const { cancel, saved: markSaved } = useDirtyGuard(isDirty, onCancel);
  const createMutation = useCreateInvoice();
  const updateMutation = useUpdateInvoice();
  // The version the form's values come from, sent with the save (ADR 0024).
  const versioned = useVersionedForm(
    invoice,
    invoice && {
      query: () => invoiceQueryOptions(invoice.id),
      apply: (fresh) => {
        const fields = invoiceToFields(fresh);
        reset(fields);
        setDiscountMode(discountModeOf(fields));
      },
    },
  );

  const [open, setOpen] = useState<Record<InvoiceFormSection, boolean>>({
    info: true,
    items: true,
    totals: true,
    notes: true,
  });
  const toggle = (section: InvoiceFormSection) => (next: boolean) =>
    setOpen((current) => ({ ...current, [section]: next }));

  // The due date follows the date (+30 days) on creation until the user sets it.
  const dueDateTouched = useRef(editing);
  const date = useWatch({ control, name: "date" });
  useEffect(() => {
    if (dueDateTouched.current) return;
    const due = dueDateFor(date);
    if (due && due !== getValues("due_date")) setValue("due_date", due);
  }, [date, getValues, setValue]);

  // One discount at a time: the mode chosen, the other reset to 0 (spec 3 §5).
  const [discountMode, setDiscountMode] = useState<DiscountMode>(() => discountModeOf(defaults));
  const switchDiscountMode = (mode: DiscountMode) => {
    setDiscountMode(mode);
    if (mode === "percentage") setValue("discount_amount", "0", { shouldDirty: true });
    else setValue("discount_percentage", "0", { shouldDirty: true });
  };

  const watched = useWatch({ control });
  const reverseCharge = Boolean(watched.reverse_charge);
  const totals = useMemo(
    () =>
      liveTotals({
        items: (watched.items ?? []).map((item) => item ?? {}),
        discount_percentage: discountMode === "percentage" ? (watched.discount_percentage ?? "0") : "0",
        discount_amount: discountMode === "amount" ? (watched.discount_amount ?? "0") : "0",
        vatExempt: reverseCharge,
      }),
    [watched, discountMode, reverseCharge],
  );
  const lineCount = (watched.items ?? []).filter((item) => (item?.kind ?? "item") === "item").length;
  const discountPercentage = discountMode === "percentage" ? Number(watched.discount_percentage) || 0 : 0;

  const openSectionsFor = (paths: string[]) => {
    if (paths.length === 0) return;
    setOpen((current) => {
      const next = { ...current };
      for (const path of paths) next[sectionOfField(path)] = true;
      return next;
    });
    const first = paths[0];
    if (first)
      window.setTimeout(() => {
        try {
          setFocus(first as keyof InvoiceFormFields);
        } catch {
          // the field is not on screen (the client picker): nothing to focus
        }
      }, 60);
  };

  const onInvalid = (formErrors: FieldErrors<InvoiceFormFields>) => {
    const paths: string[] = [];
    for (const key of ["client_id", "name", "date", "due_date", "payment_method", "work_date"] as const) {
      if (formErrors[key]) paths.push(key);
    }
    const items = formErrors.items;
    if (Array.isArray(items)) {
      items.forEach((itemErrors, index) => {
        if (!itemErrors) return;
        for (const field of ITEM_FIELDS) {
          if ((itemErrors as Record<string, unknown>)[field]) paths.push(`items.${index}.${field}`);
        }
      });
    } else if (items) paths.push("items");
    for (const key of ["discount_percentage", "discount_amount", "notes", "terms", "legal_mentions"] as const) {
      if (formErrors[key]) paths.push(key);
    }
    openSectionsFor(paths);
  };

  /** The server's field errors under their fields: the form's own, and those of a line. */
  const showServerErrors = (error: unknown) => {
    const paths: string[] = [];
    for (const { field, message } of fieldErrorsFor(error, INVOICE_FORM_FIELDS)) {
      setError(field, { type: "server", message });
      paths.push(field);
    }
    const itemCount = getValues("items").length;
    for (const { path, message } of fieldErrorsOf(error)) {
      const line = /^items\.(\d+)\.([a-z_]+)$/.exec(path);
      const index = Number(line?.[1]);
      const field = line?.[2] as (typeof ITEM_FIELDS)[number] | undefined;
      if (!field || !ITEM_FIELDS.includes(field) || index >= itemCount || paths.includes(path)) continue;
      setError(`items.${index}.${field}`, { type: "server", message });
      paths.push(path);
    }
    openSectionsFor(paths);
  };

  const submit = handleSubmit(async (values) => {
    // The discount that is not chosen is 0 whatever it held before the switch.
    const input: InvoiceInput =
      discountMode === "percentage" ? { ...values, discount_amount: 0 } : { ...values, discount_percentage: 0 };
    try {
      const saved = editing
        ? await updateMutation.mutateAsync({
            id: invoice.id,
            body: toInvoiceUpdatePayload(input as InvoiceUpdate),
            version: versioned.version,
          })
        : await createMutation.mutateAsync(
            toInvoiceCreatePayload(input, { quoteId: quote?.id ?? null, projectId: quote?.project_id ?? null }),
          );
      if (editing) toast.success(INVOICE_TEXTS.updated, { description: saved.reference });
      else toast.success(INVOICE_TEXTS.created, { description: saved.reference });
      markSaved();
      onSaved(saved);
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      showServerErrors(error);
      toastFailure(editing ? INVOICE_TEXTS.updateFailed : INVOICE_TEXTS.createFailed, error, GENERIC_ERROR_MESSAGE);
    }
  }, onInvalid);

  /** « Recharger » after a stale save: the stored draft in the form. */

  const infoErrors = (["client_id", "name", "date", "due_date", "payment_method", "work_date"] as const).some(
    (key) => errors[key],
  );
  const notesErrors = (["notes", "terms", "legal_mentions"] as const).some((key) => errors[key]);

  return {
    form,
    invoice,
    quote,
    editing,
    permissions,
    cancel,
    open,
    toggle,
    discountMode,
    switchDiscountMode,
    discountPercentage,
    watched,
    reverseCharge,
    totals,
    lineCount,
    submit,
    /** A save was refused: someone else saved the draft since it was loaded (ADR 0024). */
    stale: versioned.stale,
    reload: versioned.reload,
    infoErrors,
    notesErrors,
    /** The user set the due date himself: it stops following the date. */
    dueDateTouched: () => {
      dueDateTouched.current = true;
    },
  };
}

export type InvoiceFormState = ReturnType<typeof useInvoiceForm>;
