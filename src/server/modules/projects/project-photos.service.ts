import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { storedFileName } from "@server/lib/file-types";
import { isUniqueViolation } from "@server/lib/pg-errors";
import { signFileUrl } from "@server/lib/signed-urls";
import {
  isExecutable,
  PROJECT_LIMITS,
  PROJECT_TEXTS,
  type ProjectPhoto,
  type ProjectPhotos,
  projectPhotoFieldsSchema,
} from "@shared/projects";
import { preparePhoto } from "./photo-image";
import { type PhotoRow, projectPhotosRepository } from "./project-photos.repository";
import { projectsRepository } from "./projects.repository";
import { sees, visibleTeams } from "./projects.service";

/** Photos are site execution like imprévus (docs/domain/projects.md#photos). */
export const PROJECT_PHOTOS_ACCESS = permissions({
  list: "projects:view",
  upload: "projects:execute",
  remove: "projects:execute",
});

const noCompany = PROJECT_TEXTS.companyRequired;

/** The file as the route read it from the multipart body, and the form's fields. */
export interface PhotoUpload {
  data: Buffer | null;
  filename: string | null;
  /** The file was longer than the limit (the reader stopped). */
  truncated: boolean;
  fields: Record<string, unknown>;
}

const photoError = (message: string) => errors.validation(message, [{ path: "photo", message }]);

export function createProjectPhotosService(db: Database, fileSecret: string) {
  const toPhoto = (row: PhotoRow): ProjectPhoto => ({
    id: row.id,
    project_id: row.project_id,
    filename: row.filename,
    file_url: signFileUrl(fileSecret, row.file_id),
    thumbnail_url: signFileUrl(fileSecret, row.thumbnail_file_id),
    width: row.width,
    height: row.height,
    client_key: row.client_key,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
  });

  /** The photo sent before with this key, on this worksite; another worksite's key is a 409. */
  async function replayOf(tx: Db, t: TenantAccess, clientKey: string | undefined, projectId: string) {
    if (!clientKey) return undefined;
    const before = await projectPhotosRepository.byClientKey(tx, t.companyId, clientKey);
    if (before && before.project_id !== projectId) throw errors.conflict(PROJECT_TEXTS.photoClientKeyTaken);
    return before;
  }

  /** The worksite, visible to the caller and in progress, with room for one more photo (locked when asked). */
  async function roomOn(tx: Db, t: TenantAccess, projectId: string, lock: boolean) {
    const project = await projectsRepository.find(tx, t.companyId, projectId, await visibleTeams(tx, t), lock);
    if (!project) throw errors.notFound(PROJECT_TEXTS.notFound);
    if (!isExecutable(project.status)) throw errors.conflict(PROJECT_TEXTS.notInProgress);
    if ((await projectPhotosRepository.count(tx, t.companyId, projectId)) >= PROJECT_LIMITS.photosMax) {
      throw errors.conflict(PROJECT_TEXTS.photoLimit);
    }
  }

  return {
    /** A worksite's photos, oldest first, by signed URLs (any status: a delivered worksite shows them). */
    async list(auth: AuthContext, projectId: string): Promise<ProjectPhotos> {
      const t = tenant(auth, PROJECT_PHOTOS_ACCESS.list, noCompany);
      const id = idOr404(projectId, PROJECT_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const project = await projectsRepository.find(tx, t.companyId, id, await visibleTeams(tx, t));
        if (!project) throw errors.notFound(PROJECT_TEXTS.notFound);
        return { data: (await projectPhotosRepository.list(tx, t.companyId, id)).map(toPhoto) };
      });
    },

    /**
     * Adds a photo to a worksite in progress (spec 2 §5): 5 MB, images only (by content), 20 a worksite.
     * The image is prepared outside any transaction (the CPU work holds no lock), then stored under the
     * worksite's lock, where the count is checked again. Sent again with the same `client_key`, the
     * photo already stored is answered (`replayed`), whatever the status now.
     */
    async upload(auth: AuthContext, upload: PhotoUpload): Promise<{ photo: ProjectPhoto; replayed: boolean }> {
      const t = tenant(auth, PROJECT_PHOTOS_ACCESS.upload, noCompany);
      const parsed = projectPhotoFieldsSchema.safeParse(upload.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message = issue?.message ?? PROJECT_TEXTS.notFound;
        throw errors.validation(message, [{ path: String(issue?.path[0] ?? "project_id"), message }]);
      }
      const { project_id: projectId, client_key: clientKey } = parsed.data;
      const earlier = await db.run(t.scope, async (tx) => {
        const replay = await replayOf(tx, t, clientKey, projectId);
        if (replay) {
          const project = await projectsRepository.find(tx, t.companyId, projectId, await visibleTeams(tx, t));
          if (!project) throw errors.notFound(PROJECT_TEXTS.notFound);
          return replay;
        }
        await roomOn(tx, t, projectId, false);
        return undefined;
      });
      if (earlier) return { photo: toPhoto(earlier), replayed: true };

      if (!upload.data || upload.data.length === 0) throw photoError(PROJECT_TEXTS.photoMissing);
      if (upload.truncated || upload.data.length > PROJECT_LIMITS.photoMaxBytes) {
        throw photoError(PROJECT_TEXTS.photoTooLarge);
      }
      const prepared = await preparePhoto(upload.data);
      if (!prepared.ok) {
        throw photoError(
          prepared.problem === "type"
            ? PROJECT_TEXTS.photoImagesOnly
            : prepared.problem === "dimensions"
              ? PROJECT_TEXTS.photoTooManyPixels
              : PROJECT_TEXTS.photoDamaged,
        );
      }
      try {
        return await db.run(t.scope, async (tx) => {
          await roomOn(tx, t, projectId, true);
          const id = await projectPhotosRepository.insert(tx, t.companyId, {
            projectId,
            full: prepared.full,
            thumbnail: prepared.thumbnail,
            filename: storedFileName(upload.filename),
            clientKey: clientKey ?? null,
            createdBy: t.auth.userId,
            createdByName: t.auth.user.full_name,
          });
          const row = await projectPhotosRepository.find(tx, t.companyId, id);
          if (!row) throw errors.notFound(PROJECT_TEXTS.photoNotFound);
          return { photo: toPhoto(row), replayed: false };
        });
      } catch (error) {
        // The same key sent twice at once: the first stored it, the second answers it.
        if (!clientKey || !isUniqueViolation(error)) throw error;
        const raced = await db.run(t.scope, (tx) => replayOf(tx, t, clientKey, projectId));
        if (!raced) throw error;
        return { photo: toPhoto(raced), replayed: true };
      }
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, PROJECT_PHOTOS_ACCESS.remove, noCompany);
      const photoId = idOr404(id, PROJECT_TEXTS.photoNotFound);
      await db.run(t.scope, async (tx) => {
        const photo = await projectPhotosRepository.find(tx, t.companyId, photoId, true);
        if (!photo || !sees(await visibleTeams(tx, t), photo.team_id))
          throw errors.notFound(PROJECT_TEXTS.photoNotFound);
        if (!isExecutable(photo.project_status)) throw errors.conflict(PROJECT_TEXTS.notInProgress);
        await projectPhotosRepository.remove(tx, t.companyId, photoId);
      });
    },
  };
}
