import type { Db } from "@server/db/client";
import { quoteTemplates } from "@server/db/schema";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import { and, asc, eq, sql } from "drizzle-orm";

export type TemplateRow = typeof quoteTemplates.$inferSelect;
type TemplateValues = Omit<typeof quoteTemplates.$inferInsert, "id" | "companyId" | "createdAt" | "updatedAt">;

export const quoteTemplatesRepository = {
  /** Locks the template and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, quoteTemplates, companyId, id),

  /** A company's templates by name (case-insensitive). */
  list(tx: Db, companyId: string): Promise<TemplateRow[]> {
    return tx
      .select()
      .from(quoteTemplates)
      .where(eq(quoteTemplates.companyId, companyId))
      .orderBy(asc(sql`fold(${quoteTemplates.name})`), asc(quoteTemplates.id));
  },

  async insert(tx: Db, companyId: string, values: TemplateValues): Promise<TemplateRow> {
    const [row] = await tx
      .insert(quoteTemplates)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error("modèle de devis non enregistré");
    return row;
  },

  async exists(tx: Db, companyId: string, id: string): Promise<boolean> {
    const rows = await tx
      .select({ id: quoteTemplates.id })
      .from(quoteTemplates)
      .where(and(eq(quoteTemplates.companyId, companyId), eq(quoteTemplates.id, id)));
    return rows.length === 1;
  },

  async update(tx: Db, companyId: string, id: string, values: TemplateValues): Promise<TemplateRow | undefined> {
    const [row] = await tx
      .update(quoteTemplates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(quoteTemplates.companyId, companyId), eq(quoteTemplates.id, id)))
      .returning();
    return row;
  },

  async delete(tx: Db, companyId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(quoteTemplates)
      .where(and(eq(quoteTemplates.companyId, companyId), eq(quoteTemplates.id, id)))
      .returning({ id: quoteTemplates.id });
    return rows.length === 1;
  },
};
