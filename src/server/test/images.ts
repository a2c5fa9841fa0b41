/**
 * Test images built byte by byte (zlib and CRC-32 for PNG, hand-made Huffman tables for JPEG): valid
 * ones, and the damaged ones a logo upload must refuse and a document must survive.
 */
import { crc32, deflateSync } from "node:zlib";
import { ADAM7 } from "@server/lib/file-types";

export function pngChunk(type: string, data: Uint8Array = new Uint8Array()): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

export interface PngSpec {
  width?: number;
  height?: number;
  bitDepth?: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA (default). */
  colorType?: number;
  interlaced?: boolean;
  /** Chunks between IHDR and IDAT (PLTE, tRNS…). */
  chunks?: Buffer[];
  /** The inflated image data; by default the right number of rows, filter 0, samples counting up. */
  raw?: Buffer;
  /** Replaces the zlib stream of the IDAT chunk. */
  idat?: Buffer;
}

const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The image data a PNG of this layout holds: each row a filter byte (0) and its packed samples. */
export function pngRaw({ width = 2, height = 2, bitDepth = 8, colorType = 6, interlaced = false }: PngSpec): Buffer {
  const images = interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)] as const).filter(
        ([w, h]) => w > 0 && h > 0,
      )
    : [[width, height] as const];
  const rows: number[] = [];
  for (const [w, h] of images) {
    const bytes = Math.ceil((w * bitDepth * (SAMPLES[colorType] ?? 1)) / 8);
    for (let y = 0; y < h; y++) {
      rows.push(0);
      // Palette indices stay within a two-entry palette: 0 and 1 in 8 bits, 0 when packed.
      for (let i = 0; i < bytes; i++)
        rows.push(colorType === 3 ? (bitDepth === 8 ? i % 2 : 0) : (y * 31 + i * 7) % 256);
    }
  }
  return Buffer.from(rows);
}

export function png(spec: PngSpec = {}): Buffer {
  const { width = 2, height = 2, bitDepth = 8, colorType = 6, interlaced = false, chunks = [] } = spec;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colorType;
  ihdr[12] = interlaced ? 1 : 0;
  const idat = spec.idat ?? deflateSync(spec.raw ?? pngRaw(spec));
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", ihdr), ...chunks, pngChunk("IDAT", idat), pngChunk("IEND")]);
}

/**
 * A PNG whose pixels are all zero (black, transparent with an alpha channel), not interlaced: deflate
 * packs zeros some 1,000 to 1, so a 4,096 × 4,096 16-bit RGBA image — 134 MB of pixels — weighs 130 kB.
 * The hostile image of issue 31: small enough for every byte limit, ruinous to decode.
 */
export function blankPng(spec: Omit<PngSpec, "raw" | "idat" | "interlaced"> = {}): Buffer {
  const { width = 2, height = 2, bitDepth = 8, colorType = 6 } = spec;
  const rowBytes = 1 + Math.ceil((width * bitDepth * (SAMPLES[colorType] ?? 1)) / 8);
  return png({ ...spec, raw: Buffer.alloc(height * rowBytes) });
}

/** A valid 2×2 RGBA PNG (8 bits, alpha channel: pdfkit decodes it asynchronously). */
export const VALID_PNG = png();

/**
 * The 1×1 RGBA PNG the logo tests used to upload: its IDAT is damaged (CRC and zlib check both wrong).
 * pdfkit's png-js inflates it in a callback and throws there: before the fix, an uncaught exception.
 */
export const CORRUPT_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8ffff3f0005fe02fea7d605f20000000049454e44ae426082",
  "hex",
);

/** RGBA with every CRC right but a damaged zlib stream (its Adler-32 changed): only inflating finds it. */
export function pngWithBrokenZlib(): Buffer {
  const stream = deflateSync(pngRaw({}));
  stream[stream.length - 1] = (stream[stream.length - 1] ?? 0) ^ 0xff;
  return png({ idat: stream });
}

/** RGBA whose zlib stream is sound but whose rows hold an unknown filter (7): png-js throws on it. */
export function pngWithBadFilter(): Buffer {
  const raw = pngRaw({});
  raw[0] = 7;
  return png({ raw });
}

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
];

export interface JpegSpec {
  width?: number;
  height?: number;
  components?: number;
  precision?: number;
  /** 0xc0 baseline (default), 0xc2 progressive… */
  frame?: number;
}

/**
 * A decodable JPEG: every block of every component is grey (DC difference 0, then end of block), coded
 * with one-symbol Huffman tables, so the scan is all zero bits. No subsampling.
 */
export function jpeg({ width = 8, height = 8, components = 3, precision = 8, frame = 0xc0 }: JpegSpec = {}): Buffer {
  const ids = Array.from({ length: components }, (_, i) => i + 1);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8) * components;
  const scanBytes = Math.ceil((blocks * 2) / 8);
  const scan = Array.from({ length: scanBytes }, () => 0);
  const padding = scanBytes * 8 - blocks * 2;
  // The last byte's unused bits are padded with ones.
  scan[scanBytes - 1] = (1 << padding) - 1;
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF
    ...segment(0xdb, [0, ...Array.from({ length: 64 }, () => 1)]), // quantisation table 0
    ...segment(frame, [
      precision,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      components,
      ...ids.flatMap((id) => [id, 0x11, 0]),
    ]),
    // DC table 0: one 1-bit code for category 0; AC table 0: one 1-bit code for end of block.
    ...segment(0xc4, [0x00, 1, ...Array.from({ length: 15 }, () => 0), 0x00]),
    ...segment(0xc4, [0x10, 1, ...Array.from({ length: 15 }, () => 0), 0x00]),
    ...segment(0xda, [components, ...ids.flatMap((id) => [id, 0x00]), 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** A 1×1 GIF89a (two-colour global table, one LZW-coded pixel), the trailer optional. */
export function gif({ width = 1, height = 1, trailer = true } = {}): Buffer {
  const le = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from("GIF89a", "latin1"),
    ...le(width),
    ...le(height),
    0x80,
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c,
    0,
    0,
    0,
    0,
    ...le(width),
    ...le(height),
    0,
    2,
    2,
    0x44,
    0x01,
    0,
    ...(trailer ? [0x3b] : []),
  ]);
}

const riff = (chunks: Buffer[]) => {
  const body = Buffer.concat([Buffer.from("WEBP", "latin1"), ...chunks]);
  const head = Buffer.from("RIFF\0\0\0\0", "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
};
const webpChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};

/** WebP headers (lossless VP8L or lossy VP8, optionally in an extended VP8X file); the pixels are not real. */
export function webp({ width = 3, height = 2, lossy = false, extended = false } = {}): Buffer {
  const frame = lossy
    ? (() => {
        const data = Buffer.alloc(16);
        data.set([0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a], 0); // key frame tag, start code
        data.writeUInt16LE(width, 6);
        data.writeUInt16LE(height, 8);
        return webpChunk("VP8 ", data);
      })()
    : (() => {
        const data = Buffer.alloc(9);
        data[0] = 0x2f;
        data.writeUInt32LE((width - 1) | ((height - 1) << 14), 1);
        return webpChunk("VP8L", data);
      })();
  if (!extended) return riff([frame]);
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  return riff([webpChunk("VP8X", vp8x), frame]);
}
