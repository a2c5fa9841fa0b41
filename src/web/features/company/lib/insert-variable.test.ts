import { describe, expect, it } from "vitest";
import { insertAt } from "./insert-variable";

describe("insertAt", () => {
  it("puts the variable at the cursor, in place of a selection, or at the end", () => {
    expect(insertAt("Bonjour ,", "{client}", 8, 8)).toEqual({ text: "Bonjour {client},", cursor: 16 });
    expect(insertAt("Devis XXX", "{reference}", 6, 9)).toEqual({ text: "Devis {reference}", cursor: 17 });
    expect(insertAt("Merci", " {entreprise}", null, null)).toEqual({ text: "Merci {entreprise}", cursor: 18 });
    expect(insertAt("abc", "{x}", 10, 12)).toEqual({ text: "abc{x}", cursor: 6 });
  });
});
