import { readFileSync } from "node:fs";
import path from "node:path";
import { createTestCompany, setupApp } from "@server/test/helpers";
import { clientDisplayName, LEGAL_FORM_WORDS, legacyIdentity } from "@shared/client-rules";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * ADR 0012: the clients written before types existed were typed by drizzle/0017's SQL
 * (`clients_legacy_identity()`), which mirrors `legacyIdentity()` of src/shared/client-rules.ts. Both
 * are run on the same names here, and the migration's own UPDATE on rows of the old shape.
 */

const MIGRATION = readFileSync(path.resolve(import.meta.dirname, "../../../../drizzle/0017_clients_types.sql"), "utf8");
/** The migration's statement that types the existing clients, as it is in the file. */
const TYPING_UPDATE = MIGRATION.split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .find((statement) => statement.startsWith("UPDATE clients c"));

const { db } = await setupApp();
let owner: pg.Client;

beforeAll(async () => {
  owner = new pg.Client({ connectionString: inject("ownerDatabaseUrl") });
  await owner.connect();
});
afterAll(async () => {
  await owner?.end();
});

type Identity = ReturnType<typeof legacyIdentity>;

async function sqlIdentities(names: readonly string[]): Promise<Identity[]> {
  const { rows } = await owner.query<Identity & { ord: number }>(
    `SELECT n.ord, l.* FROM unnest($1::text[]) WITH ORDINALITY AS n(name, ord),
            LATERAL clients_legacy_identity(n.name) AS l ORDER BY n.ord`,
    [names],
  );
  return rows.map(({ ord: _ord, ...identity }) => identity);
}

const NAMES = [
  "SARL Dupont & Fils",
  "Dupont SAS",
  "sci les terrasses",
  "Mairie de Charbonnières",
  "École Jean Moulin",
  "ÉCOLE PRIMAIRE",
  "Association Les Amis du Parc",
  "Copropriété « Le Parc »",
  "Résidence Bellecour",
  "Boulangerie Moreau",
  "Martin EI",
  "S.A.R.L. Martin",
  "Sasha Martin",
  "Famille Lefèvre",
  "Marc-Antoine Sarlat",
  "Hélène et Marc Girard",
  "Mme Claire Martin",
  "M. Jean-Pierre de la Tour",
  "M. Dupont",
  "Mme.Martin",
  "Monsieur Dupont",
  "Œuvre de l'Hôpital",
];

describe("the migration's rule (drizzle/0017) mirrors legacyIdentity()", () => {
  it("types the same names the same way", async () => {
    expect(await sqlIdentities(NAMES)).toEqual(NAMES.map(legacyIdentity));
  });

  it("knows every legal-form word of the TypeScript list", async () => {
    const names = LEGAL_FORM_WORDS.map((word) => `Dupont ${word.toUpperCase()}`);
    const types = (await sqlIdentities(names)).map((identity) => identity.type);
    expect(types).toEqual(names.map(() => "professionnel"));
  });

  it("agrees on any name made of words, accents, punctuation and civilities (property)", async () => {
    const word = fc.constantFrom(
      "Jean",
      "Claire",
      "de",
      "la",
      "SARL",
      "sas",
      "Mairie",
      "École",
      "ÉCOLE",
      "hôtel",
      "Œuvre",
      "d'Arc",
      "&",
      "S.A.",
      "Sàrl",
      "Ei",
      "ei-",
      "Zoë",
    );
    const name = fc
      .tuple(fc.constantFrom("", "M. ", "Mme ", "M.", "Mme  "), fc.array(word, { minLength: 1, maxLength: 5 }))
      .map(([prefix, words]) => `${prefix}${words.join(" ")}`);
    const samples = fc.sample(name, { numRuns: 300, seed: 20261126 });
    expect(await sqlIdentities(samples)).toEqual(samples.map(legacyIdentity));
  });
});

describe("the migration on clients of the old shape", () => {
  it("types each existing client by its name, keeps the name, and the display name is that name", async () => {
    expect(TYPING_UPDATE).toBeDefined();
    const company = await createTestCompany(db, "Migration SARL");
    await owner.query("BEGIN");
    try {
      // In the platform scope for this transaction, as the migration runs (the owner may be subject to
      // row-level security: PostgreSQL 15 in CI forces it).
      await owner.query("SELECT set_config('app.platform', 'on', true)");
      // The rows as they were before drizzle/0017: a name, nothing else of the identity.
      await owner.query("ALTER TABLE clients DROP CONSTRAINT clients_identity_check");
      const { rows: inserted } = await owner.query<{ id: string; name: string }>(
        `INSERT INTO clients (company_id, name, email)
         SELECT $1, n, 'x@exemple.fr' FROM unnest($2::text[]) AS n
         RETURNING id, name`,
        [company.id, NAMES],
      );
      await owner.query("UPDATE clients SET type = 'particulier', last_name = NULL WHERE company_id = $1", [
        company.id,
      ]);
      await owner.query(TYPING_UPDATE ?? "");
      const { rows } = await owner.query<Identity & { id: string; name: string }>(
        `SELECT id, name, type, civility, first_name, last_name, company_name FROM clients
         WHERE company_id = $1`,
        [company.id],
      );
      expect(rows).toHaveLength(NAMES.length);
      for (const { id, name, ...identity } of rows) {
        expect(inserted.find((r) => r.id === id)?.name).toBe(name);
        expect(identity).toEqual(legacyIdentity(name));
        expect(clientDisplayName(identity)).toBe(name);
      }
      expect(rows.find((r) => r.name === "Mairie de Charbonnières")).toMatchObject({
        type: "professionnel",
        company_name: "Mairie de Charbonnières",
      });
      expect(rows.find((r) => r.name === "Mme Claire Martin")).toMatchObject({
        type: "particulier",
        civility: "Mme",
        first_name: "Claire",
        last_name: "Martin",
      });
      // The constraint the migration adds after typing them holds for every row.
      await owner.query(`ALTER TABLE clients ADD CONSTRAINT clients_identity_check_test CHECK (
        (type = 'particulier' AND last_name IS NOT NULL AND company_name IS NULL)
        OR (type = 'professionnel' AND company_name IS NOT NULL AND last_name IS NULL
            AND first_name IS NULL AND civility IS NULL))`);
    } finally {
      await owner.query("ROLLBACK");
    }
  });
});
