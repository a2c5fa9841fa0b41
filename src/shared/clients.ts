import { z } from "zod";
import { SELECTION_MAX } from "./csv";
import { PREMISES, VAT_RULE_TEXTS } from "./vat-rules";

/** « Logement achevé depuis plus de 2 ans ? »: one of PREMISES, or null (not answered). */
export const premisesField = z.enum(PREMISES, { error: VAT_RULE_TEXTS.premisesInvalid }).nullable();

import {
  CIVILITIES,
  type Civility,
  CLIENT_LIMITS,
  CLIENT_SORT_ORDERS,
  CLIENT_SORTS,
  CLIENT_TEXTS,
  CLIENT_TYPES,
  type ClientSort,
  type ClientType,
  clientDisplayName,
  identityOfType,
  normaliseSiret,
  normaliseVatNumber,
  sirenOf,
  siretIssue,
  vatNumberIssue,
} from "./client-rules";
import {
  clearable,
  clearableText,
  idsParam,
  limitParam,
  optional,
  optionalText,
  orderParam,
  pageParam,
  phoneNumber,
  requiredField,
  requiredText,
  searchParam,
} from "./fields";

export * from "./client-rules";

const clientName = (message: string) => requiredText(200, message, "Le nom\u00a0: 200 caractères au maximum");
const clientEmail = () => z.email({ error: CLIENT_TEXTS.emailInvalid }).max(254, CLIENT_TEXTS.emailInvalid);
const text = (max: number, label: string) =>
  z.string({ error: `${label} invalide` }).max(max, `${label}\u00a0: ${max} caractères au maximum`);

const trimmedOrNull = (v: unknown) => (typeof v === "string" ? v.trim() || null : v);

/**
 * A key a body may leave out: left out it stays undefined (on a PUT: the stored value is kept; on a
 * POST: nothing); null or empty text empties it; a value is checked by `schema` once trimmed.
 */
function keepable<T extends z.ZodType>(schema: T, normalize: (v: unknown) => unknown = trimmedOrNull) {
  return z.preprocess(normalize, schema.nullable().optional());
}

const civilitySchema = z.enum(CIVILITIES, { error: CLIENT_TEXTS.civilityInvalid });
const siretSchema = z.string({ error: CLIENT_TEXTS.siretLength }).superRefine((value, ctx) => {
  const issue = siretIssue(value);
  if (issue) ctx.addIssue({ code: "custom", message: issue, input: value });
});
const vatSchema = z.string({ error: CLIENT_TEXTS.vatFormat }).superRefine((value, ctx) => {
  const issue = vatNumberIssue(value);
  if (issue) ctx.addIssue({ code: "custom", message: issue, input: value });
});
const siretInput = (v: unknown) => (typeof v === "string" ? normaliseSiret(v.trim()) || null : v);
const vatInput = (v: unknown) => (typeof v === "string" ? normaliseVatNumber(v.trim()) || null : v);

/** A contact person of a business, as a body gives it; `id` names one already stored (kept, not made anew). */
export const clientContactInputSchema = z.object({
  id: z.uuid({ error: "Identifiant de contact invalide" }).optional(),
  name: requiredText(150, CLIENT_TEXTS.contactNameRequired, "Le nom du contact\u00a0: 150 caractères au maximum"),
  role: optionalText(100, "Fonction"),
  phone: optional(phoneNumber()),
  email: optional(clientEmail()),
});
export type ClientContactInput = z.output<typeof clientContactInputSchema>;

/** A worksite address, as a body gives it; `id` names one already stored (a quote may point at it). */
export const clientAddressInputSchema = z.object({
  id: z.uuid({ error: "Identifiant d’adresse invalide" }).optional(),
  label: optionalText(100, "Libellé"),
  address: requiredText(300, CLIENT_TEXTS.addressRequired, "Adresse\u00a0: 300 caractères au maximum"),
  postal_code: optionalText(10, "Code postal"),
  city: optionalText(100, "Ville"),
  /**
   * The answer to « Logement achevé depuis plus de 2 ans ? » remembered for this address (ADR 0029);
   * left out, the stored one stays (a quote writes it when saved with this worksite address).
   */
  premises: premisesField.optional(),
});
export type ClientAddressInput = z.output<typeof clientAddressInputSchema>;

