import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../db/client";
import { createTestCompany } from "./helpers";

/**
 * ADR 0003: every tenant table is guarded by PostgreSQL itself. The tables are found in the catalogue
 * (every table of the public schema with a `company_id` column, plus `companies`), never listed by
 * hand, so a table added by a new migration is checked the day it exists.
 */

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

let owner: pg.Client;
let tenantTables: string[] = [];

beforeAll(async () => {
  owner = await connect(inject("ownerDatabaseUrl"));
  const { rows } = await owner.query<{ table: string }>(
    `SELECT c.relname AS table
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public'
        AND c.relkind IN ('r', 'p')
        AND (c.relname = 'companies'
             OR EXISTS (SELECT 1 FROM pg_attribute a
                         WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND a.attnum > 0 AND NOT a.attisdropped))
      ORDER BY c.relname`,
  );
  tenantTables = rows.map((r) => r.table);
});

afterAll(async () => {
  await owner?.end();
});

describe("row-level security on every tenant table (found in the catalogue)", () => {
  it("finds the tenant tables (the query itself works)", () => {
    // A few tables known today, so an empty or broken catalogue query cannot pass the checks below.
    expect(tenantTables).toEqual(
      expect.arrayContaining(["companies", "users", "roles", "sessions", "clients", "quotes", "files"]),
    );
  });

  it("enables and forces RLS on each, with at least one policy", async () => {
    const { rows } = await owner.query<{ table: string; enabled: boolean; forced: boolean; policies: number }>(
      `SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname = ANY($1)
        ORDER BY c.relname`,
      [tenantTables],
    );
    expect(rows.map((r) => r.table)).toEqual(tenantTables);
    const unguarded = rows
      .filter((r) => !r.enabled || !r.forced || r.policies < 1)
      .map((r) => `${r.table} (enabled: ${r.enabled}, forced: ${r.forced}, policies: ${r.policies})`);
    expect(unguarded, "tables with a company_id that PostgreSQL does not guard (see drizzle/0001_rls.sql)").toEqual([]);
  });

  it("shows no row of any of them to the app role without a company context", async () => {
    // At least one company with its roles and users, whatever other test files are doing.
    const db = createDatabase(inject("appDatabaseUrl"), { max: 1 });
    await createTestCompany(db, "RLS SARL").finally(() => db.close());
    const app = await connect(inject("appDatabaseUrl"));
    try {
      const count = async (table: string) =>
        (await app.query(`SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(table)}`)).rows[0].n as number;
      const withoutContext: Record<string, number> = {};
      const inPlatformScope: Record<string, number> = {};
      for (const table of tenantTables) withoutContext[table] = await count(table);
      await app.query("BEGIN");
      await app.query("SELECT set_config('app.platform', 'on', true)");
      for (const table of tenantTables) inPlatformScope[table] = await count(table);
      await app.query("ROLLBACK");
      // The rows exist (the platform scope sees them), the context-free query sees none of them.
      for (const table of ["companies", "users", "roles", "role_permissions", "user_roles"]) {
        expect(inPlatformScope[table], table).toBeGreaterThan(0);
      }
      expect(withoutContext).toEqual(Object.fromEntries(tenantTables.map((t) => [t, 0])));
    } finally {
      await app.end();
    }
  });
});

describe("Database.read: one statement in the tenant context, in one round trip", () => {
  it("sees only its company's rows, and its context ends with the statement", async () => {
    const db = createDatabase(inject("appDatabaseUrl"), { max: 1 });
    try {
      const a = await createTestCompany(db, "Lecture A");
      const b = await createTestCompany(db, "Lecture B");
      const companies = await db.read<{ id: string }>({ companyId: a.id }, sql`SELECT id FROM companies`);
      expect(companies.map((c) => c.id)).toEqual([a.id]);
      const users = await db.read<{ company_id: string }>({ companyId: b.id }, sql`SELECT company_id FROM users`);
      expect(users.length).toBe(4);
      expect(new Set(users.map((u) => u.company_id))).toEqual(new Set([b.id]));
      // The pool's only connection: the next statement, outside `read`, has no company context left.
      const after = await db.pool.query<{ company: string | null; n: number }>(
        "SELECT current_setting('app.company_id', true) AS company, (SELECT count(*)::int FROM companies) AS n",
      );
      expect(after.rows[0]?.company ?? "").toBe("");
      expect(after.rows[0]?.n).toBe(0);
      // A failing statement leaves the connection usable, still without context.
      await expect(db.read({ companyId: a.id }, sql`SELECT no_such_column FROM companies`)).rejects.toThrow();
      expect(
        (await db.read<{ n: number }>("platform", sql`SELECT count(*)::int AS n FROM companies`))[0]?.n,
      ).toBeGreaterThan(1);
    } finally {
      await db.close();
    }
  });

  it("refuses a company id that is not a UUID before sending anything", async () => {
    const db = createDatabase(inject("appDatabaseUrl"), { max: 1 });
    try {
      await expect(db.read({ companyId: "x', true); DROP TABLE users; --" }, sql`SELECT 1`)).rejects.toThrow(
        "Invalid company id",
      );
    } finally {
      await db.close();
    }
  });
});
