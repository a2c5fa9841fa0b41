import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirectoryInUseError, startEmbeddedPostgres } from "./embedded";

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
