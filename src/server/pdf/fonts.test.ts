import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import { documentFonts, woffToSfnt } from "./fonts";

const require = createRequire(import.meta.url);

describe("PDF fonts", () => {
  // First in the file: no earlier test has shaped E in bold.
  it("lets text read a glyph that a document first used as a part of another (copy and search)", () => {
    const { bold } = documentFonts();
    const [accented] = bold.layout("É").glyphs;
    if (!accented) throw new Error("no glyph for É");
    // Embedding É (composed of E and an accent) brings E into the font without characters.
    const subset = bold.createSubset();
    subset.includeGlyph(accented);
    subset.encode();
    expect(bold.layout("E").glyphs.map((glyph) => glyph.codePoints)).toEqual([[0x45]]);
  });

  it("draws the narrow no-break space of French digit groups, and it reads as one", () => {
    const { regular } = documentFonts();
    const run = regular.layout("1\u202f234");
    const space = run.glyphs[1];
    expect(space?.id).not.toBe(0); // not the missing-glyph box
    expect(space?.id).toBe(regular.glyphForCodePoint(0x2009).id);
    expect(space?.codePoints).toEqual([0x202f]);
    expect(run.glyphs.map((glyph) => glyph.codePoints)).toEqual([[0x31], [0x202f], [0x32], [0x33], [0x34]]);
  });

  it("leaves a visible gap between digit groups in bold amounts, as wide as the regular's in proportion (issue 32)", () => {
    const { regular, medium, bold } = documentFonts();
    const gap = (font: typeof bold) => {
      const run = font.layout("14\u202f814,00");
      const index = run.glyphs.findIndex((glyph) => glyph.codePoints[0] === 0x202f);
      return (run.positions[index]?.xAdvance ?? 0) / font.unitsPerEm;
    };
    // The bold's own thin space is 0,16 em: between its digits « 14 814 » read « 14814 ».
    expect(bold.glyphForCodePoint(0x2009).advanceWidth / bold.unitsPerEm).toBeLessThan(0.16);
    expect(gap(bold)).toBeCloseTo(0.3, 2);
    expect(gap(medium)).toBeCloseTo(0.22, 2);
    expect(gap(regular)).toBeCloseTo(regular.glyphForCodePoint(0x2009).advanceWidth / regular.unitsPerEm, 2);
    // The run's width counts the gap: right-aligned amounts end at their column's edge.
    const run = bold.layout("14\u202f814,00");
    expect(run.advanceWidth).toBe(run.positions.reduce((sum, p) => sum + p.xAdvance, 0));
  });

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
