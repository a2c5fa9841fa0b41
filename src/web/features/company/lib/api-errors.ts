import { errorDescription, fieldErrorsFor } from "@web/lib/api-errors";

/** The fallback when a failure carries no usable message (docs/domain/company-settings.md#messages). */
export const GENERIC_ERROR_MESSAGE = "Une erreur est survenue";

/**
 * The server's French message, or null: the client's generic « Error 502: Bad Gateway » is not
 * French, and other errors (a response failing its schema check) are bugs the user cannot act on.
 */
export function errorMessageOf(error: unknown): string | null {
  return errorDescription(error) ?? null;
}

/** The failure toast (docs/domain/company-settings.md#messages): « Erreur : {message} », the message falling back to the generic one. */
export function failureToastMessage(error: unknown): string {
  return `Erreur\u00a0: ${errorMessageOf(error) ?? GENERIC_ERROR_MESSAGE}`;
}

/**
 * The server's validation details ({ path, message }) that name one of `fields`, first one per
 * field, in the server's order (the first is focused).
 */
export function fieldErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string }[] {
  return fieldErrorsFor(error, fields);
}
