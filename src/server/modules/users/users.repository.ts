import type { Db } from "@server/db/client";
import { userRoles, users } from "@server/db/schema";
import { inArray, sql } from "drizzle-orm";

/** Accounts: created by company provisioning, the seeds, create-superadmin and (soon) user administration. */
export const usersRepository = {
  async create(
    tx: Db,
    input: {
      companyId: string | null;
      email: string;
      fullName: string;
      /** Null: an invited account, until its password is chosen. */
      passwordHash: string | null;
      isSuperadmin?: boolean;
      roleIds?: string[];
    },
  ): Promise<string> {
    const [user] = await tx
      .insert(users)
      .values({
        companyId: input.companyId,
        email: input.email.trim().toLowerCase(),
        fullName: input.fullName,
        passwordHash: input.passwordHash,
        isSuperadmin: input.isSuperadmin ?? false,
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user not created");
    const companyId = input.companyId;
    if (companyId && input.roleIds?.length) {
      await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ companyId, userId: user.id, roleId })));
    }
    return user.id;
  },

  async emailsTaken(tx: Db, emails: string[]): Promise<string[]> {
    const rows = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      );
    return rows.map((r) => r.email);
  },
};
