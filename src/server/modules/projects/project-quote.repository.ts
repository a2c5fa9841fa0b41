import type { Db } from "@server/db/client";
import type { QuoteLineForTask } from "@shared/projects";
import { sql } from "drizzle-orm";

/** The validated quote a worksite is made from, as the creation reads it (locked). */
export interface QuoteForProject {
  id: string;
  reference: string;
  name: string;
  status: string;
  project_id: string | null;
  notes: string | null;
  total: number;
  /** The quote's amount HT after its discount (its TTC less its VAT): a worksite's budget. */
  total_ht: number;
  client_id: string;
  client: { id: string; name: string; phone: string | null; email: string | null; address: string | null };
  client_parts: { address: string | null; postal_code: string | null; city: string | null };
  worksite: { address: string; postal_code: string | null; city: string | null } | null;
  lines: QuoteLineForTask[];
}

/** An address on one line (« 3 rue Neuve, 69001 Lyon »), or null when it has none. */
export function oneLine(address: string | null, postalCode: string | null, city: string | null): string | null {
  const town = [postalCode, city].filter(Boolean).join(" ");
  return [address, town].filter(Boolean).join(", ") || null;
}

/** The quote a worksite is made from (docs/domain/projects.md#creation-from-a-quote). */
export const projectQuoteRepository = {
  /** The quote a worksite is made from, its client and its lines in order; locked when asked. */
  async quoteForProject(
    tx: Db,
    companyId: string,
    quoteId: string,
    lock = false,
  ): Promise<QuoteForProject | undefined> {
    const result = await tx.execute<{
      id: string;
      reference: string;
      name: string;
      status: string;
      project_id: string | null;
      notes: string | null;
      total: string | number;
      tax_amount: string | number;
      client_id: string;
      client_name: string;
      client_phone: string | null;
      client_email: string | null;
      client_address: string | null;
      client_postal_code: string | null;
      client_city: string | null;
      worksite_address: string | null;
      worksite_postal_code: string | null;
      worksite_city: string | null;
    }>(sql`
      SELECT q.id, q.reference, q.name, q.status, q.project_id, q.notes, q.total, q.tax_amount, q.client_id,
             c.name AS client_name, c.phone AS client_phone, c.email AS client_email, c.address AS client_address,
             c.postal_code AS client_postal_code, c.city AS client_city,
             q.worksite_address, q.worksite_postal_code, q.worksite_city
      FROM quotes q JOIN clients c ON c.company_id = ${companyId} AND c.id = q.client_id
      WHERE q.company_id = ${companyId} AND q.id = ${quoteId}
      ${lock ? sql`FOR UPDATE OF q` : sql``}`);
    const row = result.rows[0];
    if (!row) return undefined;
    // Each line's library item, when it came from one: its labour time gives the task's hours.
    const lines = await tx.execute<{
      kind: string;
      name: string;
      quantity: string | number;
      unit: string;
      unit_price: string | number;
      library_kind: string | null;
      library_category: string | null;
      library_unit: string | null;
      library_labour_hours: string | number | null;
    }>(sql`
      SELECT qi.kind, qi.name, qi.quantity, qi.unit, qi.unit_price, li.kind AS library_kind,
             li.category AS library_category, li.unit AS library_unit, li.labour_hours AS library_labour_hours
      FROM quote_items qi
      LEFT JOIN library_items li ON li.company_id = ${companyId} AND li.id = qi.library_item_id
      WHERE qi.company_id = ${companyId} AND qi.quote_id = ${quoteId} ORDER BY qi.position`);
    const clientParts = { address: row.client_address, postal_code: row.client_postal_code, city: row.client_city };
    return {
      id: row.id,
      reference: row.reference,
      name: row.name,
      status: row.status,
      project_id: row.project_id,
      notes: row.notes,
      total: Number(row.total),
      // HT after the discount: TTC less its VAT, in cents (the quote's stored figures, ADR 0002).
      total_ht: (Math.round(Number(row.total) * 100) - Math.round(Number(row.tax_amount) * 100)) / 100,
      client_id: row.client_id,
      client: {
        id: row.client_id,
        name: row.client_name,
        phone: row.client_phone,
        email: row.client_email,
        address: oneLine(row.client_address, row.client_postal_code, row.client_city),
      },
      client_parts: clientParts,
      worksite: row.worksite_address
        ? { address: row.worksite_address, postal_code: row.worksite_postal_code, city: row.worksite_city }
        : null,
      lines: lines.rows.map((l) => ({
        kind: l.kind,
        name: l.name,
        quantity: Number(l.quantity),
        unit: l.unit,
        unit_price: Number(l.unit_price),
        library:
          l.library_kind && l.library_unit
            ? {
                kind: l.library_kind,
                category: l.library_category,
                unit: l.library_unit,
                labour_hours: l.library_labour_hours === null ? null : Number(l.library_labour_hours),
              }
            : null,
      })),
    };
  },
};
