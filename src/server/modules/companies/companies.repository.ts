import type { Db } from "@server/db/client";
import { companies } from "@server/db/schema";
import { rolesRepository } from "../users/roles.repository";

export const companiesRepository = {
  /** A new company with its default roles (docs/domain/permissions.md#default-roles; run in platform scope). */
  async provision(tx: Db, input: { name: string }): Promise<{ id: string; roleIds: Map<string, string> }> {
    const [company] = await tx.insert(companies).values({ name: input.name }).returning({ id: companies.id });
    if (!company) throw new Error("company not created");
    return { id: company.id, roleIds: await rolesRepository.createDefaults(tx, company.id) };
  },
};
