// One journeys' server (scripts/e2e-servers.mjs starts one per Playwright worker, all at once): the built
// app on port E2E_PORT (3100) with a fresh demo database in
// data-e2e/ (data-e2e-<port>/ on another port), a copy of the one seeded once for all the test servers
// (scripts/lib.mjs, copyDemoDatabase).
import path from "node:path";
import { copyDemoDatabase, freePort, root, startServer } from "./lib.mjs";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = path.join(root, port === "3100" ? "data-e2e" : `data-e2e-${port}`);
await copyDemoDatabase(dataDir);
startServer({
  PORT: port,
  // PostgreSQL on a port the system finds free (a run beside this one, or a server left over, never
  // stops the journeys); E2E_PG_PORT pins it.
  PG_PORT: process.env.E2E_PG_PORT ?? String(await freePort()),
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
});
