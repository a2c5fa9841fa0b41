import type { Db } from "@server/db/client";
import { permissions } from "@server/db/schema";
import { asc } from "drizzle-orm";

export const permissionsRepository = {
  list(tx: Db) {
    return tx
      .select({
        id: permissions.id,
        code: permissions.code,
        name: permissions.name,
        description: permissions.description,
        category: permissions.category,
      })
      .from(permissions)
      .orderBy(asc(permissions.category), asc(permissions.code));
  },
};
