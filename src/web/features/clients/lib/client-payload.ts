import type { ClientFormValues } from "../../../../shared/clients";
import { isApiError } from "../../../lib/api-client";

/** Body of POST / PUT /api/clients: null or empty optional values are omitted (spec 1 §5). */
export function toClientPayload(values: ClientFormValues, mode: "create" | "edit"): Record<string, unknown> {
  const payload: Record<string, unknown> = { name: values.name };
  for (const key of ["email", "phone", "address", "postal_code", "city", "notes"] as const) {
    const value = values[key];
    if (value !== null && value !== "") payload[key] = value;
  }
  if (mode === "edit" && values.is_active !== undefined) payload.is_active = values.is_active;
  return payload;
}

export const CLIENT_FORM_FIELDS = [
  "name",
  "email",
  "phone",
  "address",
  "postal_code",
  "city",
  "notes",
  "is_active",
] as const;
export type ClientFormField = (typeof CLIENT_FORM_FIELDS)[number];

/** The server's validation details ({path, message}) that name a field of the form. */
export function fieldErrorsFrom(error: unknown): { field: ClientFormField; message: string }[] {
  if (!isApiError(error) || !Array.isArray(error.body?.details)) return [];
  const result: { field: ClientFormField; message: string }[] = [];
  for (const detail of error.body.details as unknown[]) {
    if (typeof detail !== "object" || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = path.replace(/^body\./, "") as ClientFormField;
    if ((CLIENT_FORM_FIELDS as readonly string[]).includes(field) && !result.some((r) => r.field === field)) {
      result.push({ field, message });
    }
  }
  return result;
}
