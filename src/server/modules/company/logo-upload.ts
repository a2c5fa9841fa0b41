import { IMAGE_LIMITS, type ImageInfo } from "@server/lib/file-types";
import sharp from "sharp";

/**
 * What a stored logo may be (docs/domain/company-settings.md#rules). A document prints it in a box of
 * 72 pt (2.54 cm): 1,024 px a side is 1,000 dpi there, and sharp on screen. Every document draws it again
 * (pdfkit decodes a PNG with an alpha channel pixel by pixel, in JavaScript): a 4,096 × 4,096 16-bit
 * logo cost each PDF some 5 s and 430 MB, a 1,024 px 8-bit one a tenth of a second at most.
 */
export const LOGO_IMAGE = {
  maxSide: 1024,
  jpegQuality: 92,
} as const;

export type StoredLogo = { ok: true; data: Buffer; contentType: "image/png" | "image/jpeg" } | { ok: false };

/**
 * A PNG or JPEG a PDF prints as it is: within the bound, 8 bits at most, plain, carrying nothing but its
 * image. A PNG of fewer than 8 bits with a transparent palette is converted too: png-js misreads it
 * (`pdf/logo.ts` leaves it out of the documents).
 */
function keptAsIs(image: ImageInfo): boolean {
  if (image.width > LOGO_IMAGE.maxSide || image.height > LOGO_IMAGE.maxSide || image.metadata.length > 0) return false;
  if (image.type === "image/png") {
    const layout = image.png;
    if (!layout || layout.bitDepth > 8 || layout.interlaced) return false;
    return !(layout.bitDepth < 8 && layout.colorType === 3 && layout.transparency);
  }
  return image.type === "image/jpeg" && image.jpeg?.components !== 4;
}

/**
 * The logo as it is stored, so that every document can print it, cheaply: a PNG, or a grey or colour
 * JPEG, is kept byte for byte when it is at most `LOGO_IMAGE.maxSide` px a side, of 8 bits per sample
 * (a PNG not interlaced) and carries nothing but its image. Any other is decoded — within
 * `IMAGE_LIMITS.maxPixels`, its first frame — turned upright by its EXIF orientation, reduced to fit
 * `maxSide` (never enlarged), in 8-bit sRGB, and written without any metadata (EXIF with a GPS
 * position, descriptions, XMP, IPTC, comments, ICC profile: sharp writes none unless asked): a PNG,
 * GIF or WebP as a PNG (transparency kept; pdfkit embeds neither GIF nor WebP), a JPEG as a JPEG (a
 * CMYK one too: DeviceCMYK is not allowed under the Factur-X's sRGB output intent, and Adobe's CMYK
 * JPEGs print inverted). A file sharp cannot decode is refused as damaged. `image` is its verdict by
 * `inspectImage`.
 */
export async function logoToStore(data: Buffer, image: ImageInfo): Promise<StoredLogo> {
  if (keptAsIs(image)) return { ok: true, data, contentType: image.type === "image/png" ? "image/png" : "image/jpeg" };
  try {
    const pipeline = sharp(data, { failOn: "error", pages: 1, limitInputPixels: IMAGE_LIMITS.maxPixels })
      .rotate()
      .resize({ width: LOGO_IMAGE.maxSide, height: LOGO_IMAGE.maxSide, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb");
    if (image.type === "image/jpeg") {
      return {
        ok: true,
        data: await pipeline.jpeg({ quality: LOGO_IMAGE.jpegQuality }).toBuffer(),
        contentType: "image/jpeg",
      };
    }
    return { ok: true, data: await pipeline.png().toBuffer(), contentType: "image/png" };
  } catch {
    return { ok: false };
  }
}
