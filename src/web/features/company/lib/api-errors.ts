import { isApiError } from "@web/lib/api-client";

/** The fallback when a failure carries no usable message (docs/domain/company-settings.md#messages). */
export const GENERIC_ERROR_MESSAGE = "Une erreur est survenue";

/**
 * The server's French message, or null: the client's generic « Error 502: Bad Gateway » is not
 * French, and other errors (a response failing its schema check) are bugs the user cannot act on.
 */
export function errorMessageOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const message = error.message.trim();
  return message && !/^Error \d+/.test(message) ? message : null;
}

/** The failure toast (docs/domain/company-settings.md#messages): « Erreur : {message} », the message falling back to the generic one. */
export function failureToastMessage(error: unknown): string {
  return `Erreur : ${errorMessageOf(error) ?? GENERIC_ERROR_MESSAGE}`;
}

/**
 * The server's validation details ({ path, message }) that name one of `fields`, first one per
 * field, in the server's order (the first is focused).
 */
export function fieldErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string }[] {
  if (!isApiError(error) || !Array.isArray(error.body?.details)) return [];
  const result: { field: F; message: string }[] = [];
  for (const detail of error.body.details as unknown[]) {
    if (typeof detail !== "object" || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = path.replace(/^body\./, "") as F;
    if (fields.includes(field) && !result.some((r) => r.field === field)) result.push({ field, message });
  }
  return result;
}
