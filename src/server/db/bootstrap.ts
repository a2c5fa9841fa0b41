import type { Env } from "../env";
import { createDatabase, type Database } from "./client";
import { APP_ROLE, startEmbeddedPostgres } from "./embedded";
import { assertAppRoleIsRestricted, migrateDatabase } from "./migrate";

export interface OpenedDatabase {
  db: Database;
  jwtSecret: string;
  /** A new embedded database (demo data goes in). */
  created: boolean;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the database the environment points to: DATABASE_URL (any PostgreSQL >= 15) or the
 * embedded server in DATA_DIR; applies migrations; checks the app role cannot bypass RLS.
 */
export async function openDatabase(env: Env, log: (message: string) => void): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    if (!env.JWT_SECRET) throw new Error("JWT_SECRET (32 caractères au moins) est obligatoire avec DATABASE_URL.");
    const ownerUrl = env.MIGRATION_DATABASE_URL ?? env.DATABASE_URL;
    const appUser = decodeURIComponent(new URL(env.DATABASE_URL).username);
    const ownerUser = decodeURIComponent(new URL(ownerUrl).username);
    await migrateDatabase(ownerUrl, appUser !== ownerUser ? appUser : undefined);
    await assertAppRoleIsRestricted(env.DATABASE_URL);
    const db = createDatabase(env.DATABASE_URL);
    return { db, jwtSecret: env.JWT_SECRET, created: false, embedded: false, close: () => db.close() };
  }

  const server = await startEmbeddedPostgres({ dataDir: env.dataDir, port: env.PG_PORT, log });
  try {
    await migrateDatabase(server.adminUrl, APP_ROLE);
    await assertAppRoleIsRestricted(server.appUrl);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const db = createDatabase(server.appUrl);
  return {
    db,
    jwtSecret: env.JWT_SECRET ?? server.jwtSecret,
    created: server.created,
    embedded: true,
    async close() {
      await db.close();
      await server.stop();
    },
  };
}