/** The fields the spec does not have (ADR 0012): each may be left out of a POST and of a PUT. */
const typedFields = {
  type: z.enum(CLIENT_TYPES, { error: CLIENT_TEXTS.typeInvalid }).optional(),
  civility: keepable(civilitySchema),
  first_name: keepable(text(100, "Prénom")),
  last_name: keepable(text(100, "Nom")),
  company_name: keepable(text(200, "Raison sociale")),
  siret: keepable(siretSchema, siretInput),
  vat_number: keepable(vatSchema, vatInput),
  contacts: z
    .array(clientContactInputSchema, { error: "Liste de contacts invalide" })
    .max(CLIENT_LIMITS.maxContacts, CLIENT_TEXTS.tooManyContacts)
    .optional(),
  addresses: z
    .array(clientAddressInputSchema, { error: "Liste d’adresses invalide" })
    .max(CLIENT_LIMITS.maxAddresses, CLIENT_TEXTS.tooManyAddresses)
    .optional(),
};

/** What a client is once a body is read (docs/domain/clients.md#types): what is stored, its name computed. */
export interface ClientValues {
  type: ClientType;
  name: string;
  civility: Civility | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  siret: string | null;
  vat_number: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  notes: string | null;
  contacts: ClientContactInput[];
  addresses: ClientAddressInput[];
}

type Wording = { nameRequired: string; contactRequired: string };
const SERVICE_WORDING: Wording = {
  nameRequired: CLIENT_TEXTS.nameRequiredService,
  contactRequired: CLIENT_TEXTS.contactRequiredService,
};
const FORM_WORDING: Wording = {
  nameRequired: CLIENT_TEXTS.nameRequiredForm,
  contactRequired: CLIENT_TEXTS.contactRequiredForm,
};

/**
 * The rules across fields of a client (docs/domain/clients.md#rules), on what will be stored: an
 * individual has a last name, a business a raison sociale, every client a phone or an e-mail, and a
 * French VAT number holds the client's SIREN.
 */
export function clientValuesIssues(values: ClientValues, wording: Wording = SERVICE_WORDING) {
  const issues: { path: string; message: string }[] = [];
  if (values.type === "particulier" && !values.last_name) {
    issues.push({ path: "last_name", message: wording.nameRequired });
  }
  if (values.type === "professionnel" && !values.company_name) {
    issues.push({ path: "company_name", message: CLIENT_TEXTS.companyNameRequired });
  }
  if (!values.email && !values.phone) issues.push({ path: "email", message: wording.contactRequired });
  if (values.vat_number) {
    const issue = vatNumberIssue(values.vat_number, sirenOf(values.siret));
    if (issue) issues.push({ path: "vat_number", message: issue });
  }
  return issues;
}

type TypedBody = { [K in keyof typeof typedFields]?: z.output<(typeof typedFields)[K]> };
type SpecBody = {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  notes: string | null;
};

type IdentityKeys = "civility" | "first_name" | "last_name" | "company_name";

/** The identity of `type` a body gives; its `name` when that identity is empty. */
function identityOf(body: Pick<TypedBody, IdentityKeys> & { name: string }, type: ClientType) {
  const pick = <K extends IdentityKeys>(key: K) => body[key] ?? null;
  const identity = identityOfType({
    type,
    civility: pick("civility"),
    first_name: pick("first_name"),
    last_name: pick("last_name"),
    company_name: pick("company_name"),
  });
  // A typed body whose identity is empty takes its name: { type: "professionnel", name: "SARL Dupont" }.
  if (type === "professionnel" && !identity.company_name) identity.company_name = body.name;
  if (type === "particulier" && !identity.civility && !identity.first_name && !identity.last_name) {
    identity.last_name = body.name;
  }
  return identity;
}

