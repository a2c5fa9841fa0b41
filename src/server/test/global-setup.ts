import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { APP_ROLE, startEmbeddedPostgres } from "../db/embedded";
import { assertAppRoleIsRestricted, migrateDatabase } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    appDatabaseUrl: string;
    ownerDatabaseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * One real PostgreSQL for the server tests: the embedded one in a temporary folder, or the
 * server of TEST_DATABASE_URL (app role) + TEST_MIGRATION_DATABASE_URL (owner), e.g. Debian's 15.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const owner = process.env.TEST_MIGRATION_DATABASE_URL ?? external;
    const appUser = decodeURIComponent(new URL(external).username);
    await migrateDatabase(owner, appUser !== decodeURIComponent(new URL(owner).username) ? appUser : undefined);
    await assertAppRoleIsRestricted(external);
    project.provide("appDatabaseUrl", external);
    project.provide("ownerDatabaseUrl", owner);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "propulse-test-"));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: () => undefined });
  await migrateDatabase(server.adminUrl, APP_ROLE);
  await assertAppRoleIsRestricted(server.appUrl);
  project.provide("appDatabaseUrl", server.appUrl);
  project.provide("ownerDatabaseUrl", server.adminUrl);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
