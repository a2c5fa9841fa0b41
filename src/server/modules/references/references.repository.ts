import type { Db } from "@server/db/client";
import { formatReference, type ReferenceKind } from "@shared/references";
import { sql } from "drizzle-orm";

/**
 * Next reference of `kind` for the company and year, from its counter row, in the caller's
 * transaction (docs/domain/references.md#allocation): concurrent inserts queue on the row, never MAX()+1.
 */
export async function nextReference(tx: Db, companyId: string, kind: ReferenceKind, year: number): Promise<string> {
  const result = await tx.execute<{ last_value: number }>(sql`
    INSERT INTO reference_counters (company_id, kind, year, last_value) VALUES (${companyId}, ${kind}, ${year}, 1)
    ON CONFLICT (company_id, kind, year) DO UPDATE SET last_value = reference_counters.last_value + 1
    RETURNING last_value`);
  const value = result.rows[0]?.last_value;
  if (!value) throw new Error("reference counter not updated");
  return formatReference(kind, year, value);
}
