import { crc32, inflateSync } from "node:zlib";

/** Image types accepted for uploads, recognised by their content (never by name or header). */
export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** The type announced by the first bytes (magic numbers) only; `inspectImage` checks the rest. */
export function detectImageType(data: Uint8Array): ImageType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39) && data[5] === 0x61)
    return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/**
 * An upload's file name as stored: without control characters (U+0000, which PostgreSQL's text cannot
 * hold, line breaks…), trimmed, 255 characters at most; none when nothing is left. Only informative
 * (never a path), so it is cleaned rather than refused (docs/domain/api.md#text).
 */
export function storedFileName(name: string | null | undefined): string | null {
  const kept = [...(name ?? "")].filter((c) => {
    const code = c.charCodeAt(0);
    return code > 0x1f && code !== 0x7f;
  });
  const clean = kept.join("").trim().slice(0, 255);
  return clean || null;
}

/**
 * The largest image taken: 16,384 pixels a side and 16.7 million pixels (a 4,096 × 4,096 square). A
 * larger one is no logo; it bounds what checking (and drawing) a PNG inflates: 128 MiB at most.
 */
export const IMAGE_LIMITS = { maxSide: 16_384, maxPixels: 4_096 * 4_096 } as const;

/**
 * Tighter bounds a use may set (a signature: what the page's pad draws). They are checked on the header,
 * before a PNG's image data is inflated: an image beyond them costs nothing to refuse.
 */
export interface ImageBounds {
  maxWidth: number;
  maxHeight: number;
}

/** What the PDF renderer needs of a PNG: pdfkit decodes some of them itself (`pdf/logo.ts`). */
export interface PngLayout {
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colorType: number;
  interlaced: boolean;
  /** A tRNS chunk (a transparent colour, or an alpha per palette entry). */
  transparency: boolean;
}

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
  /** PNG only. */
  png?: PngLayout;
  /** JPEG only: 1 grey, 3 YCbCr (or RGB), 4 CMYK (or YCCK). */
  jpeg?: { components: number };
  /**
   * What a PNG or a JPEG carries besides its pixels, by chunk type or marker: EXIF (a GPS position, a
   * description, the camera), XMP, IPTC, texts, comments, colour profiles, private chunks — e.g.
   * `["eXIf", "tEXt"]`, `["APP1", "COM"]`. Empty when it holds nothing but its image (JFIF and Adobe
   * markers; for PNG the chunks that only say how to draw it: tRNS, gAMA, cHRM, sRGB, sBIT, bKGD, pHYs).
   */
  metadata: string[];
}

/**
 * An image's verdict: usable, of another type than the four (`type`: SVG, HTML, anything), or of one
 * of them but damaged or implausible (`damaged`). `detail` is for the log, never for the user.
 */
export type ImageCheck = { ok: true; image: ImageInfo } | { ok: false; problem: "type" | "damaged"; detail: string };

class Damaged extends Error {}
function damaged(detail: string): never {
  throw new Damaged(detail);
}

/**
 * Checks an image by its content, so that a corrupt file is refused at upload instead of breaking the
 * documents that print it. PNG: signature, IHDR, every chunk's CRC, chunk order, and the IDAT data
 * inflating to exactly the size IHDR implies with a valid filter on every row. JPEG: SOI, one SOF (8
 * bits, 1, 3 or 4 components) before the scans, segments within the file, EOI after the scans. WebP
 * and GIF: their headers, dimensions and structure (RIFF chunks; GIF blocks, none cut, up to the
 * trailer or the end of the file), not their compressed pixels. Within `IMAGE_LIMITS`, and `bounds`
 * when given (a PNG's from its header, before its data is inflated). Pure: no I/O, synchronous.
 */
export function inspectImage(data: Uint8Array, bounds?: ImageBounds): ImageCheck {
  const type = detectImageType(data);
  if (!type) return { ok: false, problem: "type", detail: "not a JPEG, PNG, WebP or GIF signature" };
  try {
    const image =
      type === "image/png"
        ? inspectPng(data, bounds)
        : type === "image/jpeg"
          ? inspectJpeg(data)
          : type === "image/gif"
            ? inspectGif(data)
            : inspectWebp(data);
    const { width, height } = image;
    if (width < 1 || height < 1) damaged(`${type}: empty dimensions ${width}×${height}`);
    if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels)
      damaged(`${type}: implausible dimensions ${width}×${height}`);
    if (bounds && (width > bounds.maxWidth || height > bounds.maxHeight))
      damaged(`${type}: ${width}×${height} beyond ${bounds.maxWidth}×${bounds.maxHeight}`);
    return { ok: true, image: { type, ...image, metadata: image.metadata ?? [] } };
  } catch (error) {
    if (error instanceof Damaged) return { ok: false, problem: "damaged", detail: error.message };
    throw error;
  }
}

