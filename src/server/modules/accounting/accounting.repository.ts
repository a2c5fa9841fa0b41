import type { Db } from "@server/db/client";
import { companies } from "@server/db/schema";
import { type ExpectedVersion, lockVersion } from "@server/lib/versions";
import { type AccountingAccounts, withDefaultAccounts } from "@shared/accounting";
import { eq, sql } from "drizzle-orm";

/** The company's accounts and journal codes (docs/domain/accounting.md#accounts), with their version. */
export const accountingRepository = {
  /** Locks the company and refuses a replaced version of its accounts (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, version: ExpectedVersion) =>
    lockVersion(tx, version, companies.accountingUpdatedAt, eq(companies.id, companyId)),

  /** The accounts the FEC writes: those saved, over the PCG's defaults. */
  async accounts(tx: Db, companyId: string): Promise<{ accounts: AccountingAccounts; updatedAt: string }> {
    const [row] = await tx
      .select({ stored: companies.accountingAccounts, updatedAt: companies.accountingUpdatedAt })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!row) throw new Error("company not found");
    return { accounts: withDefaultAccounts(row.stored), updatedAt: row.updatedAt.toISOString() };
  },

  async save(tx: Db, companyId: string, accounts: AccountingAccounts): Promise<void> {
    await tx
      .update(companies)
      .set({ accountingAccounts: accounts, updatedAt: sql`now()`, accountingUpdatedAt: sql`now()` })
      .where(eq(companies.id, companyId));
  },
};
