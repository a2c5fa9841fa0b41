// Runs the server's HTTP tests against Debian's PostgreSQL 15 through the DATABASE_URL path:
// a temporary cluster, an owner role that is not superuser (migrations) and the app role.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { root } from "./lib.mjs";

const { startEmbeddedPostgres } = await import("../src/server/db/embedded.ts").catch(async () => {
  // Plain node cannot import TypeScript: go through tsx.
  const { tsImport } = await import("tsx/esm/api");
  return tsImport("../src/server/db/embedded.ts", import.meta.url);
});

const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), "propulse-pg15-"));
const server = await startEmbeddedPostgres({ dataDir, port, binDir: "/usr/lib/postgresql/15/bin", log: () => {} });
let status = 1;
try {
  const admin = new pg.Client({ connectionString: server.adminUrl.replace(/\/propulse$/, "/postgres") });
  await admin.connect();
  const version = (await admin.query("SHOW server_version")).rows[0].server_version;
  console.info(`PostgreSQL ${version} sur le port ${port}`);
  await admin.query("DROP DATABASE IF EXISTS propulse");
  await admin.query("CREATE ROLE propulse_owner LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD 'owner-pass'");
  await admin.query("ALTER ROLE propulse_app PASSWORD 'app-pass'");
  await admin.query("CREATE DATABASE propulse_test OWNER propulse_owner");
  await admin.end();
  const owner = `postgres://propulse_owner:owner-pass@127.0.0.1:${port}/propulse_test`;
  const app = `postgres://propulse_app:app-pass@127.0.0.1:${port}/propulse_test`;
  const result = spawnSync("npx", ["vitest", "run", "--project", "server"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: app, TEST_MIGRATION_DATABASE_URL: owner },
  });
  status = result.status ?? 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
