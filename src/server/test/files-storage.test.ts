import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";

/**
 * Stored files are compressed images: PostgreSQL must keep them as they are, never try its own
 * compression on them (migration 0022, docs/domain/files.md#storage-and-checks).
 */
let owner: pg.Client;

beforeAll(async () => {
  owner = new pg.Client({ connectionString: inject("ownerDatabaseUrl") });
  await owner.connect();
});

afterAll(async () => {
  await owner?.end();
});

it("keeps files.data out of line and uncompressed (storage EXTERNAL)", async () => {
  const { rows } = await owner.query<{ storage: string }>(
    `SELECT a.attstorage AS storage
       FROM pg_attribute a
      WHERE a.attrelid = 'public.files'::regclass AND a.attname = 'data'`,
  );
  expect(rows).toEqual([{ storage: "e" }]);
});
