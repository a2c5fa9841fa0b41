import { z } from "zod";
import type { AppModule } from "../module";
import { createFilesService } from "./files.service";

/** GET /api/files/:id?exp&sig — a stored image, by a short-lived signed URL (files.service.ts). */
export const filesModule: AppModule = async (app, { db, fileSecret }) => {
  const service = createFilesService(db, fileSecret);
  app.get(
    "/api/files/:id",
    {
      config: { access: { public: true } },
      schema: {
        tags: ["Fichiers"],
        summary: "Fichier (logo, photo) par URL signée à durée limitée",
        security: [],
        params: z.object({ id: z.string() }),
        querystring: z.object({ exp: z.coerce.number().int().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const file = await service.bySignedUrl(request.params.id, request.query.exp, request.query.sig);
      return reply
        .header("content-type", file.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .header("cache-control", "private, max-age=900")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(file.data);
    },
  );
};
