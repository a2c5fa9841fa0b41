import { describe, expect, it } from "vitest";
import { z } from "zod";
import { frenchIssueMessage, VALIDATION_TEXTS } from "./validation";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

/** The messages zod gives for `input` against `schema` (the map is installed by importing it). */
function messages(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(input)}`);
  return result.error.issues.map((issue) => issue.message);
}
const message = (schema: z.ZodType, input: unknown) => messages(schema, input)[0];

describe("French validation messages", () => {
  it("is the global error map once this module is loaded", () => {
    expect(z.config().customError).toBe(frenchIssueMessage);
  });

  it("says which type was expected and, in words, which one came", () => {
    expect(message(z.string(), 12)).toBe(`Un texte est attendu (reçu${NBSP}: un nombre)`);
    expect(message(z.number(), "12")).toBe(`Un nombre est attendu (reçu${NBSP}: un texte)`);
    expect(message(z.number().int(), 2.5)).toBe(`Un nombre entier est attendu (reçu${NBSP}: un nombre)`);
    expect(message(z.boolean(), "oui")).toBe(
      `Une valeur booléenne (true ou false) est attendue (reçu${NBSP}: un texte)`,
    );
    expect(message(z.array(z.string()), {})).toBe(`Une liste est attendue (reçu${NBSP}: un objet)`);
    expect(message(z.object({}), null)).toBe(`Un objet est attendu (reçu${NBSP}: null)`);
    expect(message(z.object({}), [])).toBe(`Un objet est attendu (reçu${NBSP}: une liste)`);
    expect(message(z.coerce.number(), "abc")).toBe("Un nombre est attendu");
  });

  it("calls a missing key a missing field", () => {
    expect(messages(z.object({ name: z.string(), items: z.array(z.string()) }), {})).toEqual([
      VALIDATION_TEXTS.required,
      VALIDATION_TEXTS.required,
    ]);
  });

  it("words sizes and bounds, with French plurals and number formatting", () => {
    expect(message(z.string().max(200), "x".repeat(201))).toBe("200 caractères au maximum");
    expect(message(z.string().max(1), "xy")).toBe("1 caractère au maximum");
    expect(message(z.string().min(3), "xy")).toBe("3 caractères au minimum");
    expect(message(z.string().min(1), "")).toBe("Ce champ ne peut pas être vide");
    expect(message(z.array(z.number()).max(500), Array(501).fill(1))).toBe("500 éléments au maximum");
    expect(message(z.array(z.number()).min(1), [])).toBe("Au moins un élément est requis");
    expect(message(z.number().max(10_000), 10_001)).toBe(`La valeur doit être inférieure ou égale à 10${NNBSP}000`);
    expect(message(z.number().lt(5), 5)).toBe("La valeur doit être inférieure à 5");
    expect(message(z.number().min(0.01), 0)).toBe("La valeur doit être supérieure ou égale à 0,01");
    expect(message(z.number().positive(), 0)).toBe("La valeur doit être supérieure à 0");
    expect(message(z.number().multipleOf(5), 7)).toBe("La valeur doit être un multiple de 5");
  });

  it("words formats without showing a regular expression", () => {
    expect(message(z.email(), "pas-un-mail")).toBe("Adresse e-mail invalide");
    expect(message(z.uuid(), "12")).toBe("Identifiant invalide");
    expect(message(z.iso.date(), "01/05/2026")).toBe(`Date invalide (format attendu${NBSP}: AAAA-MM-JJ)`);
    expect(message(z.string().regex(/^\d{5}$/), "abc")).toBe("Format invalide");
    expect(message(z.string().startsWith("FR"), "BE1")).toBe(`Le texte doit commencer par «${NBSP}FR${NBSP}»`);
  });

  it("lists allowed values and unknown keys between French quotation marks", () => {
    expect(message(z.enum(["active", "inactive"]), "tous")).toBe(
      `Valeur non autorisée (valeurs possibles${NBSP}: «${NBSP}active${NBSP}», «${NBSP}inactive${NBSP}»)`,
    );
    expect(message(z.literal(3), 4)).toBe(`Valeur attendue${NBSP}: 3`);
    expect(message(z.strictObject({ a: z.string() }), { a: "x", b: 1 })).toBe(
      `Champ inconnu${NBSP}: «${NBSP}b${NBSP}»`,
    );
    expect(message(z.strictObject({}), { b: 1, c: 2 })).toBe(
      `Champs inconnus${NBSP}: «${NBSP}b${NBSP}», «${NBSP}c${NBSP}»`,
    );
    expect(message(z.union([z.string(), z.number()]), true)).toBe(VALIDATION_TEXTS.invalid);
    expect(
      message(
        z.string().refine(() => false),
        "x",
      ),
    ).toBe(VALIDATION_TEXTS.invalid);
  });

  it("never overrides a message the schema gives itself", () => {
    expect(message(z.string({ error: "Le nom est obligatoire" }), undefined)).toBe("Le nom est obligatoire");
    expect(message(z.string().max(3, "Trop long"), "abcd")).toBe("Trop long");
  });

  it("never answers in English", () => {
    const cases: [z.ZodType, unknown][] = [
      [z.string(), Symbol("s")],
      [z.date(), "2026"],
      [z.bigint(), 1],
      [z.map(z.string(), z.string()), {}],
      [z.set(z.string()).max(1), new Set(["a", "b"])],
      [z.record(z.enum(["a"]), z.string()), { b: "x" }],
      [z.tuple([z.string()]), ["a", "b"]],
      [z.iso.datetime(), "hier"],
      [z.url(), "pas une adresse"],
      [z.never(), 1],
    ];
    for (const [schema, input] of cases) {
      for (const text of messages(schema, input))
        expect(text).not.toMatch(/\b(invalid|expected|received|too|input)\b/i);
    }
  });
});
