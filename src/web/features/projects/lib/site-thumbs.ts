import type { ProjectPhotos } from "@shared/projects";
import { siteStorage } from "./site-db";

/** The key of a photo's thumbnail kept on the phone. */
export const thumbKey = (projectId: string, photoId: string) => `${projectId}:${photoId}`;

/**
 * Keeps the thumbnails of a worksite's photos on the phone (a signed URL does not load offline), and
 * forgets those of photos gone. Best effort: a failure only means a placeholder offline.
 */
export async function keepThumbnails(projectId: string, photos: ProjectPhotos) {
  try {
    const storage = siteStorage();
    const known = await storage.thumbKeys();
    const wanted = new Set(photos.data.map((p) => thumbKey(projectId, p.id)));
    await storage.removeThumbs(known.filter((k) => k.startsWith(`${projectId}:`) && !wanted.has(k)));
    for (const photo of photos.data) {
      const key = thumbKey(projectId, photo.id);
      if (known.includes(key)) continue;
      const response = await fetch(photo.thumbnail_url, { cache: "force-cache" });
      if (!response.ok) continue;
      const bytes = await response.arrayBuffer();
      await storage.writeThumb({ key, bytes, mime: response.headers.get("content-type") ?? "image/jpeg" });
    }
  } catch {
    // Offline, or the storage is full: the placeholder will do.
  }
}
