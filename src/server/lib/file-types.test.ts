import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blankPng,
  CORRUPT_PNG,
  gif,
  jpeg,
  PNG_SIGNATURE,
  png,
  pngChunk,
  pngRaw,
  pngWithBadFilter,
  pngWithBrokenZlib,
  VALID_PNG,
  webp,
} from "../test/images";
import { detectImageType, IMAGE_LIMITS, inspectImage, storedFileName } from "./file-types";

const PALETTE = pngChunk("PLTE", Buffer.from([0, 0, 0, 255, 255, 255]));

function refused(data: Uint8Array, detail?: RegExp) {
  const checked = inspectImage(data);
  expect(checked.ok, JSON.stringify(checked)).toBe(false);
  if (checked.ok) return;
  expect(checked.problem).toBe("damaged");
  if (detail) expect(checked.detail).toMatch(detail);
}

describe("storedFileName", () => {
  it("drops control characters (U+0000 first: PostgreSQL cannot store it), trims, keeps 255 characters", () => {
    expect(storedFileName("lo\u0000go\r\n.png")).toBe("logo.png");
    expect(storedFileName("  photo été.jpg ")).toBe("photo été.jpg");
    expect(storedFileName("\u0000\u0001")).toBeNull();
    expect(storedFileName(undefined)).toBeNull();
    expect(storedFileName("a".repeat(300))?.length).toBe(255);
  });
});

describe("detectImageType", () => {
  it("names the type by the first bytes only, never SVG or HTML", () => {
    expect(detectImageType(VALID_PNG)).toBe("image/png");
    expect(detectImageType(jpeg())).toBe("image/jpeg");
    expect(detectImageType(gif())).toBe("image/gif");
    expect(detectImageType(webp())).toBe("image/webp");
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from("<html></html>"))).toBeNull();
    // The magic bytes alone: a damaged PNG is still named a PNG here (inspectImage refuses it).
    expect(detectImageType(CORRUPT_PNG)).toBe("image/png");
  });
});

