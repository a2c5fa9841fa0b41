import type { Db } from "@server/db/client";
import { files } from "@server/db/schema";
import { eq } from "drizzle-orm";

export const filesRepository = {
  async find(tx: Db, id: string): Promise<{ contentType: string; data: Buffer } | undefined> {
    const [file] = await tx
      .select({ contentType: files.contentType, data: files.data })
      .from(files)
      .where(eq(files.id, id));
    return file;
  },
};
