import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PERMISSION_CATALOGUE } from "@shared/permissions";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const here = path.dirname(fileURLToPath(import.meta.url));
/** drizzle/ at the repository root, found from src/server/db as from the bundle in dist/server. */
function findMigrationsFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "drizzle", "meta", "_journal.json"))) return path.join(dir, "drizzle");
    if (path.dirname(dir) === dir) throw new Error("Dossier des migrations drizzle/ introuvable");
  }
}
export const MIGRATIONS_FOLDER = findMigrationsFolder(here);

/**
 * Applies the generated migrations as the owner, grants the application role what it needs
 * (when it is a separate role) and synchronises the permission catalogue.
 */
export async function migrateDatabase(ownerUrl: string, appRole?: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    // One migrator at a time, even with several app processes starting together.
    await client.query("SELECT pg_advisory_lock(727274)");
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    if (appRole) {
      const role = client.escapeIdentifier(appRole);
      await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
      await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
      await client.query(`REVOKE INSERT, UPDATE, DELETE ON permissions FROM ${role}`);
      // The journal is append-only (ADR 0033): its trigger refuses the rest to everyone, the app is not granted it.
      await client.query(`REVOKE UPDATE, DELETE, TRUNCATE ON journal_entries FROM ${role}`);
      await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${role}`);
    }
    await syncPermissionCatalogue(client);
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
    await client.end();
  }
}

async function syncPermissionCatalogue(client: pg.Client): Promise<void> {
  const codes = PERMISSION_CATALOGUE.map((p) => p.code);
  await client.query(
    `INSERT INTO permissions (code, name, description, category)
     SELECT * FROM unnest($1::text[], $2::text[], $2::text[], $3::text[])
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, description = excluded.description, category = excluded.category`,
    [codes, PERMISSION_CATALOGUE.map((p) => p.name), PERMISSION_CATALOGUE.map((p) => p.category)],
  );
  await client.query("DELETE FROM permissions WHERE NOT (code = ANY($1::text[]))", [codes]);
}

/** The app must not be able to bypass row-level security (docs/decisions/0003-tenant-isolation.md). */
export async function assertAppRoleIsRestricted(appUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: appUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean; version: number }>(
      "SELECT rolname, rolsuper, rolbypassrls, current_setting('server_version_num')::int AS version FROM pg_roles WHERE rolname = current_user",
    );
    const row = rows[0];
    if (!row) throw new Error("Rôle PostgreSQL introuvable");
    if (row.version < 150000) throw new Error("PostgreSQL 15 ou plus récent est requis.");
    if (row.rolsuper || row.rolbypassrls) {
      throw new Error(
        `Le rôle PostgreSQL «\u00a0${row.rolname}\u00a0» de DATABASE_URL est superutilisateur ou BYPASSRLS\u00a0: ` +
          "l’isolation des entreprises ne serait pas garantie. Utilisez un rôle ordinaire (MIGRATION_DATABASE_URL pour le propriétaire).",
      );
    }
  } finally {
    await client.end();
  }
}
