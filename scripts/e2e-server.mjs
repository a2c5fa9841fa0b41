// The server Playwright starts: the built app on port 3100 with a fresh demo database in data-e2e/.
import { rmSync } from "node:fs";
import path from "node:path";
import { ensureBuilt, root, startServer } from "./lib.mjs";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = path.join(root, port === "3100" ? "data-e2e" : `data-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
ensureBuilt();
startServer({
  PORT: port,
  PG_PORT: process.env.E2E_PG_PORT ?? String(54400 + Number(port) - 3100),
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
});
