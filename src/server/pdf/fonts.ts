/**
 * Fonts for PDFs: Inter (Latin subset) shipped as WOFF by @fontsource/inter. WOFF is converted once
 * to a plain sfnt (TrueType) and parsed once by fontkit; every document reuses the parsed fonts and
 * only subsets them. Parsing the WOFF in each document cost ~100 ms per font. Shaping a word is
 * the other large cost of a document: each font keeps the words it has shaped.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import { create, type Font } from "fontkit";

const require = createRequire(import.meta.url);

/** WOFF 1.0 → sfnt: inflate each table and write the OpenType table directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF font");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    });
  }
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    header.writeUInt32BE(table.tag, entry);
    header.writeUInt32BE(table.checksum, entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(table.data.length, entry + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

/**
 * Contextual alternates ('calt') are most of Inter's shaping time and change nothing visible in a
 * quote's text: off by default; kerning and ligatures stay.
 */
const FEATURES = { calt: false };

/** Shaped words kept per font (pdfkit lays text out word by word; most words recur across documents). */
const MAX_RUNS_PER_FONT = 20_000;

type GlyphRun = ReturnType<Font["layout"]>;

const NARROW_NBSP = "\u202f";
const THIN_SPACE = "\u2009";
/**
 * The width of a digit group's space per weight, in em: the regular's thin space (0,18 em) reads well;
 * the bold's (0,16 em) between its wider, closer digits did not (issue 32): 0,3 em.
 */
export const NARROW_GAP = { 400: 0.18, 500: 0.22, 700: 0.3 } as const;

function load(weight: 400 | 500 | 700): Font {
  const woff = readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
  const font = create(woffToSfnt(woff)) as Font;
  /**
   * fontkit keeps one object per glyph with the characters of its first request. Subsetting a
   * composed glyph (É = E + accent) requests its parts without characters: once a document had É and
   * no E, every later document's E would be drawn but lost to copy and search (pdfkit maps glyphs to
   * text by those characters). A glyph first made without characters takes them from the first text
   * that uses it.
   */
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.length === 0 && codePoints?.length) glyph.codePoints = codePoints;
    return glyph;
  };
  const layout = font.layout.bind(font);
  /**
   * U+202F (narrow no-break space: French digit groups, src/shared/format.ts) is not in the Latin
   * subset: it is drawn with the thin space's glyph and still reads as U+202F when the text is copied
   * (pdfkit maps each glyph to its `codePoints`). Lines never break there: pdfkit breaks lines on the
   * text before shaping it. The thin space of the bold weight is narrower than the regular's while its
   * digits are wider and closer: « 12 345,00 € » read « 12345,00 € » in the totals (issue 32). The gap
   * is drawn by spacing, NARROW_GAP of an em for the weight (the glyph keeps its own width, pdfkit
   * writes the difference as a position adjustment).
   */
  const thin = font.glyphForCodePoint(THIN_SPACE.codePointAt(0) ?? 0);
  const narrow: typeof thin = Object.create(thin, { codePoints: { value: [NARROW_NBSP.codePointAt(0)] } });
  const gap = Math.max(thin.advanceWidth, Math.round(NARROW_GAP[weight] * font.unitsPerEm));
  const shape = (text: string): GlyphRun => {
    if (!text.includes(NARROW_NBSP) || text.includes(THIN_SPACE)) return layout(text, FEATURES);
    const run = layout(text.replaceAll(NARROW_NBSP, THIN_SPACE), FEATURES);
    run.glyphs = run.glyphs.map((glyph, index) => {
      if (glyph.id !== thin.id) return glyph;
      const position = run.positions[index];
      if (position) position.xAdvance = gap;
      return narrow;
    });
    return run;
  };
  const runs = new Map<string, GlyphRun>();
  font.layout = ((text: string, features?: Parameters<Font["layout"]>[1]) => {
    if (features !== undefined) return layout(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MAX_RUNS_PER_FONT) runs.clear();
      run = shape(text);
      runs.set(text, run);
    }
    // pdfkit scales the positions in place: each caller gets its own copy (glyphs are shared, read only).
    const copy: GlyphRun = Object.create(Object.getPrototypeOf(run));
    return Object.assign(copy, run, { positions: run.positions.map((p) => ({ ...p })) });
  }) as Font["layout"];
  return font;
}

let fonts: { regular: Font; medium: Font; bold: Font } | undefined;

export function documentFonts() {
  fonts ??= { regular: load(400), medium: load(500), bold: load(700) };
  return fonts;
}