describe("inspectImage", () => {
  it("accepts sound images of the four types, with their dimensions", () => {
    expect(inspectImage(VALID_PNG)).toEqual({
      ok: true,
      image: {
        type: "image/png",
        width: 2,
        height: 2,
        png: { bitDepth: 8, colorType: 6, interlaced: false, transparency: false },
        metadata: [],
      },
    });
    expect(inspectImage(jpeg({ width: 20, height: 9 }))).toEqual({
      ok: true,
      image: { type: "image/jpeg", width: 20, height: 9, jpeg: { components: 3 }, metadata: [] },
    });
    // Grey and CMYK: what the logo upload converts and the PDF leaves out reads the components.
    expect(inspectImage(jpeg({ components: 1 }))).toMatchObject({ ok: true, image: { jpeg: { components: 1 } } });
    expect(inspectImage(jpeg({ components: 4 }))).toMatchObject({ ok: true, image: { jpeg: { components: 4 } } });
    expect(inspectImage(gif())).toEqual({ ok: true, image: { type: "image/gif", width: 1, height: 1, metadata: [] } });
    expect(inspectImage(webp())).toEqual({
      ok: true,
      image: { type: "image/webp", width: 3, height: 2, metadata: [] },
    });
    expect(inspectImage(webp({ lossy: true, width: 640, height: 480 }))).toMatchObject({
      ok: true,
      image: { width: 640, height: 480 },
    });
    expect(inspectImage(webp({ extended: true, width: 300, height: 200 }))).toMatchObject({
      ok: true,
      image: { width: 300, height: 200 },
    });
  });

  it("refuses what is none of the four types as a type problem", () => {
    for (const data of [Buffer.from("<svg/>"), Buffer.from("GIF"), Buffer.alloc(0), Buffer.from("%PDF-1.7")]) {
      expect(inspectImage(data)).toMatchObject({ ok: false, problem: "type" });
    }
  });

  describe("PNG", () => {
    it("reads every layout: grey, RGB, palette with transparency, grey + alpha, 16 bits, interlaced", () => {
      const cases = [
        { colorType: 0, bitDepth: 1 },
        { colorType: 0, bitDepth: 16, chunks: [pngChunk("tRNS", Buffer.from([0, 0]))] },
        { colorType: 2, bitDepth: 8 },
        { colorType: 3, bitDepth: 8, chunks: [PALETTE, pngChunk("tRNS", Buffer.from([0]))] },
        { colorType: 3, bitDepth: 2, chunks: [PALETTE] },
        { colorType: 4, bitDepth: 8 },
        { colorType: 6, bitDepth: 16 },
        { colorType: 2, bitDepth: 8, interlaced: true, width: 11, height: 5 },
        { colorType: 0, bitDepth: 1, interlaced: true, width: 3, height: 1 },
      ];
      for (const spec of cases) {
        const checked = inspectImage(png(spec));
        expect(checked, JSON.stringify(spec)).toMatchObject({
          ok: true,
          image: {
            png: {
              colorType: spec.colorType,
              bitDepth: spec.bitDepth,
              interlaced: Boolean(spec.interlaced),
              transparency: Boolean(spec.chunks?.some((c) => c.includes("tRNS"))),
            },
          },
        });
      }
    });

    it("skips ancillary chunks and what follows IEND", () => {
      const withText = png({ chunks: [pngChunk("tEXt", Buffer.from("Software\0Propulse"))] });
      expect(inspectImage(withText).ok).toBe(true);
      expect(inspectImage(Buffer.concat([VALID_PNG, Buffer.from("trailing")])).ok).toBe(true);
    });

    it("names what a PNG carries besides its pixels: texts, EXIF, profiles, private chunks", () => {
      const drawing = ["gAMA", "pHYs", "sRGB"].map((type) => pngChunk(type, Buffer.alloc(4)));
      expect(inspectImage(png({ chunks: drawing }))).toMatchObject({ ok: true, image: { metadata: [] } });
      const carrying = png({
        chunks: [
          pngChunk("tEXt", Buffer.from("Description\0Atelier")),
          pngChunk("eXIf", Buffer.from("MM\0*")),
          pngChunk("iCCP", Buffer.from("sRGB\0\0")),
          pngChunk("tEXt", Buffer.from("Comment\0GPS")),
          pngChunk("prVt", Buffer.from("private")),
        ],
      });
      expect(inspectImage(carrying)).toMatchObject({
        ok: true,
        image: { metadata: ["tEXt", "eXIf", "iCCP", "prVt"] },
      });
    });

    it("refuses the damaged PNG the logo tests used to upload (chunk CRC)", () => {
      refused(CORRUPT_PNG, /CRC mismatch in chunk IDAT/);
    });

    it("refuses image data that does not inflate, or not to the size IHDR implies, or with an unknown filter", () => {
      refused(pngWithBrokenZlib(), /does not inflate/);
      refused(png({ idat: deflateSync(pngRaw({})).subarray(0, 8) }), /does not inflate/);
      refused(png({ width: 3, height: 3, raw: pngRaw({ width: 3, height: 2 }) }), /of 26 bytes, 39 expected/);
      refused(png({ raw: pngRaw({ width: 2, height: 3 }) }), /does not inflate/);
      refused(pngWithBadFilter(), /unknown filter 7/);
      // A 4,000 × 4,000 header over a few bytes of data: refused without inflating 64 MB.
      refused(png({ width: 4000, height: 4000, raw: Buffer.alloc(10) }), /bytes, 64004000 expected/);
    });

    it("refuses a broken structure", () => {
      const ihdrLess = Buffer.concat([PNG_SIGNATURE, pngChunk("IDAT", deflateSync(pngRaw({}))), pngChunk("IEND")]);
      refused(ihdrLess, /IHDR is not the first chunk/);
      refused(VALID_PNG.subarray(0, VALID_PNG.length - 12), /no IEND/);
      refused(png({ colorType: 2, bitDepth: 4 }), /bit depth 4 with colour type 2/);
      refused(png({ colorType: 3 }), /palette image without PLTE/);
      refused(png({ chunks: [pngChunk("ABCD", Buffer.from([1]))] }), /unknown critical chunk ABCD/);
      refused(png({ colorType: 0, chunks: [PALETTE] }), /PLTE in a grey image/);
      refused(png({ colorType: 2, chunks: [pngChunk("tRNS", Buffer.from([0, 0]))] }), /tRNS of the wrong length/);
      const split = Buffer.concat([
        PNG_SIGNATURE,
        png().subarray(8, 33), // IHDR
        pngChunk("IDAT", Buffer.alloc(0)),
        pngChunk("tEXt", Buffer.from("a\0b")),
        pngChunk("IDAT", deflateSync(pngRaw({}))),
        pngChunk("IEND"),
      ]);
      refused(split, /IDAT chunks not consecutive/);
      const huge = Buffer.from(VALID_PNG);
      huge.writeUInt32BE(0xfffffff0, 33); // IDAT's length
      refused(huge, /overruns the file/);
    });

    it("refuses empty and implausible dimensions", () => {
      refused(png({ width: 0, raw: Buffer.alloc(2) }), /implausible dimensions 0×2/);
      refused(png({ width: IMAGE_LIMITS.maxSide + 1, height: 1, raw: Buffer.alloc(1) }), /implausible/);
      refused(png({ width: 5000, height: 5000, raw: Buffer.alloc(1) }), /implausible dimensions 5000×5000/);
    });

    it("refuses beyond a use's bounds from the header, before inflating the image data", () => {
      const bounds = { maxWidth: 2400, maxHeight: 800 };
      expect(inspectImage(blankPng({ width: 2400, height: 800 }), bounds).ok).toBe(true);
      // Its data would not even inflate: the header alone refuses it.
      const garbage = Buffer.from("not zlib");
      refused(png({ width: 4096, height: 4096, bitDepth: 16, idat: garbage }), /does not inflate/);
      expect(inspectImage(png({ width: 4096, height: 4096, bitDepth: 16, idat: garbage }), bounds)).toMatchObject({
        ok: false,
        problem: "damaged",
        detail: "PNG: 4096×4096 beyond 2400×800",
      });
      expect(inspectImage(blankPng({ width: 2401, height: 1 }), bounds)).toMatchObject({ ok: false });
      expect(inspectImage(blankPng({ width: 1, height: 801 }), bounds)).toMatchObject({ ok: false });
      expect(inspectImage(jpeg({ width: 2408, height: 8 }), bounds)).toMatchObject({
        ok: false,
        detail: "image/jpeg: 2408×8 beyond 2400×800",
      });
    });

    it("refuses every truncation and every changed byte of a sound PNG", () => {
      for (let end = 8; end < VALID_PNG.length; end++) refused(VALID_PNG.subarray(0, end));
      for (let at = 8; at < VALID_PNG.length; at++) {
        const changed = Buffer.from(VALID_PNG);
        changed[at] = (changed[at] ?? 0) ^ 0x10;
        refused(changed);
      }
    });
  });

  describe("JPEG", () => {
    it("walks fill bytes, restart markers, several scans and data after EOI", () => {
      const sound = jpeg({ width: 16, height: 16, components: 1, frame: 0xc2 });
      const eoi = sound.length - 2;
      const [, , ...sos] = sound.subarray(sound.indexOf(Buffer.from([0xff, 0xda])), eoi);
      const withMore = Buffer.concat([
        sound.subarray(0, 2),
        Buffer.from([0xff, 0xff]), // fill bytes before a marker
        sound.subarray(2, eoi),
        Buffer.from([0xff, 0xd0, 0x12, 0xff, 0x00, 0x34]), // a restart marker and a stuffed 0xFF
        Buffer.from([0xff, 0xda, ...sos]), // a second scan
        Buffer.from([0xff, 0xd9]),
        Buffer.from("trailer"),
      ]);
      expect(inspectImage(withMore)).toMatchObject({ ok: true, image: { width: 16, height: 16 } });
    });

    it("names what a JPEG carries besides its image: APP1 (EXIF, XMP), APP2 (ICC), APP13 (IPTC), comments", () => {
      const sound = jpeg();
      const segment = (marker: number, body: string) => {
        const head = Buffer.from([0xff, marker, 0, 0]);
        head.writeUInt16BE(body.length + 2, 2);
        return Buffer.concat([head, Buffer.from(body, "latin1")]);
      };
      const adobe = segment(0xee, "Adobe\0\x64\0\0\0\0\x01");
      expect(inspectImage(Buffer.concat([sound.subarray(0, 2), adobe, sound.subarray(2)]))).toMatchObject({
        ok: true,
        image: { metadata: [] },
      });
      const carrying = Buffer.concat([
        sound.subarray(0, 2),
        segment(0xe1, "Exif\0\0MM\0*"),
        segment(0xe2, "ICC_PROFILE\0"),
        segment(0xed, "Photoshop 3.0\0"),
        segment(0xfe, "Atelier secret"),
        sound.subarray(2),
      ]);
      expect(inspectImage(carrying)).toMatchObject({ ok: true, image: { metadata: ["APP1", "APP2", "APP13", "COM"] } });
    });

    it("refuses a truncated file: no EOI", () => {
      const sound = jpeg({ width: 64, height: 64 });
      for (const end of [3, 20, sound.length - 10, sound.length - 2, sound.length - 1]) {
        refused(sound.subarray(0, end));
      }
      refused(sound.subarray(0, sound.length - 2), /truncated scan \(no EOI\)/);
    });

    it("refuses a missing or implausible frame", () => {
      const sound = jpeg();
      const frameAt = sound.indexOf(Buffer.from([0xff, 0xc0]));
      const withoutFrame = Buffer.concat([sound.subarray(0, frameAt), sound.subarray(frameAt + 2 + 17)]);
      refused(withoutFrame, /scan before the frame/);
      refused(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), /EOI before any scan/);
      refused(jpeg({ precision: 12 }), /12-bit samples/);
      refused(jpeg({ components: 2 }), /2 components/);
      refused(jpeg({ frame: 0xc3 }), /unsupported frame type c3/);
      refused(jpeg({ height: 0 }), /empty dimensions/);
      refused(jpeg({ width: 20_000, height: 8 }), /implausible dimensions/);
      const overrun = Buffer.from(sound);
      overrun.writeUInt16BE(0xfff0, 4); // JFIF segment's length
      refused(overrun, /overruns the file/);
    });
  });

  describe("GIF", () => {
    it("reads a file without its trailer when it ends after a whole block", () => {
      expect(inspectImage(gif({ trailer: false })).ok).toBe(true);
    });

    it("refuses truncated blocks, no image, a bad code size or an unknown block", () => {
      const sound = gif();
      refused(sound.subarray(0, sound.length - 3), /truncated/);
      refused(Buffer.concat([sound.subarray(0, 19), Buffer.from([0x3b])]), /no image/);
      const codeSize = Buffer.from(sound);
      codeSize[29] = 12;
      refused(codeSize, /LZW code size 12/);
      refused(Buffer.concat([sound.subarray(0, 19), Buffer.from([0x99, 0x3b])]), /unknown block/);
      refused(gif({ width: 0 }), /empty dimensions/);
    });
  });

  describe("WebP", () => {
    it("refuses a RIFF beyond the file, bad frame headers, or no image", () => {
      const sound = webp({ lossy: true });
      refused(sound.subarray(0, sound.length - 4), /RIFF size beyond the file/);
      const startCode = Buffer.from(sound);
      startCode[23] = 0;
      refused(startCode, /invalid VP8 frame header/);
      const lossless = webp();
      const signature = Buffer.from(lossless);
      signature[20] = 0x2e;
      refused(signature, /invalid VP8L header/);
      const other = Buffer.from(lossless);
      other.write("ICCP", 12, "latin1");
      refused(other, /no image data/);
      refused(webp({ width: 16_383, height: 16_383 }), /implausible dimensions/);
    });
  });

  it("never throws, whatever follows a signature", () => {
    const signatures = [
      PNG_SIGNATURE,
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from("GIF89a"),
      Buffer.from("RIFF\0\0\0\0WEBP"),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 200 }), (signature, rest) => {
        const checked = inspectImage(Buffer.concat([signature, rest]));
        expect(typeof checked.ok).toBe("boolean");
      }),
    );
    // Sound images with some bytes changed: a verdict, never an exception.
    for (const sound of [VALID_PNG, jpeg(), gif(), webp(), webp({ lossy: true, extended: true })]) {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.nat(sound.length - 1), fc.integer({ min: 0, max: 255 }))), (changes) => {
          const data = Buffer.from(sound);
          for (const [at, byte] of changes) data[at] = byte;
          expect(typeof inspectImage(data).ok).toBe("boolean");
        }),
      );
    }
  });
});
