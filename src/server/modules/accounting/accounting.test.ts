import { bearer, createTestCompany, login, setupApp, TEST_COMPANY_IDENTITY } from "@server/test/helpers";
import { ACCOUNTING_TEXTS, FEC_COLUMNS } from "@shared/accounting";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type JournalRecord, recordInJournal } from "../journal/journal.queries";
import type { DocumentContent, MoneyContent } from "../journal/journal-content";

const { app, db } = await setupApp();

let companyId: string;
let admin: string;
let norole: string;
let other: string;

const client = { id: "0a1b2c3d-0000-4000-8000-000000000001", name: "Famille Martin" };
const invoice: DocumentContent = {
  type: "invoice",
  date: "2026-02-10",
  client,
  rates: [{ rate: 10, net: 100_000, tax: 10_000 }],
  deposits: [],
  total: 110_000,
};
const payment: MoneyContent = {
  reference: "FAC-2026-0001",
  date: "2026-02-20",
  client,
  method: "check",
  amount: 110_000,
};

const record = (id: string, entry: JournalRecord) => db.run({ companyId: id }, (tx) => recordInJournal(tx, id, entry));

beforeAll(async () => {
  const company = await createTestCompany(db, "FEC SARL");
  companyId = company.id;
  admin = (await login(app, company.emails.admin)).token;
  norole = (await login(app, company.emails.norole)).token;
  other = (await login(app, (await createTestCompany(db, "Autre FEC SARL")).emails.admin)).token;
  const base = { documentId: null, userName: "Jean Durand" };
  await record(companyId, {
    ...base,
    kind: "invoice",
    reference: "FAC-2026-0001",
    amountCents: 110_000,
    content: { ...invoice },
    recordedAt: new Date("2026-02-10T09:00:00Z"),
  });
  await record(companyId, {
    ...base,
    kind: "payment",
    reference: "FAC-2026-0001",
    amountCents: 110_000,
    content: { ...payment },
    recordedAt: new Date("2026-02-20T09:00:00Z"),
  });
  // 2025's invoice stays out of 2026's file.
  await record(companyId, {
    ...base,
    kind: "invoice",
    reference: "FAC-2025-0009",
    amountCents: 5_000,
    content: { ...invoice, date: "2025-12-30", total: 5_000 },
    recordedAt: new Date("2025-12-30T09:00:00Z"),
  });
});

const fec = (token: string, query = "year=2026") =>
  app.inject({ method: "GET", url: `/api/accounting/fec?${query}`, headers: bearer(token) });

describe("GET /api/accounting/fec", () => {
  it("answers the year's FEC from the journal: <SIREN>FEC<AAAAMMJJ>.txt, 18 fields, each entry balanced", async () => {
    const res = await fec(admin);
    expect(res.statusCode, res.body).toBe(200);
    const siren = TEST_COMPANY_IDENTITY.siret.slice(0, 9);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${siren}FEC20261231.txt"`);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const [header, ...rows] = res.body.replace(/\r\n$/, "").split("\r\n");
    expect(header?.split("\t")).toEqual([...FEC_COLUMNS]);
    const cells = rows.map((r) => r.split("\t"));
    expect(cells.map((c) => [c[0], c[2], c[4], c[8], c[11], c[12]])).toEqual([
      ["VT", "1", "411000", "FAC-2026-0001", "1100,00", "0,00"],
      ["VT", "1", "704100", "FAC-2026-0001", "0,00", "1000,00"],
      ["VT", "1", "445711", "FAC-2026-0001", "0,00", "100,00"],
      ["BQ", "2", "512000", "FAC-2026-0001", "1100,00", "0,00"],
      ["BQ", "2", "411000", "FAC-2026-0001", "0,00", "1100,00"],
    ]);
  });

  it("an empty year is its header alone; another company's journal is never read", async () => {
    const res = await fec(other);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${FEC_COLUMNS.join("\t")}\r\n`);
  });

  it("refuses a bad year (French 400), without invoices:view (403), without a SIREN (409)", async () => {
    for (const query of ["year=26", "year=deux-mille", "year="]) {
      const res = await fec(admin, query);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await fec(admin, "year=1999")).json().message).toContain(ACCOUNTING_TEXTS.yearInvalid);
    expect((await fec(norole)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/accounting/fec?year=2026" })).statusCode).toBe(401);

    const bare = await createTestCompany(db, "Sans SIRET SARL");
    await db.run("platform", (tx) => tx.execute(sql`UPDATE companies SET siret = NULL WHERE id = ${bare.id}`));
    const res = await fec((await login(app, bare.emails.admin)).token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNTING_TEXTS.sirenRequired);
  });
});
