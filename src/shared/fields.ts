import { z } from "zod";
import { isIsoDay } from "./dates";
// Importing it installs the French messages of every issue a schema does not word itself, once for all
// shared schemas (fields.test.ts checks it).
import { VALIDATION_TEXTS } from "./validation";

/** Field schemas shared by the domain schemas: one way to trim, null, paginate and search. */

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const trimmedOrNull = (v: unknown) => (typeof v === "string" ? v.trim() || null : v);

/** An optional value checked by `schema` once trimmed; empty text becomes null (docs/domain/clients.md#rules). */
export function optional<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess(
    trimmedOrNull,
    schema.nullish().transform((v) => v ?? null),
  );
}

function text(max: number, label?: string) {
  const message = label ? `${label} : ${max} caractères au maximum` : `${max} caractères au maximum`;
  return z.string({ error: label ? `${label} invalide` : "Texte invalide" }).max(max, message);
}

/** Optional free text of at most `max` characters. */
export function optionalText(max: number, label?: string) {
  return optional(text(max, label));
}

/**
 * A key that a body replacing a whole resource (PUT) must carry, checked by `schema` after `normalize`.
 * An absent key is refused (« Champ obligatoire ») before `normalize` sees it: a preprocess that turned
 * `undefined` into a value would accept a body the published schema (which describes `schema`, and so
 * marks the key required) refuses, and would overwrite a stored value the body never mentioned.
 */
export function requiredField<T extends z.core.SomeType>(schema: T, normalize: (v: unknown) => unknown = (v) => v) {
  return z.preprocess((v, ctx) => {
    if (v !== undefined) return normalize(v);
    ctx.addIssue({ code: "custom", message: VALIDATION_TEXTS.required, input: v });
    return z.NEVER;
  }, schema);
}

/** A key a whole-resource body must carry: a value checked by `schema` once trimmed, or null / empty text. */
export function clearable<T extends z.ZodType<string>>(schema: T) {
  return requiredField(schema.nullable(), trimmedOrNull);
}

/** Free text of at most `max` characters that a whole-resource body must carry (null or empty: none). */
export function clearableText(max: number, label?: string) {
  return clearable(text(max, label));
}

/** Required text, trimmed: `message` when missing or blank. */
export function requiredText(max: number, message: string, tooLong = `${max} caractères au maximum`) {
  return z.preprocess(trimmed, z.string({ error: message }).min(1, message).max(max, tooLong));
}

/** `value` has at most `digits` decimals (a price 2, a quantity 3). */
export const decimals = (value: number, digits: number) =>
  Math.abs(Math.round(value * 10 ** digits) - value * 10 ** digits) < 1e-6;

export const PHONE_INVALID = "Numéro de téléphone invalide";
export const phoneNumber = () => z.string().regex(/^[0-9+().\s/-]{4,30}$/, PHONE_INVALID);

/** Query parameters of paginated lists. */
export const pageParam = () =>
  z.coerce.number({ error: "Page invalide" }).int("Page invalide").min(1, "Page invalide").default(1);

export const limitParam = (max: number, byDefault: number) =>
  z.coerce
    .number({ error: "Limite invalide" })
    .int("Limite invalide")
    .min(1, "Limite invalide")
    .max(max, `La limite maximale est de ${max}`)
    .default(byDefault);

export const searchParam = () =>
  z
    .string()
    .trim()
    .max(200, "Recherche trop longue")
    .optional()
    .transform((v) => v || undefined);

/** The two directions of a list's order (`order=asc|desc`, docs/architecture.md#office-lists-as-tables). */
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `order=asc|desc`: the direction of the list's `sort`; left out, that sort's own direction (each list
 * says it: names A → Z, dates and amounts highest first…).
 */
export const orderParam = () =>
  z
    .enum(SORT_ORDERS, { error: "Ordre invalide (asc ou desc)" })
    .optional()
    .describe("asc (croissant) ou desc (décroissant) ; absent : l’ordre propre au tri");

const UUID_LIST =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})*$/i;

/**
 * `ids=<uuid>,<uuid>…`: the rows of a table's selection (docs/architecture.md#office-lists-as-tables),
 * `max` at most; another company's ids match nothing. Left out: no such filter.
 */
export const idsParam = (max: number) =>
  z
    .string()
    .regex(UUID_LIST, "Identifiants invalides (des UUID séparés par des virgules)")
    .optional()
    .transform((v) => (v === undefined ? undefined : [...new Set(v.toLowerCase().split(","))]))
    .refine((ids) => ids === undefined || ids.length <= max, `${max} identifiants au plus`);

/**
 * A field holding a real calendar day `yyyy-mm-dd` (isIsoDay), with one message for every fault; the
 * pattern is published (OpenAPI) for clients and the route walk. Its checks abort: a rule chained after
 * it (a Monday, a period) or across fields never reads a text that is no day (docs/domain/api.md#ids-and-dates).
 */
export const isoDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message, abort: true })
    .refine(isIsoDay, { message, abort: true });