type Dimensions = Omit<ImageInfo, "type" | "metadata"> & { metadata?: string[] };

const u16be = (d: Uint8Array, o: number) => ((d[o] ?? 0) << 8) | (d[o + 1] ?? 0);
const u16le = (d: Uint8Array, o: number) => (d[o] ?? 0) | ((d[o + 1] ?? 0) << 8);
const u24le = (d: Uint8Array, o: number) => u16le(d, o) + (d[o + 2] ?? 0) * 0x10000;
const u32be = (d: Uint8Array, o: number) => (d[o] ?? 0) * 0x1000000 + (((d[o + 1] ?? 0) << 16) | u16be(d, o + 2));
const u32le = (d: Uint8Array, o: number) => u16le(d, o) + u16le(d, o + 2) * 0x10000;
const ascii = (d: Uint8Array, o: number, n: number) => String.fromCharCode(...d.subarray(o, o + n));

// ── PNG ──────────────────────────────────────────────────────────────────────────────────────────

/** Bit depths allowed per colour type, and samples per pixel (PNG specification, 11.2.2). */
const PNG_COLOR_TYPES: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};

/** Ancillary PNG chunks that only say how to draw the image; any other one is metadata. */
const PNG_DRAWING_CHUNKS = new Set(["tRNS", "gAMA", "cHRM", "sRGB", "sBIT", "bKGD", "pHYs"]);

/** Adam7: [x0, y0, dx, dy] of the seven passes. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The sub-images stored one after the other: one for a plain PNG, up to seven passes for Adam7. */
function pngSubImages(width: number, height: number, interlaced: boolean): { width: number; height: number }[] {
  if (!interlaced) return [{ width, height }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    width: Math.ceil((width - x0) / dx),
    height: Math.ceil((height - y0) / dy),
  })).filter((pass) => pass.width > 0 && pass.height > 0);
}

function inspectPng(data: Uint8Array, bounds?: ImageBounds): Dimensions {
  let pos = 8;
  let header: (PngLayout & { width: number; height: number }) | null = null;
  let paletteEntries = 0;
  let transparency = false;
  const idat: Uint8Array[] = [];
  let idatEnded = false;
  let ended = false;
  const metadata = new Set<string>();
  while (!ended) {
    if (pos + 12 > data.length) damaged("PNG: truncated (no IEND chunk)");
    const length = u32be(data, pos);
    const type = ascii(data, pos + 4, 4);
    if (length > 0x7fffffff || pos + 12 + length > data.length)
      damaged(`PNG: chunk ${JSON.stringify(type)} overruns the file`);
    if (!/^[A-Za-z]{4}$/.test(type)) damaged("PNG: invalid chunk type");
    const body = data.subarray(pos + 8, pos + 8 + length);
    if (crc32(data.subarray(pos + 4, pos + 8 + length)) !== u32be(data, pos + 8 + length))
      damaged(`PNG: CRC mismatch in chunk ${type}`);
    pos += 12 + length;

    if (!header && type !== "IHDR") damaged("PNG: IHDR is not the first chunk");
    if (idat.length > 0 && type !== "IDAT") idatEnded = true;
    switch (type) {
      case "IHDR": {
        if (header) damaged("PNG: second IHDR");
        if (length !== 13) damaged("PNG: IHDR of the wrong length");
        const [bitDepth = 0, colorType = 0, compression, filter, interlace] = body.subarray(8, 13);
        const allowed = PNG_COLOR_TYPES[colorType];
        if (!allowed?.depths.includes(bitDepth)) damaged(`PNG: bit depth ${bitDepth} with colour type ${colorType}`);
        if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1))
          damaged("PNG: unknown compression, filter or interlace method");
        const width = u32be(body, 0);
        const height = u32be(body, 4);
        if (width < 1 || height < 1 || width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide)
          damaged(`PNG: implausible dimensions ${width}×${height}`);
        if (bounds && (width > bounds.maxWidth || height > bounds.maxHeight))
          damaged(`PNG: ${width}×${height} beyond ${bounds.maxWidth}×${bounds.maxHeight}`);
        header = { width, height, bitDepth, colorType, interlaced: interlace === 1, transparency: false };
        break;
      }
      case "PLTE":
        if (paletteEntries || idat.length) damaged("PNG: PLTE repeated or after IDAT");
        if (header?.colorType === 0 || header?.colorType === 4) damaged("PNG: PLTE in a grey image");
        if (length === 0 || length % 3 !== 0 || length / 3 > 256) damaged("PNG: PLTE of the wrong length");
        paletteEntries = length / 3;
        if (header?.colorType === 3 && paletteEntries > 2 ** header.bitDepth)
          damaged("PNG: PLTE too long for the depth");
        break;
      case "tRNS": {
        if (transparency || idat.length) damaged("PNG: tRNS repeated or after IDAT");
        const colorType = header?.colorType;
        // With an alpha channel a tRNS is meaningless: readers ignore it, and so does this check.
        if (colorType === 4 || colorType === 6) break;
        if (colorType === 3 ? !paletteEntries || length > paletteEntries : length !== (colorType === 0 ? 2 : 6))
          damaged("PNG: tRNS of the wrong length or without PLTE");
        transparency = true;
        break;
      }
      case "IDAT":
        if (idatEnded) damaged("PNG: IDAT chunks not consecutive");
        if (header?.colorType === 3 && !paletteEntries) damaged("PNG: palette image without PLTE");
        idat.push(body);
        break;
      case "IEND":
        if (length !== 0) damaged("PNG: IEND with data");
        ended = true;
        break;
      default:
        // Ancillary chunks (lower-case first letter) may be skipped; an unknown critical one may not.
        if (type.charCodeAt(0) < 0x61) damaged(`PNG: unknown critical chunk ${type}`);
        if (!PNG_DRAWING_CHUNKS.has(type)) metadata.add(type);
    }
  }
  if (!header) damaged("PNG: no IHDR");
  if (idat.length === 0) damaged("PNG: no IDAT");
  if (header.width * header.height > IMAGE_LIMITS.maxPixels)
    damaged(`PNG: implausible dimensions ${header.width}×${header.height}`);

  // The rows, each a filter byte then the packed samples, exactly as many bytes as IHDR implies.
  const bitsPerPixel = header.bitDepth * (PNG_COLOR_TYPES[header.colorType]?.samples ?? 1);
  const images = pngSubImages(header.width, header.height, header.interlaced);
  const rowBytes = (width: number) => 1 + Math.ceil((width * bitsPerPixel) / 8);
  const expected = images.reduce((sum, image) => sum + image.height * rowBytes(image.width), 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch (error) {
    damaged(`PNG: image data does not inflate (${(error as Error).message})`);
  }
  if (pixels.length !== expected) damaged(`PNG: image data of ${pixels.length} bytes, ${expected} expected`);
  let row = 0;
  for (const image of images) {
    for (let y = 0; y < image.height; y++, row += rowBytes(image.width)) {
      if ((pixels[row] ?? 0) > 4) damaged(`PNG: unknown filter ${pixels[row]}`);
    }
  }
  const { width, height, ...layout } = header;
  return { width, height, png: { ...layout, transparency }, metadata: [...metadata] };
}

