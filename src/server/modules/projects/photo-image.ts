import { detectImageType } from "@server/lib/file-types";
import sharp from "sharp";

/**
 * What a worksite photo becomes before it is stored (docs/domain/projects.md#photos): turned upright
 * by its EXIF orientation, every metadata dropped (EXIF with the GPS position, XMP, IPTC, comments —
 * sharp writes none unless asked), re-encoded as JPEG with its long side at most 2,048 px, and a
 * thumbnail of 480 px for the grids.
 */
export const PHOTO_IMAGE = {
  /**
   * Enough for a screen, zoomed in: a 12 MP photo's decoding costs the same whatever the size kept, but
   * 2,560 px would cost some 15 % more CPU to resize and encode and 50 % more bytes to store
   * (docs/domain/projects.md#photos, the bench's upload line).
   */
  fullSide: 2048,
  fullQuality: 82,
  thumbSide: 480,
  thumbQuality: 72,
  /**
   * A phone shoots 12 to 50 megapixels, and a camera's JPEG of 5 MB holds some 25 at most: beyond 50, or
   * beyond 16,384 px a side, the upload is refused (read from the header, before any decoding). A PNG,
   * WebP or GIF is decoded whole (JPEG alone shrinks on load): an image of few bytes may be a large one,
   * and this bounds the work of one upload, done once (what is stored is reduced).
   */
  maxInputPixels: 50_000_000,
  maxInputSide: 16_384,
} as const;

export interface StoredImage {
  data: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
}

export type PreparedPhoto =
  | { ok: true; full: StoredImage; thumbnail: StoredImage }
  | { ok: false; problem: "type" | "damaged" | "dimensions" };

// Two cores serve every request: one image at a time per upload, libvips' cache of no use here.
sharp.concurrency(1);
sharp.cache(false);

/**
 * Checks the type by content (JPEG, PNG, WebP, GIF; never by name or header), the dimensions by the
 * header (`PHOTO_IMAGE.maxInputPixels`, `maxInputSide`), and prepares the two images.
 */
export async function preparePhoto(data: Buffer): Promise<PreparedPhoto> {
  if (!detectImageType(data)) return { ok: false, problem: "type" };
  try {
    // The header only (sharp decodes no pixel for its metadata): a too large image costs nothing more.
    const { width = 0, height = 0 } = await sharp(data, { limitInputPixels: false }).metadata();
    if (
      width * height > PHOTO_IMAGE.maxInputPixels ||
      width > PHOTO_IMAGE.maxInputSide ||
      height > PHOTO_IMAGE.maxInputSide
    )
      return { ok: false, problem: "dimensions" };
  } catch {
    return { ok: false, problem: "damaged" };
  }
  try {
    const full = await sharp(data, { limitInputPixels: PHOTO_IMAGE.maxInputPixels, failOn: "error" })
      .rotate()
      // JPEG has no transparency: a transparent PNG, WebP or GIF is laid on white, not on black.
      .flatten({ background: "#ffffff" })
      .resize({
        width: PHOTO_IMAGE.fullSide,
        height: PHOTO_IMAGE.fullSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      // Huffman tables not optimised: a file some 3 % larger for a third less CPU on a 12 MP photo.
      .jpeg({ quality: PHOTO_IMAGE.fullQuality, optimiseCoding: false })
      .toBuffer({ resolveWithObject: true });
    // From the upright, already reduced image: a quarter of the decoding work of the original.
    const thumbnail = await sharp(full.data)
      .resize({ width: PHOTO_IMAGE.thumbSide, height: PHOTO_IMAGE.thumbSide, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: PHOTO_IMAGE.thumbQuality })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      full: { data: full.data, contentType: "image/jpeg", width: full.info.width, height: full.info.height },
      thumbnail: {
        data: thumbnail.data,
        contentType: "image/jpeg",
        width: thumbnail.info.width,
        height: thumbnail.info.height,
      },
    };
  } catch {
    return { ok: false, problem: "damaged" };
  }
}
