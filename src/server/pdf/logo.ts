/**
 * The logo as a document can print it. pdfkit embeds JPEG and PNG only, and decodes some PNGs itself
 * (alpha channel, palette transparency, interlacing) asynchronously, in png-js's zlib callback: a
 * damaged one throws there, outside any caller — an uncaught exception stops the process — and the
 * document never ends. So the logo is checked first, synchronously and by its content (a logo stored
 * before uploads were checked may be damaged), and left out of the document when it cannot be used.
 */
import { inspectImage } from "../lib/file-types";

export type PrintableLogo = { ok: true; logo: Buffer } | { ok: false; reason: string };

export function printableLogo(data: Buffer): PrintableLogo {
  const checked = inspectImage(data);
  if (!checked.ok) return { ok: false, reason: checked.detail };
  const { type, png, jpeg } = checked.image;
  if (type !== "image/png" && type !== "image/jpeg") return { ok: false, reason: `${type}: not embeddable in a PDF` };
  // DeviceCMYK under the documents' sRGB output intent is not PDF/A (Factur-X), and Adobe's CMYK JPEGs
  // print inverted. Uploads are converted (company/logo-upload.ts); this is a logo stored before.
  if (jpeg && jpeg.components === 4) return { ok: false, reason: "image/jpeg: CMYK" };
  // png-js unpacks samples of fewer than 8 bits wrongly (and throws on interlaced ones) when pdfkit
  // asks it for the pixels: with a palette's transparency or interlacing. Otherwise pdfkit copies the
  // compressed rows as they are, whatever the depth.
  if (png && png.bitDepth < 8 && (png.interlaced || (png.colorType === 3 && png.transparency)))
    return {
      ok: false,
      reason: `image/png: ${png.bitDepth}-bit ${png.interlaced ? "interlaced" : "transparent palette"}`,
    };
  return { ok: true, logo: data };
}
