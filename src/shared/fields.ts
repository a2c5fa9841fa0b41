import { z } from "zod";
// French messages for every issue a schema does not word itself, installed once for all shared schemas.
import "./validation";

/** Field schemas shared by the domain schemas: one way to trim, null, paginate and search. */

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const trimmedOrNull = (v: unknown) => (typeof v === "string" ? v.trim() || null : v);

/** An optional value checked by `schema` once trimmed; empty text becomes null (spec 1 §5). */
export function optional<T extends z.ZodType<string>>(schema: T) {
  return z.preprocess(
    trimmedOrNull,
    schema.nullish().transform((v) => v ?? null),
  );
}

/** Optional free text of at most `max` characters. */
export function optionalText(max: number, label?: string) {
  const message = label ? `${label} : ${max} caractères au maximum` : `${max} caractères au maximum`;
  return optional(z.string({ error: label ? `${label} invalide` : "Texte invalide" }).max(max, message));
}

/** Required text, trimmed: `message` when missing or blank. */
export function requiredText(max: number, message: string, tooLong = `${max} caractères au maximum`) {
  return z.preprocess(trimmed, z.string({ error: message }).min(1, message).max(max, tooLong));
}

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
