import type { Db } from "@server/db/client";
import { equipmentTemplates } from "@server/db/schema";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import type { EquipmentTemplate } from "@shared/equipment-templates";
import { and, eq, sql } from "drizzle-orm";

type RawTemplate = {
  id: string;
  name: string;
  equipment_items: string[];
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function toTemplate(row: RawTemplate): EquipmentTemplate {
  return {
    id: row.id,
    name: row.name,
    equipment_items: row.equipment_items,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const RETURNING = {
  id: equipmentTemplates.id,
  name: equipmentTemplates.name,
  equipment_items: equipmentTemplates.equipmentItems,
  created_at: equipmentTemplates.createdAt,
  updated_at: equipmentTemplates.updatedAt,
};

export interface EquipmentTemplateValues {
  name: string;
  equipment_items: string[];
}

export const equipmentTemplatesRepository = {
  /** Locks the template and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, equipmentTemplates, companyId, id),

  /**
   * One page, newest first (or oldest), and the total, in one statement. Without a search, the page
   * from the (company, created_at desc, id desc) index and the company's count beside it (not a window
   * over every template); with one, the rows whose name or items contain it come from
   * equipment_templates_matching() (trigram index under RLS, ADR 0003), counted as they are sorted.
   */
  async list(
    tx: Db,
    companyId: string,
    filter: { search?: string | undefined; order: "asc" | "desc" },
    page: { limit: number; offset: number },
  ) {
    const source = filter.search
      ? sql`equipment_templates_matching(${containsPattern(filter.search)}) AS t`
      : sql`equipment_templates AS t`;
    const totalColumn = filter.search
      ? sql`(count(*) OVER ())::int`
      : sql`(SELECT count(*)::int FROM equipment_templates n WHERE n.company_id = ${companyId})`;
    const order = filter.order === "asc" ? sql`t.created_at ASC, t.id ASC` : sql`t.created_at DESC, t.id DESC`;
    const result = await tx.execute<RawTemplate & { total: number }>(sql`
      SELECT t.id, t.name, t.equipment_items, t.created_at, t.updated_at, ${totalColumn} AS total
      FROM ${source}
      WHERE t.company_id = ${companyId}
      ORDER BY ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    const rows = result.rows;
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page.offset > 0) {
      const counted = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${source} WHERE t.company_id = ${companyId}`,
      );
      total = counted.rows[0]?.n ?? 0;
    }
    return { data: rows.map(({ total: _total, ...row }) => toTemplate(row)), total };
  },

  async find(tx: Db, companyId: string, id: string): Promise<EquipmentTemplate | undefined> {
    const [row] = await tx
      .select(RETURNING)
      .from(equipmentTemplates)
      .where(and(eq(equipmentTemplates.companyId, companyId), eq(equipmentTemplates.id, id)));
    return row ? toTemplate(row) : undefined;
  },

  async insert(tx: Db, companyId: string, values: EquipmentTemplateValues): Promise<EquipmentTemplate> {
    const [row] = await tx
      .insert(equipmentTemplates)
      .values({ companyId, name: values.name, equipmentItems: values.equipment_items })
      .returning(RETURNING);
    if (!row) throw new Error("modèle d’équipement non enregistré");
    return toTemplate(row);
  },

  async update(
    tx: Db,
    companyId: string,
    id: string,
    values: EquipmentTemplateValues,
  ): Promise<EquipmentTemplate | undefined> {
    const [row] = await tx
      .update(equipmentTemplates)
      .set({ name: values.name, equipmentItems: values.equipment_items, updatedAt: sql`now()` })
      .where(and(eq(equipmentTemplates.companyId, companyId), eq(equipmentTemplates.id, id)))
      .returning(RETURNING);
    return row ? toTemplate(row) : undefined;
  },

  async delete(tx: Db, companyId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(equipmentTemplates)
      .where(and(eq(equipmentTemplates.companyId, companyId), eq(equipmentTemplates.id, id)))
      .returning({ id: equipmentTemplates.id });
    return rows.length === 1;
  },
};
