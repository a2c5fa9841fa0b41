// Shared by the npm scripts: each command does its own set-up on a fresh machine.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} (code ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Whether nothing listens on 127.0.0.1:`port` (the servers bind there and on localhost). */
function isFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port the system has just found free (for a server nobody types the address of: PostgreSQL's). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The first of `count` free consecutive ports from `start` on (tried ten apart): the test servers stay
 * where the docs say (3100, 3200) unless something else — another run, a server left over — holds them.
 */
export async function freePorts(start, count = 1) {
  for (let base = start; base < start + 1000; base += 10) {
    const ports = Array.from({ length: count }, (_, index) => base + index);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error(`Aucun port libre entre ${start} et ${start + 1000}.`);
}

/** npm install when node_modules is missing or older than package.json / the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const wanted = Math.max(
    newestMtime(path.join(root, "package.json")),
    newestMtime(path.join(root, "package-lock.json")),
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= wanted) return;
  console.info("Installation des dépendances npm…");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

/**
 * One process at a time past a point: the folder `folder` is created by the one that holds it. True
 * when this call took it; one held past `deadline` (a process killed meanwhile) is taken over.
 */
function takeLock(folder, deadline) {
  mkdirSync(path.dirname(folder), { recursive: true });
  try {
    mkdirSync(folder);
    return true;
  } catch {
    if (Date.now() > deadline) rmSync(folder, { recursive: true, force: true });
    return false;
  }
}

/** What gives the lock back, done anyway when the process exits (`run` exits on a failure). */
function releaseOf(folder) {
  const release = () => rmSync(folder, { recursive: true, force: true });
  process.once("exit", release);
  return release;
}

/** Builds the SPA and the server when dist/ is missing or older than the sources. */
export function ensureBuilt() {
  if (isBuilt()) return;
  // The journeys start one server per worker at once: one builds, the others wait for it.
  const lock = path.join(root, "node_modules", ".cache", "propulse-build.lock");
  const deadline = Date.now() + 10 * 60_000;
  while (!takeLock(lock, deadline)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  const release = releaseOf(lock);
  if (!isBuilt()) {
    console.info("Construction de l'application…");
    run("npm", ["run", "build"]);
  }
  release();
}

function isBuilt() {
  const stamp = path.join(root, "dist", "server", "main.js");
  const sources = ["src", "drizzle", "vite.config.ts", "package.json", "scripts/build-server.mjs"].map((p) =>
    newestMtime(path.join(root, p)),
  );
  return (
    existsSync(stamp) &&
    existsSync(path.join(root, "dist", "web", "index.html")) &&
    statSync(stamp).mtimeMs >= Math.max(...sources)
  );
}

/**
 * The demo database the journeys' and Lighthouse's servers start from (`copyDemoDatabase`): the built
 * server seeds the demo book once in a folder of its own, stops, and each test server starts on a copy
 * of that folder (PostgreSQL stopped: a copy of its files is a whole cluster) instead of seeding its own
 * — seconds instead of a quarter of a minute each (three servers in `npm test`; more on a busy
 * machine). Made again when the build is newer or the day has changed (the demo book's dates count
 * from today). `npm test` makes it beside the PostgreSQL 15 pass, where a core is idle.
 */
const DEMO_DATABASE = path.join(root, "node_modules", ".cache", "propulse-demo-database");
const DEMO_STAMP = "propulse-demo.stamp";
const parisDay = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

function demoDatabaseIsCurrent() {
  const stamp = path.join(DEMO_DATABASE, DEMO_STAMP);
  if (!existsSync(stamp)) return false;
  const built = newestMtime(path.join(root, "dist", "server", "main.js"));
  return statSync(stamp).mtimeMs >= built && readFileSync(stamp, "utf8") === parisDay();
}

/** Builds when out of date, then makes the demo database when out of date (one process at a time). */
export async function ensureDemoDatabase() {
  ensureBuilt();
  if (demoDatabaseIsCurrent()) return;
  // The journeys start one server per worker at once: one seeds, the others wait for it.
  // Waited for without blocking: two callers in one process (the lock's holder seeds asynchronously).
  const lock = `${DEMO_DATABASE}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  while (!takeLock(lock, deadline)) await new Promise((resolve) => setTimeout(resolve, 500));
  const release = releaseOf(lock);
  try {
    if (!demoDatabaseIsCurrent()) await seedDemoDatabase();
  } finally {
    release();
  }
}

async function seedDemoDatabase() {
  console.info("Base de démonstration des serveurs de test…");
  const folder = `${DEMO_DATABASE}.new`;
  rmSync(folder, { recursive: true, force: true });
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, "dist", "server", "main.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PG_PORT: String(await freePort()),
      DATA_DIR: folder,
      SEED_DEMO: "always",
      LOG_LEVEL: "warn",
    },
  });
  const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  let up = false;
  // The server answers once the demo book is written (src/server/main.ts seeds before it listens).
  for (let i = 0; i < 1200 && server.exitCode === null && !up; i++) {
    up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill("SIGTERM");
  const code = await exited;
  if (!up) throw new Error("Le serveur de la base de démonstration n’a pas démarré.");
  if (code !== 0) throw new Error(`Le serveur de la base de démonstration s’est mal arrêté (code ${code}).`);
  writeFileSync(path.join(folder, DEMO_STAMP), parisDay());
  rmSync(DEMO_DATABASE, { recursive: true, force: true });
  renameSync(folder, DEMO_DATABASE);
}

/** A new data directory at `dataDir` holding the demo database (made first when out of date). */
export async function copyDemoDatabase(dataDir) {
  await ensureDemoDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // cp -a: owners and modes kept (PostgreSQL wants its folder its own and private; ADR 0001's runners).
  run("cp", ["-a", DEMO_DATABASE, dataDir]);
  rmSync(path.join(dataDir, DEMO_STAMP), { force: true });
}

/** Runs the built server, forwarding signals so that it shuts down gracefully. */
export function startServer(env) {
  // Its own process group: a signal sent to our group (Ctrl+C, a test runner) reaches it once,
  // through us, so its graceful shutdown (requests, then PostgreSQL) is never cut short by a second one.
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(root, "dist", "server", "main.js")], {
    cwd: root,
    stdio: "inherit",
    detached: true,
    env: { NODE_ENV: "production", ...process.env, ...env },
  });
  let forwarded = false;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (forwarded) return;
      forwarded = true;
      child.kill(signal);
    });
  }
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