/** The fields of the other type are not kept: an individual has no SIRET, VAT number nor contacts. */
function withType(values: Omit<ClientValues, "name">): ClientValues {
  const business = values.type === "professionnel";
  return {
    ...values,
    siret: business ? values.siret : null,
    vat_number: business ? values.vat_number : null,
    contacts: business ? values.contacts : [],
    name: clientDisplayName(values),
  };
}

/**
 * A POST body read into a client (ADR 0012). Without `type` (the spec's body) the client is an
 * individual whose last name is `name`, nothing guessed. With it, the identity is the body's and
 * `name` is computed from it (the one sent serves only when the identity is empty).
 */
export function clientValuesOfCreate(body: SpecBody & TypedBody): ClientValues {
  const type = body.type ?? "particulier";
  const identity = body.type
    ? identityOf(body, type)
    : { type, civility: null, first_name: null, last_name: body.name, company_name: null };
  return withType({
    ...identity,
    siret: body.siret ?? null,
    vat_number: body.vat_number ?? null,
    email: body.email,
    phone: body.phone,
    address: body.address,
    postal_code: body.postal_code,
    city: body.city,
    notes: body.notes,
    contacts: body.contacts ?? [],
    addresses: body.addresses ?? [],
  });
}

/**
 * A PUT body applied to the stored client (ADR 0012). The spec's fields are all in the body; each
 * newer key left out keeps its stored value. Without `type`, `name` is the display name: the same, the
 * identity stays; another, it becomes the individual's whole last name (civility and first name
 * emptied) or the business's raison sociale.
 */
export function clientValuesOfUpdate(current: ClientRecord, body: SpecBody & TypedBody): ClientValues {
  const keep = <K extends keyof TypedBody & keyof ClientRecord>(key: K) =>
    (body[key] === undefined ? current[key] : body[key]) as ClientRecord[K];
  const type = body.type ?? current.type;
  let identity = identityOfType({
    type,
    civility: keep("civility"),
    first_name: keep("first_name"),
    last_name: keep("last_name"),
    company_name: keep("company_name"),
  });
  if (body.type) {
    identity = identityOf({ ...identity, name: body.name }, type);
  } else if (body.name !== clientDisplayName(identity)) {
    identity =
      type === "professionnel"
        ? { ...identity, company_name: body.name }
        : { ...identity, civility: null, first_name: null, last_name: body.name };
  }
  return withType({
    ...identity,
    siret: keep("siret"),
    vat_number: keep("vat_number"),
    email: body.email,
    phone: body.phone,
    address: body.address,
    postal_code: body.postal_code,
    city: body.city,
    notes: body.notes,
    contacts:
      body.contacts ?? current.contacts.map(({ id, name, role, phone, email }) => ({ id, name, role, phone, email })),
    addresses:
      body.addresses ??
      current.addresses.map(({ id, label, address, postal_code, city }) => ({ id, label, address, postal_code, city })),
  });
}

/** POST /api/clients body: the spec's fields (service wordings) and the typed ones. */
export const clientCreateSchema = z
  .object({
    name: clientName(CLIENT_TEXTS.nameRequiredService),
    email: optional(clientEmail()),
    phone: optional(phoneNumber()),
    address: optionalText(300, "Adresse"),
    postal_code: optionalText(10, "Code postal"),
    city: optionalText(100, "Ville"),
    notes: optionalText(5000, "Notes"),
    ...typedFields,
  })
  .superRefine((body, ctx) => {
    for (const issue of clientValuesIssues(clientValuesOfCreate(body))) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path], input: body });
    }
  });

