import { type ClientFormValues, type ClientType, clientDisplayName, identityOfType } from "@shared/clients";
import { fieldErrorsFor, fieldErrorsOf } from "@web/lib/api-errors";

const OPTIONAL_FIELDS = ["email", "phone", "address", "postal_code", "city", "notes"] as const;
const TYPED_FIELDS = ["civility", "first_name", "last_name", "company_name", "siret", "vat_number"] as const;

const contactPayload = (c: ClientFormValues["contacts"][number]) => ({
  ...(c.id ? { id: c.id } : {}),
  name: c.name,
  role: c.role,
  phone: c.phone,
  email: c.email,
});
const addressPayload = (a: ClientFormValues["addresses"][number]) => ({
  ...(a.id ? { id: a.id } : {}),
  label: a.label,
  address: a.address,
  postal_code: a.postal_code,
  city: a.city,
});

/**
 * Body of POST / PUT /api/clients (docs/domain/clients.md#form): the type and the identity of that type
 * (the other type's fields emptied), `name` as the display name it makes. A creation leaves the empty
 * optional values out; an edit is a PUT of the whole client (docs/domain/api.md): every field, null
 * when empty, is_active, the contacts and worksite addresses, so that what the form shows is stored.
 */
export function toClientPayload(values: ClientFormValues, mode: "create" | "edit"): Record<string, unknown> {
  const business = values.type === "professionnel";
  const identity = identityOfType(values);
  const typed: Record<(typeof TYPED_FIELDS)[number], string | null> = {
    ...identity,
    siret: business ? values.siret : null,
    vat_number: business ? values.vat_number : null,
  };
  const payload: Record<string, unknown> = { type: values.type, name: clientDisplayName(identity) };
  for (const key of TYPED_FIELDS) if (mode === "edit" || typed[key] !== null) payload[key] = typed[key];
  for (const key of OPTIONAL_FIELDS) {
    const value = values[key] || null;
    if (mode === "edit" || value !== null) payload[key] = value;
  }
  const contacts = business ? values.contacts.map(contactPayload) : [];
  const addresses = values.addresses.map(addressPayload);
  if (mode === "edit" || contacts.length > 0) payload.contacts = contacts;
  if (mode === "edit" || addresses.length > 0) payload.addresses = addresses;
  // The form always holds the switch; never guessed here (the server refuses a PUT without it).
  if (mode === "edit") payload.is_active = values.is_active;
  return payload;
}

export const CLIENT_FORM_FIELDS = [
  "type",
  "civility",
  "first_name",
  "last_name",
  "company_name",
  "siret",
  "vat_number",
  "email",
  "phone",
  "address",
  "postal_code",
  "city",
  "notes",
  "is_active",
] as const;
export type ClientFormField = (typeof CLIENT_FORM_FIELDS)[number];
/** A field of the form, a contact's or a worksite address's included (`contacts.0.email`). */
export type ClientFormPath = ClientFormField | `contacts.${number}.${string}` | `addresses.${number}.${string}`;

/**
 * The server's validation details ({path, message}) that name a field of the form, first one per
 * field: `name` (the display name) is the last name of an individual, the raison sociale of a business.
 */
export function fieldErrorsFrom(
  error: unknown,
  type: ClientType = "particulier",
): { field: ClientFormPath; message: string }[] {
  const nameField = type === "professionnel" ? "company_name" : "last_name";
  const result: { field: ClientFormPath; message: string }[] = fieldErrorsFor(error, CLIENT_FORM_FIELDS);
  for (const { path, message } of fieldErrorsOf(error)) {
    const field =
      path === "name" ? nameField : /^(contacts|addresses)\.\d+\.\w+$/.test(path) ? (path as ClientFormPath) : null;
    if (field && !result.some((r) => r.field === field)) result.push({ field, message });
  }
  return result;
}
