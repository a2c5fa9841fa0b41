import type { QueryKey } from "@tanstack/react-query";
import type { DiscountMode } from "@web/components/document-lines/line-fields";
import { discountModeOf } from "@web/components/document-lines/line-fields";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { useVersionedForm } from "@web/components/form/stale-version";
import { GENERIC_ERROR_MESSAGE, toastFailure } from "@web/lib/api-errors";
import { useMemo, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
  useWatch,
} from "react-hook-form";
import {
  type DocumentFormFields,
  documentFieldErrors,
  invalidPaths,
  liveDocumentFigures,
  openedFor,
  otherDiscount,
  type WatchedDocument,
  withChosenDiscount,
} from "./document-form";

/** A stored document a form edits: its version is its `updated_at` (ADR 0024). */
interface StoredDocument {
  id: string;
  updated_at: string;
}

export interface DocumentFormOptions<
  F extends DocumentFormFields & FieldValues,
  I extends { discount_percentage: number; discount_amount: number },
  D extends StoredDocument,
  S extends string,
  Q extends { queryKey: QueryKey },
> {
  /** The document being edited; creation when null. */
  document: D | null;
  /** The kind's shared schema through react-hook-form's zod resolver (one form pattern). */
  resolver: Resolver<F, unknown, I>;
  defaults: F;
  /** The stored document as form fields (« Recharger » after a stale save). */
  toFields: (document: D) => F;
  /** The document's query (« Recharger » fetches it fresh). */
  query: (id: string) => Q;
  /** The sections open when the form opens. */
  sections: Record<S, boolean>;
  sectionOf: (path: string) => S;
  /** The form's fields in screen order (« items » where the lines are): the first invalid one is focused. */
  order: readonly string[];
  /** The top-level fields the server may name in a validation answer. */
  serverFields: readonly string[];
  /** Every line at 0 % VAT in the live totals (an invoice under reverse charge). */
  vatExempt?: (watched: F) => boolean;
  /** Saves the validated values (the chosen discount only) on the form's version. */
  save: (input: I, version: string | null) => Promise<D>;
  /** After the save: the success toast… */
  onSuccess: (saved: D) => void;
  /** The failure toast's title. */
  failureTitle: string;
  onCancel: () => void;
  onSaved: (saved: D) => void;
  /** The user discarded the input (or it was saved): a draft kept on the device goes. */
  onDiscarded?: () => void;
}

/**
 * A document's form in react-hook-form (the thin half of `document-form.ts`): the fields with the
 * kind's schema, the sections open, the discount mode, the live figures, the version it saves on
 * (ADR 0024), the dirty guard, the save with the server's field errors put back under their fields
 * (a line's under the line's) and the first invalid field focused in its opened section.
 */
export function useDocumentForm<
  F extends DocumentFormFields & FieldValues,
  I extends { discount_percentage: number; discount_amount: number },
  D extends StoredDocument,
  S extends string,
  Q extends { queryKey: QueryKey },
>(options: DocumentFormOptions<F, I, D, S, Q>) {
  const { document, defaults, sectionOf, order, serverFields } = options;
  const form = useForm<F, unknown, I>({
    resolver: options.resolver,
    defaultValues: defaults as DefaultValues<F>,
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
    formState: { isDirty },
  } = form;
  const { cancel, saved: markSaved } = useDirtyGuard(isDirty, options.onCancel, options.onDiscarded);

  // One discount at a time: the mode chosen, the other reset to 0 (spec 3 §5).
  const [discountMode, setDiscountMode] = useState<DiscountMode>(() => discountModeOf(defaults));
  const switchDiscountMode = (mode: DiscountMode) => {
    setDiscountMode(mode);
    setValue(otherDiscount(mode) as Path<F>, "0" as PathValue<F, Path<F>>, { shouldDirty: true });
  };
  /** Other values in the form (the stored document, a draft, a template): the discount mode follows. */
  const resetTo = (fields: F, keepDefaultValues = false) => {
    reset(fields, keepDefaultValues ? { keepDefaultValues } : undefined);
    setDiscountMode(discountModeOf(fields));
  };

  // The version the form's values come from, sent with the save (ADR 0024).
  const versioned = useVersionedForm(
    document,
    document && {
      query: () => options.query(document.id),
      apply: (fresh) => resetTo(options.toFields(fresh as unknown as D)),
    },
  );

  const [open, setOpen] = useState<Record<S, boolean>>(options.sections);
  const toggle = (section: S) => (next: boolean) => setOpen((current) => ({ ...current, [section]: next }));

  const watched = useWatch({ control }) as F;
  const vatExempt = options.vatExempt?.(watched) ?? false;
  const figures = useMemo(
    () => liveDocumentFigures(watched as WatchedDocument, discountMode, vatExempt),
    [watched, discountMode, vatExempt],
  );

  /** Opens the sections holding `paths` and focuses the first (when it is on screen). */
  const openSectionsFor = (paths: readonly string[]) => {
    if (paths.length === 0) return;
    setOpen((current) => openedFor(current, paths, sectionOf));
    const first = paths[0];
    if (first)
      window.setTimeout(() => {
        try {
          setFocus(first as Path<F>);
        } catch {
          // the field is not on screen (the client picker): nothing to focus
        }
      }, 60);
  };

  const onInvalid = (errors: FieldErrors<F>) => openSectionsFor(invalidPaths(errors, order));

  /** The server's field errors under their fields: the form's own, and those of a line. */
  const showServerErrors = (error: unknown) => {
    const fieldErrors = documentFieldErrors(error, serverFields, getValues("items" as Path<F>).length);
    for (const { path, message } of fieldErrors) setError(path as Path<F>, { type: "server", message });
    openSectionsFor(fieldErrors.map((e) => e.path));
  };

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await options.save(withChosenDiscount(values, discountMode), versioned.version);
      options.onSuccess(saved);
      markSaved();
      options.onSaved(saved);
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      showServerErrors(error);
      toastFailure(options.failureTitle, error, GENERIC_ERROR_MESSAGE);
    }
  }, onInvalid);

  return {
    form,
    editing: document !== null,
    watched,
    cancel,
    open,
    setOpen,
    toggle,
    discountMode,
    setDiscountMode,
    switchDiscountMode,
    resetTo,
    ...figures,
    submit,
    /** A save was refused: someone else saved the document since it was loaded (ADR 0024). */
    stale: versioned.stale,
    reload: versioned.reload,
  };
}

export type DocumentFormState = ReturnType<typeof useDocumentForm>;
