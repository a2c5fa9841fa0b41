import type { Db } from "@server/db/client";
import { errors } from "@server/lib/errors";
import { ACCOUNT_TEXTS } from "@shared/accounts";
import { sql } from "drizzle-orm";

/**
 * The company always keeps an administrator (issue 15, docs/domain/accounts.md#last-administrator): at
 * least one active user, with a password (not a pending invitation), holding `admin:access` through a
 * role. Every change that could remove the last one — a user's roles, a role's permissions or users,
 * a role deleted, a user deactivated — runs:
 *
 *   await lockCompanyAccounts(tx, companyId);   // first: serialises concurrent changes of the company
 *   …the change…
 *   await assertCompanyKeepsAnAdmin(tx, companyId);   // last: 409 and the transaction rolls back
 *
 * Two administrators demoting each other at the same time cannot both succeed: the second waits on the
 * company row, then counts after the first's commit.
 */
export async function lockCompanyAccounts(tx: Db, companyId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM companies WHERE id = ${companyId} FOR UPDATE`);
}

export async function companyAdminCount(tx: Db, companyId: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    SELECT count(DISTINCT u.id)::int AS n
    FROM users u
    JOIN user_roles ur ON ur.company_id = ${companyId} AND ur.user_id = u.id
    JOIN role_permissions rp ON rp.company_id = ${companyId} AND rp.role_id = ur.role_id
    JOIN permissions p ON p.id = rp.permission_id AND p.code = 'admin:access'
    WHERE u.company_id = ${companyId} AND u.is_active AND u.password_hash IS NOT NULL`);
  return result.rows[0]?.n ?? 0;
}

export async function assertCompanyKeepsAnAdmin(tx: Db, companyId: string): Promise<void> {
  if ((await companyAdminCount(tx, companyId)) === 0) throw errors.conflict(ACCOUNT_TEXTS.lastAdmin);
}
