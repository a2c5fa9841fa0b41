import type { ErrorResponse } from "@shared/errors";
import type { BlockingDocument } from "@shared/http";
import { toast } from "@web/lib/toast";
import { isApiError } from "./api-client";
import { navigateInApp } from "./app-navigation";
import { paths } from "./paths";

/**
 * The error and feedback pipeline of the SPA (src/web/README.md, « Errors and feedback »): what a failed request says
 * to the user. The server always answers a French `{ error, message, code, details? }`
 * (ErrorResponse); these helpers read it, never re-word it.
 */

/** A field error of a validation answer: `path` as the server wrote it (`items.0.unit`), its message. */
export type FieldError = NonNullable<ErrorResponse["details"]>[number];

/**
 * The server's own French message, to show under a failure toast; nothing when there is no useful
 * text (the toast title already says what failed). The client's fallback « Error 502: Bad Gateway »
 * is not French: left out.
 */
export function errorDescription(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const message = error.message.trim();
  return message && !/^Error \d+/.test(message) ? message : undefined;
}

/**
 * The `details` of a validation answer, checked item by item, each path written as a form path
 * (`items.0.unit`: a leading `body.` and `[0]` indexes are normalised). The form maps them to its fields.
 */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || !Array.isArray(error.body?.details)) return [];
  return (error.body.details as unknown[]).flatMap((detail) => {
    if (typeof detail !== "object" || detail === null) return [];
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") return [];
    return [
      {
        path: path
          .replace(/^body[./]/, "")
          .replace(/\[(\d+)\]/g, ".$1")
          .replace(/\//g, "."),
        message,
      },
    ];
  });
}

/**
 * The field errors that name one of a form's `fields`, first one per field, in the server's order (the
 * form focuses the first): `fieldErrorsFor(error, CLIENT_FORM_FIELDS).forEach(… setError …)`.
 */
export function fieldErrorsFor<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string }[] {
  const result: { field: F; message: string }[] = [];
  for (const { path, message } of fieldErrorsOf(error)) {
    const field = path as F;
    if (fields.includes(field) && !result.some((r) => r.field === field)) result.push({ field, message });
  }
  return result;
}

/** Under a failure toast or in a failed panel when the server gave no usable reason. */
export const GENERIC_ERROR_MESSAGE = "Une erreur est survenue";

/**
 * The one failure toast: what failed as the title (« Erreur lors de la suppression »), the server's
 * reason under it, else `fallback` if given (the spec's « Erreur : {message} » texts are this title
 * and this reason).
 */
export function toastFailure(title: string, error: unknown, fallback?: string) {
  const description = errorDescription(error) ?? fallback;
  const document = blockingDocumentOf(error);
  // A refusal because of another document links to it (« Ce devis a déjà sa facture de solde » → « Voir FAC-… »).
  const action = document
    ? { label: ERROR_LINK_TEXTS.open(document.reference), onClick: () => navigateInApp(documentPath(document)) }
    : undefined;
  if (description) toast.error(title, action ? { description, action } : { description });
  else if (action) toast.error(title, { action });
  else toast.error(title);
}

const ERROR_LINK_TEXTS = {
  /** The link to the document in the way of a refused change. */
  open: (reference: string) => `Voir ${reference}`,
} as const;

/** The document a 409 names as in the way (its `document`, docs/domain/api.md#errors), checked. */
export function blockingDocumentOf(error: unknown): BlockingDocument | undefined {
  if (!isApiError(error)) return undefined;
  const value = (error.body as { document?: unknown } | undefined)?.document;
  if (typeof value !== "object" || value === null) return undefined;
  const { type, id, reference } = value as Record<string, unknown>;
  if (type !== "invoice" || typeof id !== "string" || typeof reference !== "string") return undefined;
  return { type, id, reference };
}

/** Where the document in the way is shown. */
function documentPath(document: BlockingDocument): string {
  return paths.invoice(document.id);
}

/** The one success toast: what was done (the spec's text), optionally a detail under it. */
export function toastSuccess(title: string, description?: string) {
  if (description) toast.success(title, { description });
  else toast.success(title);
}