// ── JPEG ─────────────────────────────────────────────────────────────────────────────────────────

/** Baseline, extended and progressive Huffman frames: what browsers and PDF (DCTDecode) read. */
const JPEG_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Every other start of frame: lossless, hierarchical, arithmetic coding. */
const JPEG_OTHER_FRAMES = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function inspectJpeg(data: Uint8Array): Dimensions {
  let pos = 2;
  let frame: { width: number; height: number; jpeg: { components: number } } | null = null;
  let scanned = false;
  const metadata = new Set<string>();
  while (true) {
    if (data[pos] !== 0xff) damaged(`JPEG: marker expected at ${pos}`);
    while (data[pos] === 0xff) pos++; // fill bytes
    if (pos >= data.length) damaged("JPEG: truncated (no EOI)");
    const marker = data[pos++] ?? 0;
    if (marker === 0xd9) {
      if (!scanned) damaged("JPEG: EOI before any scan");
      break;
    }
    if (marker === 0xd8 || marker === 0x00) damaged(`JPEG: unexpected marker ${marker.toString(16)}`);
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // standalone
    const length = u16be(data, pos);
    if (length < 2 || pos + length > data.length) damaged(`JPEG: segment ${marker.toString(16)} overruns the file`);
    const segment = data.subarray(pos + 2, pos + length);
    pos += length;
    if (JPEG_OTHER_FRAMES.has(marker)) damaged(`JPEG: unsupported frame type ${marker.toString(16)}`);
    // APP0 (JFIF) and APP14 (Adobe: how the components are coded) describe the image; every other
    // application segment (APP1 EXIF or XMP, APP2 ICC, APP13 IPTC…) and comments are metadata.
    if (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) metadata.add(`APP${marker - 0xe0}`);
    if (marker === 0xfe) metadata.add("COM");
    if (JPEG_FRAMES.has(marker)) {
      if (frame) damaged("JPEG: second frame");
      const components = segment[5] ?? 0;
      if (segment[0] !== 8) damaged(`JPEG: ${segment[0]}-bit samples`);
      if (![1, 3, 4].includes(components) || segment.length !== 6 + 3 * components)
        damaged(`JPEG: frame with ${components} components`);
      frame = { height: u16be(segment, 1), width: u16be(segment, 3), jpeg: { components } };
    } else if (marker === 0xda) {
      if (!frame) damaged("JPEG: scan before the frame");
      scanned = true;
      // Entropy-coded data up to the next marker: 0xFF is followed by 0x00 (a stuffed byte), a
      // restart marker or fill bytes inside it.
      while (true) {
        pos = data.indexOf(0xff, pos);
        if (pos < 0) damaged("JPEG: truncated scan (no EOI)");
        let next = pos + 1;
        while (data[next] === 0xff) next++;
        const byte = data[next];
        if (byte === undefined) damaged("JPEG: truncated scan (no EOI)");
        if (byte === 0x00 || (byte >= 0xd0 && byte <= 0xd7)) {
          pos = next + 1;
          continue;
        }
        pos = next - 1; // at the marker's last 0xFF
        break;
      }
    }
  }
  if (!frame) damaged("JPEG: no frame");
  return { ...frame, metadata: [...metadata] };
}

