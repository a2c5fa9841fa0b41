import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import { documentFonts, woffToSfnt } from "./fonts";

const require = createRequire(import.meta.url);

describe("PDF fonts", () => {
  it("converts WOFF to a TrueType font with the same glyphs", () => {
    const woff = readFileSync(require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const fromWoff = create(woff) as import("fontkit").Font;
    const fromSfnt = create(sfnt) as import("fontkit").Font;
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    for (const char of "Devis reçu 1 234,56 € – œ à É")
      expect(fromSfnt.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)).toBe(true);
  });

  it("parses each weight once for every document", () => {
    expect(documentFonts()).toBe(documentFonts());
    expect(() => woffToSfnt(Buffer.from("not a font at all"))).toThrow(/WOFF/);
  });
});
