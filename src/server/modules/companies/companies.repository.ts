import type { Db } from "@server/db/client";
import { companies } from "@server/db/schema";
import type { Plan } from "@shared/accounts";
import { rolesQueries } from "../users/users.queries";

/** What a new company starts with: its name, and optionally its subscription and identity. */
export interface CompanyProvision {
  name: string;
  /** Default 'standard'. */
  plan?: Plan;
  /** The end of a trial, yyyy-mm-dd. */
  trialEndsAt?: string | null;
  siret?: string | null;
  emailContact?: string | null;
  city?: string | null;
}

export const companiesRepository = {
  /** A new company with its default roles (docs/domain/permissions.md#default-roles; run in platform scope). */
  async provision(tx: Db, input: CompanyProvision): Promise<{ id: string; roleIds: Map<string, string> }> {
    const [company] = await tx
      .insert(companies)
      .values({
        name: input.name,
        plan: input.plan,
        trialEndsAt: input.trialEndsAt ?? null,
        siret: input.siret ?? null,
        emailContact: input.emailContact ?? null,
        city: input.city ?? null,
      })
      .returning({ id: companies.id });
    if (!company) throw new Error("company not created");
    return { id: company.id, roleIds: await rolesQueries.createDefaults(tx, company.id) };
  },
};
