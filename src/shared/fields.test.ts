import { describe, expect, it } from "vitest";
// Only a domain schema is imported here: its messages must be French without anyone installing anything.
import { clientCreateSchema } from "./clients";

describe("shared field schemas", () => {
  it("bring the French validation messages with them (forms, API and tests alike)", () => {
    const result = clientCreateSchema.safeParse({ name: "Dupont", phone: 612345678 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: ["phone"], message: "Un texte est attendu (reçu\u00a0: un nombre)" },
    ]);
  });
});
