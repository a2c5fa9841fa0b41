import { setupInvoicesTest } from "@server/modules/invoices/invoices.fixtures";
import type { Invoice } from "@shared/invoices";
import { formatReference, REFERENCE_MIN_DIGITS, REFERENCE_PREFIXES } from "@shared/references";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

/**
 * One format of references (docs/domain/references.md#format): `formatReference` (src/shared/references.ts)
 * writes the quotes' and worksites' numbers, and the SQL trigger that numbers an invoice as its issue
 * commits (`invoices_take_number`, drizzle/0027) writes FAC and AV numbers again in PL/pgSQL. These
 * tests pin the trigger to the TypeScript function: numbers taken through the database for two
 * companies and two years, a number past 9999, a credit note, and the trigger's own source.
 */
let t: Awaited<ReturnType<typeof setupInvoicesTest>>;

beforeAll(async () => {
  t = await setupInvoicesTest();
});

/** A draft of `token`'s company (its client), issued as if on `day`: the trigger numbers it at the commit. */
async function issuedOn(day: string, token: string, clientId: string): Promise<Invoice> {
  const draft = await t.created(token, "/api/invoices", {
    client_id: clientId,
    name: "Numérotation",
    items: [{ name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate: 20 }],
  });
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${day}T10:00:00Z`) });
  try {
    const res = await t.api(token, "POST", `/api/invoices/${draft.id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  } finally {
    vi.useRealTimers();
  }
}

describe("references: the SQL trigger writes what formatReference writes", () => {
  it("numbers invoices per company and year as formatReference does, from 0001", async () => {
    // Past days (a session stays valid); the companies are this file's own: their counters start at 1.
    for (const year of [2021, 2022]) {
      const mine = [
        await issuedOn(`${year}-03-02`, t.admin, t.clientId),
        await issuedOn(`${year}-11-20`, t.admin, t.clientId),
      ];
      const theirs = await issuedOn(`${year}-06-15`, t.otherAdmin, t.otherClientId);
      expect(mine.map((i) => i.reference)).toEqual([
        formatReference("invoice", year, 1),
        formatReference("invoice", year, 2),
      ]);
      expect(theirs.reference).toBe(formatReference("invoice", year, 1));
    }
  });

  it("writes a credit note's number as formatReference('credit_note', …) does", async () => {
    const invoice = await issuedOn("2023-04-01", t.admin, t.clientId);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2023-04-02T10:00:00Z") });
    let creditNote: Invoice;
    try {
      const res = await t.api(t.admin, "POST", `/api/invoices/${invoice.id}/cancel`);
      expect(res.statusCode, res.body).toBe(201);
      creditNote = res.json();
    } finally {
      vi.useRealTimers();
    }
    expect(invoice.reference).toBe(formatReference("invoice", 2023, 1));
    expect(creditNote.reference).toBe(formatReference("credit_note", 2023, 1));
  });

  it("widens past 9999 as formatReference does (four digits at least, never cut)", async () => {
    await t.db.run("platform", (tx) =>
      tx.execute(sql`INSERT INTO reference_counters (company_id, kind, year, last_value)
        VALUES (${t.company.id}, 'invoice', 2024, 9999)`),
    );
    const invoice = await issuedOn("2024-01-15", t.admin, t.clientId);
    expect(invoice.reference).toBe(formatReference("invoice", 2024, 10000));
    expect(invoice.reference).toBe("FAC-2024-10000");
  });

  it("the trigger's source writes the prefixes of REFERENCE_PREFIXES and pads as formatReference", async () => {
    const source = await t.db.run("platform", async (tx) => {
      const result = await tx.execute<{ def: string }>(
        sql`SELECT pg_get_functiondef('invoices_take_number'::regproc) AS def`,
      );
      return result.rows[0]?.def ?? "";
    });
    expect(source).toContain(`THEN '${REFERENCE_PREFIXES.credit_note}' ELSE '${REFERENCE_PREFIXES.invoice}' END`);
    // The counters' kinds are formatReference's kinds.
    expect(source).toContain("THEN 'credit_note' ELSE 'invoice' END");
    expect(source).toContain(`lpad(number::text, greatest(${REFERENCE_MIN_DIGITS}, length(number::text)), '0')`);
    expect(source).toContain("|| '-' || extract(year FROM current.date)::int");
  });
});