/**
 * PUT /api/clients/:id body: the whole client of the spec — its fields plus is_active, every key
 * required (« Champ obligatoire » when left out, and nothing changes); an optional field is emptied by
 * null or empty text, never by leaving it out (docs/domain/clients.md). The typed fields may be left
 * out (a body written to the spec): each keeps its stored value. The rules across fields are checked
 * by the service on the client as it will be (`clientValuesIssues`), the stored values included.
 */
export const clientUpdateSchema = z
  .object({
    name: clientName(CLIENT_TEXTS.nameRequiredService),
    email: clearable(clientEmail()),
    phone: clearable(phoneNumber()),
    address: clearableText(300, "Adresse"),
    postal_code: clearableText(10, "Code postal"),
    city: clearableText(100, "Ville"),
    notes: clearableText(5000, "Notes"),
    is_active: requiredField(z.boolean({ error: "Statut invalide" })),
    ...typedFields,
  })
  .refine((c) => Boolean(c.email || c.phone), { message: CLIENT_TEXTS.contactRequiredService, path: ["email"] });
export type ClientCreate = z.output<typeof clientCreateSchema>;
/** A POST /api/clients body as written (before its values are trimmed and checked). */
export type ClientCreateBody = z.input<typeof clientCreateSchema>;
export type ClientUpdate = z.output<typeof clientUpdateSchema>;

/**
 * The client form (web), its inputs as text: the type switch decides which identity fields count;
 * the form wordings of docs/domain/clients.md#form. Contacts and worksite addresses are rows of text.
 */
export const clientFormSchema = z
  .object({
    type: z.enum(CLIENT_TYPES, { error: CLIENT_TEXTS.typeInvalid }),
    civility: z.preprocess(trimmedOrNull, civilitySchema.nullable()),
    first_name: optionalText(100, "Prénom"),
    last_name: optionalText(100, "Nom"),
    company_name: optionalText(200, "Raison sociale"),
    siret: z.preprocess(
      siretInput,
      siretSchema.nullish().transform((v) => v ?? null),
    ),
    vat_number: z.preprocess(
      vatInput,
      vatSchema.nullish().transform((v) => v ?? null),
    ),
    email: optional(clientEmail()),
    phone: optional(phoneNumber()),
    address: optionalText(300, "Adresse"),
    postal_code: optionalText(10, "Code postal"),
    city: optionalText(100, "Ville"),
    notes: optionalText(5000, "Notes"),
    is_active: z.boolean().optional(),
    contacts: z.array(clientContactInputSchema).max(CLIENT_LIMITS.maxContacts, CLIENT_TEXTS.tooManyContacts),
    addresses: z.array(clientAddressInputSchema).max(CLIENT_LIMITS.maxAddresses, CLIENT_TEXTS.tooManyAddresses),
  })
  .superRefine((form, ctx) => {
    const identity = identityOfType(form);
    const values = withType({ ...form, ...identity });
    for (const issue of clientValuesIssues(values, FORM_WORDING)) {
      // The SIRET and VAT number of an individual are not kept: nothing to say about them.
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path], input: form });
    }
  });
export type ClientFormInput = z.input<typeof clientFormSchema>;
export type ClientFormValues = z.output<typeof clientFormSchema>;

export const clientContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ClientContact = z.infer<typeof clientContactSchema>;

