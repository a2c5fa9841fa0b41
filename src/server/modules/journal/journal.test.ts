import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bearer, createTestCompany, login, setupApp } from "@server/test/helpers";
import { JOURNAL_GENESIS_HASH, JOURNAL_TEXTS, type JournalTotals, type JournalVerification } from "@shared/journal";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type JournalRecord, recordInJournal, verifyCompanyJournal } from "./journal.queries";
import { VERIFY_PAGE } from "./journal.service";

const { app, db } = await setupApp();

interface Company {
  id: string;
  admin: string;
  compagnon: string;
  norole: string;
}

async function company(name: string): Promise<Company> {
  const created = await createTestCompany(db, name);
  return {
    id: created.id,
    admin: (await login(app, created.emails.admin)).token,
    compagnon: (await login(app, created.emails.compagnon)).token,
    norole: (await login(app, created.emails.norole)).token,
  };
}

let a: Company;
let b: Company;
let owner: pg.Client;

beforeAll(async () => {
  a = await company("Journal SARL");
  b = await company("Autre Journal SARL");
  owner = new pg.Client({ connectionString: inject("ownerDatabaseUrl") });
  await owner.connect();
  // The owner is not always a superuser (the PostgreSQL 15 pass): row-level security applies to it too
  // (FORCE), so it acts in the platform's scope, which sees every company's rows.
  await owner.query("SELECT set_config('app.platform', 'on', false)");
});
afterAll(async () => {
  await owner?.end();
});

const invoice = (n: number, amountCents: number): JournalRecord => ({
  kind: "invoice",
  documentId: null,
  reference: `FAC-2026-${String(n).padStart(4, "0")}`,
  amountCents,
  content: { total: amountCents, client: "Famille Martin", vat: [{ rate: 10, net: amountCents / 1.1 }] },
  userName: "Jean Durand",
});

const record = (c: Company, entry: JournalRecord) =>
  db.run({ companyId: c.id }, (tx) => recordInJournal(tx, c.id, entry));

