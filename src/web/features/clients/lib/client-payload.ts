import type { ClientFormValues } from "@shared/clients";
import { fieldErrorsFor } from "@web/lib/api-errors";

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
  return fieldErrorsFor(error, CLIENT_FORM_FIELDS);
}
