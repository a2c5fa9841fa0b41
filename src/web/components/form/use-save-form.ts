import { fieldErrorsFor, GENERIC_ERROR_MESSAGE, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { useEffect } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";

export interface SaveFormOptions<TFields extends FieldValues, TInput, TSaved> {
  resolver: Resolver<TFields, unknown, TInput>;
  /** The form's values for what is stored (at first, and after each save). */
  valuesOf: (saved: TSaved) => TFields;
  initial: TSaved;
  save: (input: TInput) => Promise<TSaved>;
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
 * reported to the page (which guards navigation).
 */
export function useSaveForm<TFields extends FieldValues, TInput, TSaved>({
  resolver,
  valuesOf,
  initial,
  save,
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

  const submit = form.handleSubmit(async (input) => {
    try {
      form.reset(valuesOf(await save(input)));
      toastSuccess(savedMessage);
    } catch (error) {
      fieldErrorsFor(error, fields).forEach(({ field, message }, index) => {
        form.setError(field as Path<TFields>, { type: "server", message }, { shouldFocus: index === 0 });
      });
      toastFailure(failureTitle, error, GENERIC_ERROR_MESSAGE);
    }
  });

  return { form, submit };
}
