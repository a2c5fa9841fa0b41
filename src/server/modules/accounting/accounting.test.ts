import {
  bearer,
  createTestCompany,
  createTestUserWithPermissions,
  login,
  setupApp,
  TEST_COMPANY_IDENTITY,
} from "@server/test/helpers";
import { ACCOUNTING_TEXTS, DEFAULT_ACCOUNTS, FEC_COLUMNS } from "@shared/accounting";
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

describe("GET/PUT /api/company/accounting", () => {
  const url = "/api/company/accounting";
  const get = (token: string) => app.inject({ method: "GET", url, headers: bearer(token) });
  const put = (token: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: "PUT", url, headers: { ...bearer(token), ...headers }, payload });

  it("answers the PCG's defaults until saved, with the version as ETag", async () => {
    const { id, emails } = await createTestCompany(db, "Comptes SARL");
    const token = (await login(app, emails.admin)).token;
    const res = await get(token);
    expect(res.statusCode, res.body).toBe(200);
    const { updated_at, ...accounts } = res.json();
    expect(accounts).toEqual({
      clients_account: DEFAULT_ACCOUNTS.clients,
      deposits_account: "419100",
      bank_account: "512000",
      sales_account_20: "704200",
      sales_account_10: "704100",
      sales_account_5_5: "704055",
      sales_account_0: "704000",
      sales_account_other: "704000",
      vat_account_20: "445712",
      vat_account_10: "445711",
      vat_account_5_5: "445705",
      vat_account_2_1: "445702",
      vat_account_other: "445710",
      sales_journal: "VT",
      bank_journal: "BQ",
    });
    expect(res.headers.etag).toBe(`"${updated_at}"`);
    expect(id).toBeTruthy();
  });

  it("saves the accounts (spaces dropped, codes upper case) and the FEC writes them", async () => {
    const before = (await get(admin)).json();
    const { updated_at: _version, ...body } = before;
    const res = await put(
      admin,
      {
        ...body,
        clients_account: "411 100",
        sales_account_10: "706100",
        vat_account_10: "4457110",
        sales_journal: "ve",
        bank_journal: "BQ1",
      },
      { "if-match": `"${before.updated_at}"` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      clients_account: "411100",
      sales_account_10: "706100",
      vat_account_10: "4457110",
      sales_journal: "VE",
      bank_journal: "BQ1",
      sales_account_20: "704200",
    });
    expect((await get(admin)).json()).toEqual(res.json());
    // The previous version is stale now.
    const stale = await put(admin, body, { "if-match": `"${before.updated_at}"` });
    expect(stale.statusCode).toBe(409);

    const fecRes = await fec(admin);
    expect(fecRes.statusCode, fecRes.body).toBe(200);
    const cells = fecRes.body
      .replace(/\r\n$/, "")
      .split("\r\n")
      .slice(1)
      .map((r) => r.split("\t"));
    expect(cells.map((c) => [c[0], c[2], c[4], c[5]])).toEqual([
      ["VE", "1", "411100", "Clients"],
      ["VE", "1", "706100", "Prestations de services TVA 10\u00a0%"],
      ["VE", "1", "4457110", "TVA collectée 10\u00a0%"],
      ["BQ1", "2", "512000", "Banque"],
      ["BQ1", "2", "411100", "Clients"],
    ]);
    // Another company keeps its own (the defaults).
    expect((await get(other)).json().clients_account).toBe("411000");
    // Back to the defaults for the other tests of this file.
    const restored = await put(admin, body);
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it("refuses an account out of its PCG class, not digits, a bad or shared journal code (French 400), and changes nothing", async () => {
    const before = (await get(admin)).json();
    const { updated_at: _version, ...body } = before;
    const cases: [object, string, string][] = [
      [{ clients_account: "401000" }, "clients_account", ACCOUNTING_TEXTS.clientsClass],
      [{ deposits_account: "411900" }, "deposits_account", ACCOUNTING_TEXTS.depositsClass],
      [{ bank_account: "530000" }, "bank_account", ACCOUNTING_TEXTS.bankClass],
      [{ sales_account_20: "604000" }, "sales_account_20", ACCOUNTING_TEXTS.salesClass],
      [{ vat_account_other: "445660" }, "vat_account_other", ACCOUNTING_TEXTS.vatClass],
      [{ sales_account_5_5: "70A100" }, "sales_account_5_5", ACCOUNTING_TEXTS.accountDigits],
      [{ bank_account: "51" }, "bank_account", ACCOUNTING_TEXTS.accountDigits],
      [{ vat_account_20: 445712 }, "vat_account_20", ACCOUNTING_TEXTS.accountDigits],
      [{ sales_journal: "VENTES1" }, "sales_journal", ACCOUNTING_TEXTS.journalCode],
      [{ bank_journal: "V-T" }, "bank_journal", ACCOUNTING_TEXTS.journalCode],
      [{ bank_journal: "vt" }, "bank_journal", ACCOUNTING_TEXTS.journalsDistinct],
    ];
    for (const [change, path, message] of cases) {
      const res = await put(admin, { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().details, JSON.stringify(change)).toEqual([{ path, message }]);
    }
    expect((await get(admin)).json()).toEqual(before);
  });

  it("reads with settings:view, saves with settings:edit only", async () => {
    const { id, emails } = await createTestCompany(db, "Droits comptes SARL");
    const viewer = (await login(app, await createTestUserWithPermissions(db, id, ["settings:view"]))).token;
    const res = await get(viewer);
    expect(res.statusCode).toBe(200);
    const { updated_at: _version, ...body } = res.json();
    expect((await put(viewer, body)).statusCode).toBe(403);
    for (const email of [emails.chef, emails.compagnon, emails.norole]) {
      const token = (await login(app, email)).token;
      expect((await get(token)).statusCode, email).toBe(403);
      expect((await put(token, body)).statusCode, email).toBe(403);
    }
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
  });
});
