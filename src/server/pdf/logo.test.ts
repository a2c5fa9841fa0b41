import { PDFParse } from "pdf-parse";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CORRUPT_PNG,
  gif,
  jpeg,
  png,
  pngChunk,
  pngWithBadFilter,
  pngWithBrokenZlib,
  VALID_PNG,
  webp,
} from "../test/images";
import { type RenderLog, renderCommercialDocument } from "./document";
import type { CommercialDocument } from "./model";

const document = (logo: Buffer): CommercialDocument => ({
  title: "Devis",
  reference: "DEV-2026-0007",
  subject: "Rénovation",
  company: { name: "Durand Logo", lines: ["69003 Lyon"], legal: [], logo },
  parts: [{ kind: "header", facts: [["Date", "20/11/2026"]] }],
  footer: "Durand Logo",
});

/** Rendering, or a failure after 10 s: a document waiting for an image that never decodes never ends. */
async function render(logo: Buffer) {
  const warnings: { details: object; message: string }[] = [];
  const log: RenderLog = { warn: (details, message) => warnings.push({ details, message }) };
  let timer: NodeJS.Timeout | undefined;
  const never = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the PDF never ended")), 10_000);
  });
  try {
    const pdf = await Promise.race([renderCommercialDocument(document(logo), log), never]);
    return { pdf, warnings };
  } finally {
    clearTimeout(timer);
  }
}

async function text(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const images = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;

// pdfkit decodes some PNGs in a zlib callback: what throws there is an uncaught exception, which
// stops the server. Each test checks that none happened, once the event loop has run its callbacks.
let uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
beforeEach(() => {
  uncaught = [];
  process.on("uncaughtException", onUncaught);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off("uncaughtException", onUncaught);
  expect(uncaught).toEqual([]);
});

describe("the logo of a document", () => {
  it.each([
    ["the damaged PNG with alpha once accepted at upload (CRC, zlib)", CORRUPT_PNG, /CRC mismatch/],
    ["a PNG with alpha whose zlib stream is damaged, every CRC right", pngWithBrokenZlib(), /does not inflate/],
    ["a PNG with alpha whose rows hold an unknown filter", pngWithBadFilter(), /unknown filter/],
    [
      "a sound 1-bit interlaced PNG (png-js throws on it)",
      // Three rows (passes 1, 4 and 6), each a filter byte and one pixel: white.
      png({
        colorType: 0,
        bitDepth: 1,
        interlaced: true,
        width: 3,
        height: 1,
        raw: Buffer.from([0, 0x80, 0, 0x80, 0, 0x80]),
      }),
      /1-bit interlaced/,
    ],
    ["a GIF (pdfkit embeds JPEG and PNG only)", gif(), /image\/gif: not embeddable/],
    ["a WebP", webp(), /image\/webp: not embeddable/],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /not a JPEG, PNG, WebP or GIF/],
  ])("is left out when it cannot be printed: %s", async (_name, logo, reason) => {
    const { pdf, warnings } = await render(logo);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.subarray(-6).toString()).toContain("%%EOF");
    expect(images(pdf)).toBe(0);
    expect(await text(pdf)).toContain("Durand Logo");
    expect(warnings).toEqual([
      {
        message: "logo left out of the document",
        details: { logo: { bytes: logo.length, reason: expect.stringMatching(reason) } },
      },
    ]);
    // The warning names why, never the image's bytes.
    expect(JSON.stringify(warnings).length).toBeLessThan(300);
  });

  it.each([
    ["a PNG with alpha (decoded by pdfkit, drawn with its soft mask)", VALID_PNG, 2],
    [
      "a palette PNG with transparency",
      png({
        colorType: 3,
        chunks: [pngChunk("PLTE", Buffer.from([0, 0, 0, 255, 255, 255])), pngChunk("tRNS", Buffer.from([0]))],
      }),
      2,
    ],
    ["an interlaced RGB PNG", png({ colorType: 2, interlaced: true, width: 9, height: 9 }), 1],
    ["a 1-bit grey PNG, not interlaced (copied as it is)", png({ colorType: 0, bitDepth: 1, width: 9 }), 1],
    ["a JPEG", jpeg(), 1],
  ])("is drawn when sound: %s", async (_name, logo, imageObjects) => {
    const { pdf, warnings } = await render(logo);
    expect(warnings).toEqual([]);
    // The image, and its transparency as a second image (SMask) when it has some.
    expect(images(pdf)).toBe(imageObjects);
    expect(pdf.toString("latin1").includes("/SMask")).toBe(imageObjects === 2);
  });
});