// ── GIF ──────────────────────────────────────────────────────────────────────────────────────────

function inspectGif(data: Uint8Array): Dimensions {
  const width = u16le(data, 6);
  const height = u16le(data, 8);
  const flags = data[10] ?? 0;
  let pos = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let frames = 0;
  const skipSubBlocks = () => {
    while (true) {
      if (pos >= data.length) damaged("GIF: truncated data block");
      const size = data[pos++] ?? 0;
      if (size === 0) return;
      pos += size;
    }
  };
  while (true) {
    // A file that ends after a whole block, without the trailer, is read by every browser.
    if (pos === data.length && frames > 0) break;
    if (pos >= data.length) damaged("GIF: truncated");
    const block = data[pos++];
    if (block === 0x3b) break;
    if (block === 0x21) {
      pos++; // label
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (pos + 9 > data.length) damaged("GIF: truncated image descriptor");
      const local = data[pos + 8] ?? 0;
      pos += 9 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      const codeSize = data[pos++] ?? 0;
      if (codeSize < 2 || codeSize > 8) damaged(`GIF: LZW code size ${codeSize}`);
      skipSubBlocks();
      frames++;
    } else {
      damaged(`GIF: unknown block ${block}`);
    }
  }
  if (frames === 0) damaged("GIF: no image");
  return { width, height };
}

// ── WebP ─────────────────────────────────────────────────────────────────────────────────────────

function inspectWebp(data: Uint8Array): Dimensions {
  const riffEnd = 8 + u32le(data, 4);
  if (riffEnd > data.length || riffEnd < 20) damaged("WebP: RIFF size beyond the file");
  let pos = 12;
  let canvas: Dimensions | null = null;
  let bitstream: Dimensions | null = null;
  let animated = false;
  while (pos + 8 <= riffEnd) {
    const start = pos;
    const type = ascii(data, pos, 4);
    const size = u32le(data, pos + 4);
    const body = data.subarray(pos + 8, pos + 8 + size);
    if (pos + 8 + size > riffEnd) damaged(`WebP: chunk ${JSON.stringify(type)} overruns the file`);
    pos += 8 + size + (size & 1);
    if (type === "VP8X") {
      if (start !== 12 || size < 10) damaged("WebP: misplaced or short VP8X");
      animated = Boolean((body[0] ?? 0) & 0x02);
      canvas = { width: u24le(body, 4) + 1, height: u24le(body, 7) + 1 };
    } else if (type === "VP8 " && !bitstream) {
      // Key frame tag (bit 0 clear), start code 9D 01 2A, 14-bit width and height.
      if (size < 10 || (body[0] ?? 1) & 1 || body[3] !== 0x9d || body[4] !== 0x01 || body[5] !== 0x2a)
        damaged("WebP: invalid VP8 frame header");
      bitstream = { width: u16le(body, 6) & 0x3fff, height: u16le(body, 8) & 0x3fff };
    } else if (type === "VP8L" && !bitstream) {
      if (size < 5 || body[0] !== 0x2f) damaged("WebP: invalid VP8L header");
      const bits = u32le(body, 1);
      if (bits >>> 29 !== 0) damaged("WebP: unknown VP8L version");
      bitstream = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    } else if (type === "ANMF") {
      animated = true;
    }
  }
  if (canvas) {
    if (!animated && !bitstream) damaged("WebP: no image data");
    if (bitstream && (bitstream.width > canvas.width || bitstream.height > canvas.height))
      damaged("WebP: image larger than its canvas");
    return canvas;
  }
  if (!bitstream) damaged("WebP: no image data");
  return bitstream;
}
