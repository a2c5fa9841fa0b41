import type { PermissionGroup } from "../../../shared/auth";
import type { Database } from "../../db/client";
import { assertCan } from "../../plugins/auth";
import type { AuthContext } from "../auth/auth.service";
import { permissionsRepository } from "./permissions.repository";

export function createPermissionsService(db: Database) {
  return {
    async grouped(auth: AuthContext): Promise<PermissionGroup[]> {
      assertCan(auth, "roles:view");
      const rows = await db.run(auth.scope, (tx) => permissionsRepository.list(tx));
      const groups = new Map<string, PermissionGroup>();
      for (const row of rows) {
        const group = groups.get(row.category) ?? { category: row.category, permissions: [] };
        group.permissions.push(row);
        groups.set(row.category, group);
      }
      return [...groups.values()];
    },
  };
}
