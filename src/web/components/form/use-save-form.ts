import { fieldErrorsFor, GENERIC_ERROR_MESSAGE, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { useEffect } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import { useVersionedForm } from "./stale-version";

export interface SaveFormOptions<TFields extends FieldValues, TInput, TSaved extends { updated_at: string }> {
  resolver: Resolver<TFields, unknown, TInput>;
  /** The form's values for what is stored (at first, and after each save). */
  valuesOf: (saved: TSaved) => TFields;
  initial: TSaved;
  /** Saves on `version`, the one the form's values come from (ADR 0024: `If-Match`). */
  save: (input: TInput, version: string | null) => Promise<TSaved>;
  /** « Recharger » after a stale save: fetches the stored resource. */
  reload: () => Promise<TSaved>;
  /** The toast of a successful save. */
  savedMessage: string;
  /** The title of the failure toast, the server's reason under it (« Erreur », as the settings say). */
  failureTitle: string;
  /** The fields whose server errors go under their input (the first is focused). */
  fields: readonly (keyof TFields & string)[];
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * A form that edits a stored resource in place (the company settings): validated on submit then as you type, saved by `save`, reset to what the server
 * stored, the server's field errors under their fields, the spec's toasts, and its unsaved state
 * reported to the page (which guards navigation). Saved on the version it was loaded with: a stale save
 * keeps what was typed and says so (`stale`), « Recharger » (`reload`) brings the stored one (ADR 0024).
 */
export function useSaveForm<TFields extends FieldValues, TInput, TSaved extends { updated_at: string }>({
  resolver,
  valuesOf,
  initial,
  save,
  reload,
  savedMessage,
  failureTitle,
  fields,
  onDirtyChange,
}: SaveFormOptions<TFields, TInput, TSaved>) {
  const form = useForm<TFields, unknown, TInput>({
    resolver,
    defaultValues: valuesOf(initial) as DefaultValues<TFields>,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const versioned = useVersionedForm(initial);

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save(input, versioned.version);
      form.reset(valuesOf(saved));
      versioned.loaded(saved);
      toastSuccess(savedMessage);
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      fieldErrorsFor(error, fields).forEach(({ field, message }, index) => {
        form.setError(field as Path<TFields>, { type: "server", message }, { shouldFocus: index === 0 });
      });
      toastFailure(failureTitle, error, GENERIC_ERROR_MESSAGE);
    }
  });

  /** The stored resource in the form, and its version. */
  const reloadStored = async () => {
    const fresh = await reload();
    form.reset(valuesOf(fresh));
    versioned.loaded(fresh);
  };

  /** `stale`: show `StaleVersionNotice` with `reload` (« Recharger »). */
  return { form, submit, stale: versioned.stale, reload: reloadStored };
}
