// The journeys' servers, one per Playwright worker (E2E_WORKERS, from E2E_PORT on: e2e/support/servers.ts),
// started at once: each is scripts/e2e-server.mjs (a copy of the demo database, its PostgreSQL, the built
// app). Playwright starts its `webServer` entries one after the other, each once the one before answers:
// three servers took 30–45 s before the first journey on the busy 2-core machine, mostly each one's
// PostgreSQL and app starting while the others waited (issue 33). Prints « Serveurs de test prêts » once
// every server answers (playwright.config.ts waits for that line). Outside CI a server already answering
// on its port is used as it is, as `reuseExistingServer` did. SIGTERM or SIGINT stops them all, each
// stopping its PostgreSQL, and this process ends when they have.
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./lib.mjs";

const base = Number(process.env.E2E_PORT ?? 3100);
const count = Number(process.env.E2E_WORKERS ?? 3);
const ports = Array.from({ length: count }, (_, index) => base + index);
const answers = (port) =>
  fetch(`http://localhost:${port}/api/health`).then(
    (response) => response.ok,
    () => false,
  );

const reused = process.env.CI ? [] : await Promise.all(ports.map(answers));
const children = ports
  .filter((_, index) => !reused[index])
  .map((port) =>
    spawn(process.execPath, [path.join(root, "scripts", "e2e-server.mjs")], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, E2E_PORT: String(port) },
    }),
  );

let stopping = false;
const exited = children.map((child) => new Promise((resolve) => child.once("exit", (code) => resolve(code))));
for (const [index, done] of exited.entries()) {
  void done.then((code) => {
    if (stopping) return;
    console.error(`Le serveur de test du port ${ports[index]} s’est arrêté (code ${code}).`);
    stop("SIGTERM", 1);
  });
}

async function stop(signal, status = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
  await Promise.all(exited);
  process.exit(status);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stop(signal));

while (!stopping) {
  const up = await Promise.all(ports.map(answers));
  if (up.every(Boolean)) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
if (!stopping) console.info("Serveurs de test prêts");
// Running until Playwright stops the servers (its children keep the event loop alive).
