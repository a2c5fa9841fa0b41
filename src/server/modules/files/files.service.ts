import type { Database } from "@server/db/client";
import { isUuid } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { verifyFileSignature } from "@server/lib/signed-urls";
import { filesRepository } from "./files.repository";

const NOT_FOUND = "Fichier introuvable ou lien expiré";

/**
 * Files are served by short-lived signed URLs (docs/domain/files.md#signed-urls): the signature is the authorisation, so
 * the file is read in platform scope; types were checked on upload.
 */
export function createFilesService(db: Database, fileSecret: string) {
  return {
    async bySignedUrl(id: string, exp: number | undefined, sig: string | undefined) {
      if (!isUuid(id) || exp === undefined || !sig || !verifyFileSignature(fileSecret, id, exp, sig)) {
        throw errors.notFound(NOT_FOUND);
      }
      const file = await db.run("platform", (tx) => filesRepository.find(tx, id));
      if (!file) throw errors.notFound(NOT_FOUND);
      return file;
    },
  };
}
