// Runs the server's HTTP tests of what differs between PostgreSQL servers against Debian's PostgreSQL 15
// through the DATABASE_URL path: a temporary cluster, an owner role that is not superuser (migrations)
// and the app role. The migrations run first (vitest's global setup, as the owner); then the files that
// send SQL to the server: every module's tests (its repositories' queries, triggers, numbering under
// concurrency, searches), the demo seed (every table written), the SQL helpers and row-level security.
// Left to the embedded pass: what answers the same whatever the server — the route walk
// (src/server/test/routes.test.ts: 401/403/400 answered before any SQL, its 404s through the repository
// reads the module tests run), the published schemas, the plugins, the PDF and file helpers, and the
// embedded server's own start-up (db/embedded.test.ts). docs/conventions.md (Tests) keeps this rule.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { root } from "./lib.mjs";

/** The server test files (or folders) whose SQL reaches the server; a new module's tests are in at once. */
const PG15_FILES = [
  "src/server/modules/",
  "src/server/seed/",
  "src/server/db/sql.test.ts",
  "src/server/test/rls.test.ts",
];

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
  // PG15_ONLY=<files> runs these only (while working on them).
  const files = process.env.PG15_ONLY ? process.env.PG15_ONLY.split(",") : PG15_FILES;
  const result = spawnSync("npx", ["vitest", "run", "--project", "server", ...files], {
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