export const clientAddressSchema = z.object({
  id: z.uuid(),
  label: z.string().nullable(),
  address: z.string(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  /** The last answer to « Logement achevé depuis plus de 2 ans ? » for this address; null: never asked. */
  premises: z.enum(PREMISES).nullable().default(null),
});
export type ClientAddress = z.infer<typeof clientAddressSchema>;

/**
 * A client as the API answers it: the spec's fields (`name` the display name, the address the billing
 * address), then its type, identity, SIRET, VAT number, contacts and worksite addresses (ADR 0012).
 * The newer fields have their defaults so that a screen written to the spec may hold a client
 * without them (`Client`); the API answers them all (`ClientRecord`).
 */
export const clientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  type: z.enum(CLIENT_TYPES).default("particulier"),
  civility: z.enum(CIVILITIES).nullable().default(null),
  first_name: z.string().nullable().default(null),
  last_name: z.string().nullable().default(null),
  company_name: z.string().nullable().default(null),
  siret: z.string().nullable().default(null),
  vat_number: z.string().nullable().default(null),
  contacts: z.array(clientContactSchema).default([]),
  addresses: z.array(clientAddressSchema).default([]),
});
/** A client as the spec's screens hold it: the newer fields may be absent (their defaults). */
export type Client = z.input<typeof clientSchema>;
/** A client as the API answers it, every field there. */
export type ClientRecord = z.output<typeof clientSchema>;

export const clientListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(CLIENT_LIMITS.maxLimit, CLIENT_LIMITS.defaultLimit),
  status: z.enum(["active", "inactive"], { error: "Statut invalide (active ou inactive)" }).optional(),
  search: searchParam(),
  sort: z
    .enum(CLIENT_SORTS, { error: "Tri invalide (name, city ou created_at)" })
    .default("name")
    .describe("name (nom A → Z), city (ville A → Z) ou created_at (plus récents)"),
  order: orderParam(),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

/**
 * GET /api/clients/export: the list's filters (docs/domain/clients.md#csv), and `ids` for a table's
 * selection (docs/domain/clients.md#as-a-table).
 */
export const clientExportQuerySchema = clientListQuerySchema
  .omit({ page: true, limit: true, sort: true, order: true })
  .extend({ ids: idsParam(SELECTION_MAX) });
export type ClientExportQuery = z.output<typeof clientExportQuerySchema>;

/** Counters of the page header, over the whole client book (GET /api/clients/counters). */
export const clientCountersSchema = z.object({ total: z.number(), active: z.number(), with_phone: z.number() });
export type ClientCounters = z.infer<typeof clientCountersSchema>;

export const clientListResponseSchema = z.object({
  data: z.array(clientSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/** Client stats, defined in docs/domain/clients.md#figures. */
export const clientStatsSchema = z.object({
  total_quotes: z.number(),
  quotes_accepted: z.number(),
  /** Sent or followed up, still valid: the quotes the client may yet sign. */
  quotes_pending: z.number(),
  quotes_in_progress: z.number(),
  quotes_expired: z.number(),
  quotes_rejected: z.number(),
  conversion_rate: z.number(),
  /** « CA validé HT »: Σ HT after discount of the validated quotes. */
  validated_amount_ht: z.number(),
  /** « En attente HT »: Σ HT after discount of the pending quotes. */
  pending_amount_ht: z.number(),
  total_revenue: z.number(),
  average_project_value: z.number(),
  last_quote_date: z.string().nullable(),
  last_project_date: z.string().nullable(),
});
export type ClientStats = z.infer<typeof clientStatsSchema>;

export const clientIncludeSchema = z.object({
  include: z
    .string()
    .optional()
    .transform(
      (v) =>
        new Set(
          (v ?? "")
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        ),
    )
    .refine((set) => [...set].every((i) => ["projects", "quotes", "stats"].includes(i)), {
      message: "include accepte projects, quotes et stats",
    }),
});

export const clientRelatedProjectSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  name: z.string(),
  status: z.string(),
  start_date: z.string().nullable(),
});
export const clientRelatedQuoteSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  status: z.string(),
  date: z.string().nullable(),
  total: z.number(),
});

export const clientDetailSchema = clientSchema.extend({
  projects: z.array(clientRelatedProjectSchema).optional(),
  quotes: z.array(clientRelatedQuoteSchema).optional(),
  stats: clientStatsSchema.optional(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export { CLIENT_SORT_ORDERS, CLIENT_SORTS, type ClientSort };
