import { PROJECT_LIMITS, PROJECT_TEXTS } from "@shared/project-rules";
import { buttonVariants } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { cn } from "@web/lib/cn";
import { Camera, Clock, ImageOff, Trash2 } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useState } from "react";
import { siteStorage } from "../lib/site-db";
import type { SitePhoto } from "../lib/site-outbox";
import { SITE_TEXTS } from "../lib/site-texts";
import { thumbKey } from "../lib/site-thumbs";

/**
 * Why a chosen file cannot be a photo of the worksite (spec 2 §5, checked here before it is kept on the
 * phone, and again by the server from its content): not an image, over 5 MB, or the 20 already there.
 */
export function photoProblem(file: Pick<File, "type" | "size">, count: number): string | null {
  if (count >= PROJECT_LIMITS.photosMax) return PROJECT_TEXTS.photoLimit;
  if (!file.type.startsWith("image/")) return PROJECT_TEXTS.photoImagesOnly;
  if (file.size > PROJECT_LIMITS.photoMaxBytes) return PROJECT_TEXTS.photoTooLarge;
  return null;
}

/** A thumbnail: the server's (signed URL), else the copy kept on the phone, else a placeholder. */
function Thumbnail({ photo, projectId }: { photo: SitePhoto; projectId: string }) {
  const [src, setSrc] = useState<string | null>(photo.thumbnailUrl);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setSrc(photo.thumbnailUrl);
    setFailed(false);
  }, [photo.thumbnailUrl]);
  useEffect(() => {
    if (!failed || photo.ref.id === null) return;
    let url: string | null = null;
    let live = true;
    void siteStorage()
      .readThumb(thumbKey(projectId, photo.ref.id))
      .then((thumb) => {
        if (!live || !thumb) return;
        url = URL.createObjectURL(new Blob([thumb.bytes], { type: thumb.mime }));
        setSrc(url);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [failed, photo.ref.id, projectId]);

  if (!src || (failed && src === photo.thumbnailUrl)) {
    return (
      <span className="flex size-full flex-col items-center justify-center gap-1 bg-muted p-2 text-center text-xs text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-5" />
        {SITE_TEXTS.photoOffline}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={photo.filename ?? "Photo du chantier"}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-full object-cover"
    />
  );
}

export interface SitePhotosProps {
  projectId: string;
  photos: readonly SitePhoto[];
  canExecute: boolean;
  onAdd: (file: File) => void;
  onDelete: (photo: SitePhoto) => void;
  /** A chosen file refused before it is kept (its reason). */
  onRefused: (reason: string) => void;
}

/**
 * « Photos (n/20) » (spec 2 §2): the camera (`capture="environment"` opens the back camera on a
 * phone, the file chooser on a computer), the grid of thumbnails each opening the full image in a new
 * tab, and their deletion. The button is disabled at 20.
 */
export function SitePhotos({ projectId, photos, canExecute, onAdd, onDelete, onRefused }: SitePhotosProps) {
  const inputId = useId();
  const [toDelete, setToDelete] = useState<SitePhoto | null>(null);
  const full = photos.length >= PROJECT_LIMITS.photosMax;

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file may be chosen again later.
    event.target.value = "";
    let count = photos.length;
    for (const file of files) {
      const problem = photoProblem(file, count);
      if (problem) {
        onRefused(problem);
        continue;
      }
      count += 1;
      onAdd(file);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {canExecute && (
        <div className="flex flex-col gap-1.5">
          {/* The input stays in the page (a phone's camera hands its picture to it): its label is the button. */}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={full}
            onChange={chosen}
            aria-describedby={full ? `${inputId}-full` : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: "outline" }),
              "w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring sm:w-auto sm:self-start",
              full && "pointer-events-none opacity-60",
            )}
          >
            <Camera aria-hidden="true" />
            {SITE_TEXTS.takePhoto}
          </label>
          {full && (
            <p id={`${inputId}-full`} className="text-[0.8125rem] text-muted-foreground">
              {PROJECT_TEXTS.photoLimit}
            </p>
          )}
        </div>
      )}

      {photos.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{PROJECT_TEXTS.noPhotos}</p>
      ) : (
        <ul aria-label="Photos du chantier" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li
              key={photo.key}
              className="relative aspect-square overflow-hidden rounded-md border border-border bg-muted"
            >
              {photo.fileUrl ? (
                <a
                  href={photo.fileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${SITE_TEXTS.openPhoto} ${index + 1}${photo.filename ? ` (${photo.filename})` : ""}`}
                  className="block size-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <Thumbnail photo={photo} projectId={projectId} />
                </a>
              ) : (
                <Thumbnail photo={photo} projectId={projectId} />
              )}
              {photo.pending && (
                <span className="pointer-events-none absolute bottom-1 left-1 flex items-center gap-1 rounded-full bg-warning-soft/95 px-1.5 py-0.5 text-[0.6875rem] font-medium text-warning-soft-foreground">
                  <Clock aria-hidden="true" className="size-3" />
                  {SITE_TEXTS.pendingBadge}
                </span>
              )}
              {canExecute && (
                <button
                  type="button"
                  aria-label={`Supprimer la photo ${index + 1}`}
                  onClick={() => setToDelete(photo)}
                  className="absolute top-1 right-1 flex size-8 items-center justify-center rounded-full bg-card/90 text-destructive shadow-sm hover:bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring pointer-coarse:size-11 pointer-coarse:top-0 pointer-coarse:right-0 pointer-coarse:bg-transparent pointer-coarse:shadow-none"
                >
                  <span className="flex size-8 items-center justify-center rounded-full pointer-coarse:bg-card/90 pointer-coarse:shadow-sm">
                    <Trash2 aria-hidden="true" className="size-4" />
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        destructive
        title={SITE_TEXTS.deletePhotoTitle}
        description={SITE_TEXTS.deletePhotoText}
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={() => {
          if (toDelete) onDelete(toDelete);
        }}
      />
    </div>
  );
}
