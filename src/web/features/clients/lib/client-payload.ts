import type { ClientFormValues } from "@shared/clients";
import { isApiError } from "@web/lib/api-client";

const OPTIONAL_FIELDS = ["email", "phone", "address", "postal_code", "city", "notes"] as const;

/**
 * Body of POST / PUT /api/clients (docs/domain/clients.md#form). A creation leaves the empty optional values out; an
 * edit is a PUT of the whole client (docs/domain/api.md): every field, null when empty, and is_active,
 * so that what the form shows is what is stored.
 */
export function toClientPayload(values: ClientFormValues, mode: "create" | "edit"): Record<string, unknown> {
  const payload: Record<string, unknown> = { name: values.name };
  for (const key of OPTIONAL_FIELDS) {
    const value = values[key] || null;
    if (mode === "edit" || value !== null) payload[key] = value;
  }
  // The form always holds the switch; never guessed here (the server refuses a PUT without it).
  if (mode === "edit") payload.is_active = values.is_active;
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
