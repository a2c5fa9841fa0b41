import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import { files } from "../../db/schema";
import { errors } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { verifyFileSignature } from "../../lib/signed-urls";

/**
 * GET /api/files/:id?exp&sig — a stored image, by a short-lived signed URL (design §5.9). The
 * signature is the authorisation, so the file is read in platform scope; types were checked on upload.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ db: Database; fileSecret: string }> = async (app, opts) => {
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
      const { id } = request.params;
      const { exp, sig } = request.query;
      if (!isUuid(id) || exp === undefined || !sig || !verifyFileSignature(opts.fileSecret, id, exp, sig)) {
        throw errors.notFound("Fichier introuvable ou lien expiré");
      }
      const [file] = await opts.db.run("platform", (tx) =>
        tx.select({ contentType: files.contentType, data: files.data }).from(files).where(eq(files.id, id)),
      );
      if (!file) throw errors.notFound("Fichier introuvable ou lien expiré");
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
