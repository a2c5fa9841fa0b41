import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase, type Database } from "./client";
import { inlineQuery, sqlLiteral } from "./sql";

/** `Database.read` writes a query's values as literals: they must come back exactly, never as SQL. */
let db: Database;
beforeAll(() => {
  db = createDatabase(inject("appDatabaseUrl"), { max: 1 });
});
afterAll(async () => {
  await db.close();
});

describe("values written as SQL literals (Database.read)", () => {
  const texts = [
    "simple",
    "l'apostrophe",
    "''; DROP TABLE users; --",
    "antislash \\ et \\' et \\\\",
    "E'\\x41'",
    "$1 $$ dollar $tag$",
    "« Rénovation » — œuvre 🏗️",
    "ligne\nretour\tonglet",
    "",
  ];

  it("gives back every text as it was written, whatever it holds", async () => {
    for (const text of texts) {
      const [row] = await db.read<{ v: string }>("platform", sql`SELECT ${text}::text AS v`);
      expect(row?.v).toBe(text);
    }
  });

  it("writes numbers, booleans, dates and null as values, a negative number never as a comment", async () => {
    const at = new Date("2026-11-23T08:30:00.000Z");
    const [row] = await db.read<Record<string, unknown>>(
      "platform",
      sql`SELECT 10-${-5} AS n, ${1.5}::numeric AS d, ${true} AS b, ${at}::timestamptz AS t, ${null}::text AS z, ${12n} AS g`,
    );
    expect(row).toEqual({ n: 15, d: "1.5", b: true, t: at, z: null, g: 12 });
  });

  it("refuses what it cannot write safely", () => {
    expect(() => sqlLiteral("nul \u0000 byte")).toThrow(TypeError);
    expect(() => sqlLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow(TypeError);
    expect(() => sqlLiteral({ id: 1 })).toThrow(TypeError);
    expect(() => sqlLiteral(["a"])).toThrow(TypeError);
    expect(() => inlineQuery(sql`SELECT ${{ a: 1 }}`)).toThrow(TypeError);
  });

  it("keeps the query's own text and names", () => {
    expect(inlineQuery(sql`SELECT ${"a"} AS ${sql.identifier("x y")}`)).toBe(`SELECT 'a' AS "x y"`);
  });
});
