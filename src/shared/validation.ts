import { config, type z } from "zod";
import { formatNumber } from "./format";

/**
 * French messages for every validation issue a schema does not word itself (a wrong type, a missing
 * key, a text too long…). Installed once, globally, when this module is first evaluated: `fields.ts`
 * imports it, and every shared schema is built from `fields.ts`, so the forms (web), the API
 * (server, including the route parameters declared in the route files) and the tests all get the
 * same messages. A message a schema gives itself (`{ error: … }`, `.min(1, "…")`) always wins.
 *
 * zod 4 ships a French locale (`z.locales.fr()`), but its sentences are not ours: agreement errors
 * (« chaîne de caractères attendu »), symbols instead of words (« doit avoir <=200 caractères »), the
 * raw regular expression of a pattern, « null reçu ». Hence this map.
 */

const NBSP = "\u00a0";
const quoted = (text: string) => `«${NBSP}${text}${NBSP}»`;
const number = (n: number | bigint) => formatNumber(Number(n));
const plural = (n: number | bigint, one: string, many: string) => `${number(n)} ${Number(n) > 1 ? many : one}`;

export const VALIDATION_TEXTS = {
  required: "Champ obligatoire",
  invalid: "Valeur invalide",
} as const;

/** What was expected, as a sentence start (« Un texte est attendu »). */
const EXPECTED: Record<string, string> = {
  string: "Un texte est attendu",
  number: "Un nombre est attendu",
  int: "Un nombre entier est attendu",
  bigint: "Un nombre entier est attendu",
  boolean: "Une valeur booléenne (true ou false) est attendue",
  array: "Une liste est attendue",
  tuple: "Une liste est attendue",
  object: "Un objet est attendu",
  record: "Un objet est attendu",
  date: "Une date est attendue",
  null: "La valeur null est attendue",
  file: "Un fichier est attendu",
};

/** What was received, in words (never the value itself: it may be long or private). */
function received(input: unknown): string | undefined {
  if (input === null) return "null";
  if (Array.isArray(input)) return "une liste";
  switch (typeof input) {
    case "string":
      return "un texte";
    case "number":
      return Number.isNaN(input) ? undefined : "un nombre";
    case "bigint":
      return "un nombre";
    case "boolean":
      return "une valeur booléenne";
    case "object":
      return "un objet";
    default:
      return undefined;
  }
}

const FORMATS: Record<string, string> = {
  email: "Adresse e-mail invalide",
  url: "Adresse web invalide",
  uuid: "Identifiant invalide",
  uuidv4: "Identifiant invalide",
  uuidv6: "Identifiant invalide",
  uuidv7: "Identifiant invalide",
  guid: "Identifiant invalide",
  date: `Date invalide (format attendu${NBSP}: AAAA-MM-JJ)`,
  datetime: "Date et heure invalides (format ISO 8601 attendu)",
  time: `Heure invalide (format attendu${NBSP}: HH:MM)`,
  e164: "Numéro de téléphone invalide",
};

function value(v: unknown): string {
  return typeof v === "string" ? quoted(v) : String(v);
}

/** The French message of one zod issue (zod's `customError` signature). */
export function frenchIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.expected === "nonoptional") return VALIDATION_TEXTS.required;
      const expected = EXPECTED[issue.expected];
      if (!expected) return VALIDATION_TEXTS.invalid;
      const got = received(issue.input);
      return got ? `${expected} (reçu${NBSP}: ${got})` : expected;
    }
    case "too_big": {
      const max = issue.maximum;
      switch (issue.origin) {
        case "string":
          return `${plural(max, "caractère", "caractères")} au maximum`;
        case "array":
        case "set":
          return `${plural(max, "élément", "éléments")} au maximum`;
        case "file":
          return `Le fichier ne doit pas dépasser ${plural(max, "octet", "octets")}`;
        case "number":
        case "int":
        case "bigint":
          return issue.inclusive
            ? `La valeur doit être inférieure ou égale à ${number(max)}`
            : `La valeur doit être inférieure à ${number(max)}`;
        default:
          return VALIDATION_TEXTS.invalid;
      }
    }
    case "too_small": {
      const min = issue.minimum;
      switch (issue.origin) {
        case "string":
          return Number(min) <= 1
            ? "Ce champ ne peut pas être vide"
            : `${plural(min, "caractère", "caractères")} au minimum`;
        case "array":
        case "set":
          return Number(min) <= 1
            ? "Au moins un élément est requis"
            : `${plural(min, "élément", "éléments")} au minimum`;
        case "file":
          return "Le fichier est vide";
        case "number":
        case "int":
        case "bigint":
          return issue.inclusive
            ? `La valeur doit être supérieure ou égale à ${number(min)}`
            : `La valeur doit être supérieure à ${number(min)}`;
        default:
          return VALIDATION_TEXTS.invalid;
      }
    }
    case "invalid_format": {
      if (issue.format === "starts_with" && "prefix" in issue)
        return `Le texte doit commencer par ${quoted(String(issue.prefix))}`;
      if (issue.format === "ends_with" && "suffix" in issue)
        return `Le texte doit se terminer par ${quoted(String(issue.suffix))}`;
      if (issue.format === "includes" && "includes" in issue)
        return `Le texte doit contenir ${quoted(String(issue.includes))}`;
      return FORMATS[issue.format] ?? "Format invalide";
    }
    case "not_multiple_of":
      return `La valeur doit être un multiple de ${number(issue.divisor)}`;
    case "unrecognized_keys":
      return issue.keys.length > 1
        ? `Champs inconnus${NBSP}: ${issue.keys.map(quoted).join(", ")}`
        : `Champ inconnu${NBSP}: ${quoted(issue.keys[0] ?? "")}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `Valeur attendue${NBSP}: ${value(issue.values[0])}`
        : `Valeur non autorisée (valeurs possibles${NBSP}: ${issue.values.map(value).join(", ")})`;
    case "invalid_key":
      return "Clé invalide";
    case "invalid_element":
      return "Élément invalide";
    default:
      return VALIDATION_TEXTS.invalid;
  }
}

// jitless: zod never probes `new Function` (an eval the CSP refuses and Lighthouse reports as an error).
// `config`, not `z.config`: the web build treats `z.*` calls as pure (vite.config.ts) and dropped this one.
config({ customError: frenchIssueMessage, jitless: true });
