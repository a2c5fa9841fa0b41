import type { Database } from "@server/db/client";
import { type AuthContext, assertCan, permissions } from "@server/lib/access";
import type { PermissionGroup } from "@shared/auth";
import { permissionsRepository } from "./permissions.repository";

/** The catalogue is what role editors pick from. */
export const PERMISSIONS_ACCESS = permissions({ grouped: "roles:view" });

export function createPermissionsService(db: Database) {
  return {
    async grouped(auth: AuthContext): Promise<PermissionGroup[]> {
      assertCan(auth, PERMISSIONS_ACCESS.grouped);
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
