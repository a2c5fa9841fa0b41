import multipart from "@fastify/multipart";
import { errors } from "@server/lib/errors";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import { PROJECT_LIMITS, PROJECT_TEXTS, projectPhotoSchema, projectPhotosResponseSchema } from "@shared/projects";
import { z } from "zod";
import type { AppModule } from "../module";
import { createProjectPhotosService, type PhotoUpload, PROJECT_PHOTOS_ACCESS } from "./project-photos.service";

const tags = ["Chantiers"];
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** A worksite's photos (spec 2 §7 Photos, docs/domain/projects.md#photos): multipart upload, signed URLs. */
export const projectPhotosModule: AppModule = async (app, { db, fileSecret }) => {
  const service = createProjectPhotosService(db, fileSecret);
  // One file (« photo ») and two fields (project_id, client_key).
  await app.register(multipart, { limits: { files: 1, fields: 4, parts: 5 } });

  app.get(
    "/api/project-photos/:projectId",
    {
      config: { access: { permission: PROJECT_PHOTOS_ACCESS.list } },
      schema: {
        tags,
        summary:
          "Les photos d’un chantier, des plus anciennes aux plus récentes (URL signées de l’image et de sa vignette)",
        params: z.object({ projectId: z.string() }),
        response: { 200: projectPhotosResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.params.projectId),
  );

  app.post(
    "/api/project-photos",
    {
      config: { access: { permission: PROJECT_PHOTOS_ACCESS.upload } },
      bodyLimit: PROJECT_LIMITS.photoMaxBytes + 1024 * 1024,
      schema: {
        tags,
        summary:
          "Ajoute une photo à un chantier en cours (multipart\u202f: fichier «\u00a0photo\u00a0», champs project_id et client_key\u202f; 5 Mo, images seulement, 20 par chantier)\u202f; renvoyée avec la même client_key, la photo déjà enregistrée est répondue (200)",
        consumes: ["multipart/form-data"],
        response: {
          200: projectPhotoSchema,
          201: projectPhotoSchema,
          ...errorsOf,
          409: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw errors.validation(PROJECT_TEXTS.photoMissing);
      const upload: PhotoUpload = { data: null, filename: null, truncated: false, fields: {} };
      for await (const part of request.parts({ limits: { fileSize: PROJECT_LIMITS.photoMaxBytes } })) {
        if (part.type === "file") {
          if (part.fieldname !== "photo") {
            part.file.resume();
            continue;
          }
          upload.filename = part.filename || null;
          upload.data = await part.toBuffer().catch((error: { code?: string }) => {
            if (error.code === "FST_REQ_FILE_TOO_LARGE") {
              throw errors.validation(PROJECT_TEXTS.photoTooLarge, [
                { path: "photo", message: PROJECT_TEXTS.photoTooLarge },
              ]);
            }
            throw error;
          });
          upload.truncated = part.file.truncated;
        } else if (typeof part.value === "string") {
          upload.fields[part.fieldname] = part.value;
        }
      }
      const { photo, replayed } = await service.upload(auth, upload);
      return reply.status(replayed ? 200 : 201).send(photo);
    },
  );

  app.delete(
    "/api/project-photos/:id",
    {
      config: { access: { permission: PROJECT_PHOTOS_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime une photo d’un chantier en cours (l’image et sa vignette avec elle)",
        params: z.object({ id: z.string() }),
        response: { 204: z.null(), ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
