import type { ImageInfo } from "@server/lib/file-types";
import sharp from "sharp";

/** The largest side of a logo the upload converts (a document prints it a few centimetres wide). */
export const CONVERTED_LOGO_MAX_SIDE = 2048;

export type StoredLogo = { ok: true; data: Buffer; contentType: "image/png" | "image/jpeg" } | { ok: false };

/**
 * The logo as it is stored, so that every document can print it (docs/domain/company.md#logo): a PNG,
 * or a grey or colour JPEG, is kept byte for byte; a CMYK JPEG becomes an sRGB JPEG (DeviceCMYK is not
 * allowed under the Factur-X's sRGB output intent, and Adobe's CMYK JPEGs print inverted); a GIF or
 * WebP, which a PDF cannot embed, becomes a PNG (its first frame, transparency kept). A file sharp
 * cannot decode is refused as damaged. `image` is its verdict by `inspectImage`.
 */
export async function logoToStore(data: Buffer, image: ImageInfo): Promise<StoredLogo> {
  if (image.type === "image/png") return { ok: true, data, contentType: "image/png" };
  if (image.type === "image/jpeg" && image.jpeg?.components !== 4) return { ok: true, data, contentType: "image/jpeg" };
  try {
    const pipeline = sharp(data, { failOn: "error", pages: 1 })
      .rotate()
      .resize({
        width: CONVERTED_LOGO_MAX_SIDE,
        height: CONVERTED_LOGO_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb");
    if (image.type === "image/jpeg") {
      return { ok: true, data: await pipeline.jpeg({ quality: 92 }).toBuffer(), contentType: "image/jpeg" };
    }
    return { ok: true, data: await pipeline.png().toBuffer(), contentType: "image/png" };
  } catch {
    return { ok: false };
  }
}