const verify = async (token: string) => {
  const res = await app.inject({ method: "GET", url: "/api/journal/verify", headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JournalVerification;
};

describe("GET /api/journal/verify", () => {
  it("an empty journal is intact", async () => {
    const empty = await company("Journal vide SARL");
    expect(await verify(empty.admin)).toEqual({
      ok: true,
      entries: 0,
      last_hash: null,
      grand_total: 0,
      receipts_total: 0,
      first_broken: null,
      message: JOURNAL_TEXTS.intact,
    });
  });

  it("walks the company's entries: numbered 1, 2, 3 without gap, chained, their grand total", async () => {
    const first = await record(a, invoice(1, 132_000));
    const second = await record(a, { ...invoice(2, 0), kind: "payment", amountCents: 50_000 });
    const third = await record(a, { ...invoice(3, 0), kind: "credit_note", amountCents: -12_345 });
    expect([first.seq, second.seq, third.seq]).toEqual([1, 2, 3]);
    expect(first.previousHash).toBe(JOURNAL_GENESIS_HASH);
    expect(second.previousHash).toBe(first.hash);
    expect(third.previousHash).toBe(second.hash);
    const result = await verify(a.admin);
    // Sales: 1 320 € invoiced less 123,45 € credited; received: 500 €.
    expect(result).toMatchObject({
      ok: true,
      entries: 3,
      last_hash: third.hash,
      grand_total: 1_196.55,
      receipts_total: 500,
    });
    expect(result.first_broken).toBeNull();
  });

  it("asks for invoices:view (the Compagnon has it not), a session, a company", async () => {
    expect((await app.inject({ method: "GET", url: "/api/journal/verify" })).statusCode).toBe(401);
    for (const token of [a.compagnon, a.norole]) {
      const res = await app.inject({ method: "GET", url: "/api/journal/verify", headers: bearer(token) });
      expect(res.statusCode).toBe(403);
    }
  });

  it("another company sees only its own journal", async () => {
    await record(b, invoice(1, 1_000));
    const other = await verify(b.admin);
    expect(other).toMatchObject({ ok: true, entries: 1, grand_total: 10 });
    const seen = await db.run({ companyId: b.id }, (tx) =>
      tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM journal_entries WHERE company_id = ${a.id}`),
    );
    expect(seen.rows[0]?.n).toBe(0);
  });

  it("concurrent entries queue: the numbers stay gapless and the chain one line", async () => {
    const busy = await company("Journal concurrent SARL");
    await Promise.all(Array.from({ length: 12 }, (_, i) => record(busy, invoice(i + 1, 100))));
    const result = await verify(busy.admin);
    expect(result).toMatchObject({ ok: true, entries: 12, grand_total: 12 });
    const seqs = await db.run({ companyId: busy.id }, (tx) =>
      tx.execute<{ seq: number }>(sql`SELECT seq FROM journal_entries WHERE company_id = ${busy.id} ORDER BY seq`),
    );
    expect(seqs.rows.map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe("the journal is append-only", () => {
  it("the app's role can neither change nor delete nor empty it, even in the platform scope", async () => {
    const statements = [
      sql`UPDATE journal_entries SET amount_cents = 1 WHERE company_id = ${a.id}`,
      sql`DELETE FROM journal_entries WHERE company_id = ${a.id}`,
      sql`TRUNCATE journal_entries`,
    ];
    for (const statement of statements) {
      await expect(db.run("platform", (tx) => tx.execute(statement))).rejects.toThrow();
    }
    expect((await verify(a.admin)).entries).toBe(3);
  });

  it("the owner cannot either: the trigger refuses it to every role, with a French message", async () => {
    // The rows are there for the owner: a refusal below is the trigger's, not an empty match.
    const seen = await owner.query("SELECT count(*)::int AS n FROM journal_entries WHERE company_id = $1", [a.id]);
    expect(seen.rows[0].n).toBe(3);
    await expect(
      owner.query("UPDATE journal_entries SET amount_cents = 1 WHERE company_id = $1", [a.id]),
    ).rejects.toThrow(/Le journal est inaltérable/);
    await expect(owner.query("DELETE FROM journal_entries WHERE company_id = $1", [a.id])).rejects.toThrow(
      /Le journal est inaltérable/,
    );
    await expect(owner.query("TRUNCATE journal_entries")).rejects.toThrow(/Le journal est inaltérable/);
  });

  it("an entry changed behind the triggers' back (as the table's owner who disables them) is named by the check", async () => {
    const victim = await company("Journal falsifié SARL");
    for (let n = 1; n <= 4; n++) await record(victim, invoice(n, n * 1_000));
    // In one transaction: the table locked meanwhile, the triggers back on for everyone at its end.
    await owner.query("BEGIN");
    await owner.query("ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_no_update_delete");
    await owner.query("UPDATE journal_entries SET amount_cents = 99 WHERE company_id = $1 AND seq = 3", [victim.id]);
    await owner.query("ALTER TABLE journal_entries ENABLE TRIGGER journal_entries_no_update_delete");
    await owner.query("COMMIT");
    const result = await verify(victim.admin);
    expect(result.ok).toBe(false);
    expect(result.first_broken).toEqual({
      seq: 3,
      reference: "FAC-2026-0003",
      reason: "hash",
      message: JOURNAL_TEXTS.broken.hash,
    });
    expect(result.message).toBe(`Écriture n°\u00a03 (FAC-2026-0003)\u00a0: ${JOURNAL_TEXTS.broken.hash}`);
  });

  it("the last entries deleted behind its back: the check names the first one missing", async () => {
    const victim = await company("Journal tronqué SARL");
    for (let n = 1; n <= 3; n++) await record(victim, invoice(n, 500));
    await owner.query("BEGIN");
    await owner.query("ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_no_update_delete");
    await owner.query("DELETE FROM journal_entries WHERE company_id = $1 AND seq = 3", [victim.id]);
    await owner.query("ALTER TABLE journal_entries ENABLE TRIGGER journal_entries_no_update_delete");
    await owner.query("COMMIT");
    const result = await verify(victim.admin);
    expect(result).toMatchObject({ ok: false, entries: 2, first_broken: { seq: 3, reason: "head" } });
  });
});

describe("the check walks the journal in pages (issue 34: a check that scales)", () => {
  /** `n` entries appended through journal_append, 500 a transaction (as the bench seeds). */
  async function seed(c: Company, n: number) {
    for (let start = 1; start <= n; start += 500) {
      const count = Math.min(500, n - start + 1);
      await db.run({ companyId: c.id }, (tx) =>
        tx.execute(sql`
          SELECT count(*) FROM generate_series(${start}::int, ${start + count - 1}::int) AS g(n),
            LATERAL journal_append(${c.id}::uuid, 'invoice', NULL, 'FAC-2026-' || lpad(g.n::text, 5, '0'), NULL,
              (g.n * 100)::bigint, 'Jean Durand', '{"total":' || (g.n * 100) || '}') AS j`),
      );
    }
  }

  it(`pages of ${VERIFY_PAGE} entries, the previous hash carried: the same answer, a broken entry of a later page named`, async () => {
    const big = await company("Grand journal SARL");
    const n = VERIFY_PAGE + 345;
    await seed(big, n);
    const intact = await verify(big.admin);
    // Σ 100 × k for k = 1…n cents.
    expect(intact).toMatchObject({ ok: true, entries: n, grand_total: (n * (n + 1) * 100) / 2 / 100 });
    const last = await owner.query("SELECT hash FROM journal_entries WHERE company_id = $1 AND seq = $2", [big.id, n]);
    expect(intact.last_hash).toBe(last.rows[0]?.hash);
    // The CLI's function, in pages of 100: the same answer.
    expect(await verifyCompanyJournal(db, big.id, 100)).toEqual(intact);

    // An entry of the second page changed behind the triggers' back.
    const victim = VERIFY_PAGE + 300;
    await owner.query("BEGIN");
    await owner.query("ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_no_update_delete");
    await owner.query("UPDATE journal_entries SET amount_cents = 1 WHERE company_id = $1 AND seq = $2", [
      big.id,
      victim,
    ]);
    await owner.query("ALTER TABLE journal_entries ENABLE TRIGGER journal_entries_no_update_delete");
    await owner.query("COMMIT");
    const broken = await verify(big.admin);
    expect(broken).toMatchObject({
      ok: false,
      entries: victim - 1,
      first_broken: { seq: victim, reference: `FAC-2026-0${victim}`, reason: "hash" },
    });
    expect(await verifyCompanyJournal(db, big.id, 999)).toEqual(broken);
  }, 120_000);

  it("entries appended while the check walks are walked too, not taken for a break", async () => {
    const busy = await company("Journal occupé SARL");
    await seed(busy, 30);
    // A page of 10: each page read lets another entry in before the next one.
    let appended = 0;
    const pages = db.read.bind(db);
    const spy = vi.spyOn(db, "read").mockImplementation(async (scope, query) => {
      const rows = await pages(scope, query);
      if (appended < 5) {
        appended += 1;
        await record(busy, invoice(100 + appended, 100));
      }
      return rows as never;
    });
    try {
      const result = await verifyCompanyJournal(db, busy.id, 10);
      expect(result).toMatchObject({ ok: true, first_broken: null });
      expect(result.entries).toBeGreaterThan(30);
    } finally {
      spy.mockRestore();
    }
    expect(await verify(busy.admin)).toMatchObject({ ok: true, entries: 35 });
  });
});

describe("period totals and closings", () => {
  const at = (iso: string) => new Date(iso);

  it("totals each month's sales and receipts (Paris time), closes a month that is over and freezes its totals", async () => {
    const c = await company("Journal clôture SARL");
    // 31 March 2025 at 23:30 in Paris is still March (21:30 UTC); 1 April at 00:30 is April (31 March 22:30 UTC).
    await record(c, { ...invoice(1, 120_000), recordedAt: at("2025-03-10T09:00:00Z") });
    await record(c, { ...invoice(2, 0), kind: "payment", amountCents: 40_000, recordedAt: at("2025-03-31T21:30:00Z") });
    await record(c, {
      ...invoice(3, 0),
      kind: "credit_note",
      amountCents: -20_000,
      recordedAt: at("2025-03-31T22:30:00Z"),
    });

    const totals = async (query: string) => {
      const res = await app.inject({ method: "GET", url: `/api/journal/totals?${query}`, headers: bearer(c.admin) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as JournalTotals;
    };
    const months = await totals("period=month&year=2025");
    expect(months.periods.map((p) => [p.key, p.sales, p.receipts, p.entries, p.closing])).toEqual([
      ["2025-03", 1_200, 400, 2, null],
      ["2025-04", -200, 0, 1, null],
    ]);
    expect(months).toMatchObject({ period: "month", grand_total: 1_000, receipts_total: 400 });
    expect((await totals("period=day&year=2025")).periods.map((p) => p.key)).toEqual([
      "2025-03-10",
      "2025-03-31",
      "2025-04-01",
    ]);
    expect((await totals("period=month&year=2024")).periods).toEqual([]);

    const close = (token: string, payload: object) =>
      app.inject({ method: "POST", url: "/api/journal/closings", headers: bearer(token), payload });
    const closed = await close(c.admin, { period: "month", key: "2025-03" });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json()).toMatchObject({ key: "2025-03", invoices: 1_200, payments: 400, sales: 1_200, entries: 2 });
    expect(closed.json().closing.seq).toBe(4);

    // An entry slipped into March afterwards (the app never back-dates one): March keeps its frozen totals.
    await record(c, { ...invoice(4, 99_900), recordedAt: at("2025-03-15T09:00:00Z") });
    const march = (await totals("period=month&year=2025")).periods[0];
    expect(march).toMatchObject({ key: "2025-03", sales: 1_200, entries: 2, closing: { seq: 4 } });

    // Closed once only; a period not over, a malformed key, without invoices:issue: refused.
    const again = await close(c.admin, { period: "month", key: "2025-03" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(JOURNAL_TEXTS.periodClosed);
    const thisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date()).slice(0, 7);
    const early = await close(c.admin, { period: "month", key: thisMonth });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(JOURNAL_TEXTS.periodNotOver);
    const malformed = await close(c.admin, { period: "month", key: "2025-13" });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain(JOURNAL_TEXTS.periodInvalid);
    expect((await close(c.compagnon, { period: "year", key: "2024" })).statusCode).toBe(403);

    // The closing is an entry of the chain like the others.
    expect(await verify(c.admin)).toMatchObject({ ok: true, entries: 5 });
  });
});

describe("GET /api/journal/closings/:id/archive", () => {
  /** The archive unzipped in a temporary folder. */
  function unpack(bytes: Buffer): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "journal-archive-"));
    for (const [name, data] of Object.entries(unzipSync(new Uint8Array(bytes)))) {
      if (name.endsWith("/")) continue;
      const file = path.join(dir, name);
      execFileSync("mkdir", ["-p", path.dirname(file)]);
      writeFileSync(file, data);
    }
    return dir;
  }
  const verifyOffline = (dir: string) => spawnSync(process.execPath, ["verifier.mjs"], { cwd: dir, encoding: "utf8" });

  it("a closed period's archive checks offline (manifest, chain, closing totals) and a changed byte is found", async () => {
    const c = await company("Journal archive SARL");
    await record(c, { ...invoice(1, 120_000), recordedAt: new Date("2025-06-03T08:00:00Z") });
    await record(c, {
      ...invoice(2, 0),
      kind: "payment",
      amountCents: 60_000,
      recordedAt: new Date("2025-06-20T08:00:00Z"),
    });
    await record(c, { ...invoice(3, 8_000), recordedAt: new Date("2025-07-01T08:00:00Z") });
    const get = (token: string, url: string) => app.inject({ method: "GET", url, headers: bearer(token) });

    const closed = await app.inject({
      method: "POST",
      url: "/api/journal/closings",
      headers: bearer(c.admin),
      payload: { period: "month", key: "2025-06" },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const url = `/api/journal/closings/${closed.json().closing.id}/archive`;
    const res = await get(c.admin, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="journal-month-2025-06.zip"');
    // The same closing, the same bytes (every file dated by the closing).
    expect((await get(c.admin, url)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await get(c.compagnon, url)).statusCode).toBe(403);
    // Another company's closing, an entry that is not a closing, an id that is none: 404.
    const other = await get(b.admin, url);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(JOURNAL_TEXTS.closingNotFound);
    const firstEntry = await db.run({ companyId: c.id }, (tx) =>
      tx.execute<{ id: string }>(sql`SELECT id FROM journal_entries WHERE company_id = ${c.id} AND seq = 1`),
    );
    expect((await get(c.admin, `/api/journal/closings/${firstEntry.rows[0]?.id}/archive`)).statusCode).toBe(404);
    expect((await get(c.admin, "/api/journal/closings/juin/archive")).statusCode).toBe(404);

    const dir = unpack(res.rawPayload);
    try {
      const journal = JSON.parse(readFileSync(path.join(dir, "journal.json"), "utf8"));
      // From the period's first entry to its closing: June's two, July's, the closing.
      expect(journal.entries.map((e: { seq: number; kind: string }) => [e.seq, e.kind])).toEqual([
        [1, "invoice"],
        [2, "payment"],
        [3, "invoice"],
        [4, "closing"],
      ]);
      const ok = verifyOffline(dir);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`Empreinte de la clôture : ${closed.json().closing.hash}`);
      // sha256sum reads the manifest too.
      expect(spawnSync("sha256sum", ["-c", "MANIFEST.sha256"], { cwd: dir }).status).toBe(0);

      // One amount changed in journal.json: the manifest no longer matches, nor does the entry's hash.
      const file = path.join(dir, "journal.json");
      writeFileSync(file, readFileSync(file, "utf8").replace('"amount_cents": 60000', '"amount_cents": 6000'));
      const tampered = verifyOffline(dir);
      expect(tampered.status).toBe(1);
      expect(tampered.stderr).toContain("journal.json : modifié");
      expect(tampered.stderr).toContain("écriture n° 2 (FAC-2026-0002) : contenu modifié");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
