import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { permissions } from "../../db/schema";

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
