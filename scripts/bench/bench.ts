/**
 * `npm run bench`: a separate database with a large, realistic data set; the API in production mode
 * measured with autocannon at 10 and 50 connections; the same work done directly against the
 * database (services and repositories, no HTTP, no validation, no serialisation) at the same
 * concurrency — the limit; and the ratio API / limit. `GET /api/health` is the framework ceiling.
 */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createDatabase } from "../../src/server/db/client";
import { APP_ROLE, startEmbeddedPostgres } from "../../src/server/db/embedded";
import { migrateDatabase } from "../../src/server/db/migrate";
import { createAuthService } from "../../src/server/modules/auth/auth.service";
import { TokenService } from "../../src/server/modules/auth/tokens";
import { createClientsService } from "../../src/server/modules/clients/clients.service";
import { createQuotesService } from "../../src/server/modules/quotes/quotes.service";
import { CLIENT_LIMITS, clientListQuerySchema } from "../../src/shared/clients";
import { quoteListQuerySchema } from "../../src/shared/quotes";
import { ensureBuilt, root } from "../lib.mjs";
import { BENCH_PASSWORD, seedBench } from "./seed";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const API_PORT = 3300;
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` workers calling `fn` in a loop for DURATION seconds. */
async function measureDirect(connections: number, fn: () => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await fn();
          latencies.push(performance.now() - start);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99), errors };
}

/** `url`, or a new path for each request when `next` is given. */
async function measureHttp(connections: number, url: string, token?: string, next?: () => string): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${API_PORT}${url}`,
    connections,
    duration: DURATION,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(next ? { requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: next() }) }] } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("fr-FR", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  ensureBuilt();
  const dataDir = path.join(root, ".bench");
  await rm(dataDir, { recursive: true, force: true });
  console.info(
    "Base de banc d'essai : démarrage et jeu de données (200 entreprises, 10 000 clients, 20 000 devis, 100 000 lignes)…",
  );
  const server = await startEmbeddedPostgres({ dataDir, port: 54420, log: () => undefined });
  let api: ReturnType<typeof spawn> | undefined;
  const db = createDatabase(server.appUrl, { max: 10 });
  try {
    await migrateDatabase(server.adminUrl, APP_ROLE);
    const { email } = await seedBench(db);
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query("VACUUM ANALYZE");
    // Every quote (all in the large company): a different PDF for each request, never a cached one.
    const coldIds = (await admin.query<{ id: string }>("SELECT id FROM quotes ORDER BY date DESC")).rows.map(
      (r) => r.id,
    );
    await admin.end();

    api = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(API_PORT),
        DATABASE_URL: server.appUrl,
        MIGRATION_DATABASE_URL: server.adminUrl,
        JWT_SECRET,
        LOG_LEVEL: "warn",
        SEED_DEMO: "never",
      },
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${API_PORT}/api/health`)).ok) break;
      } catch {}
      if (i > 120) throw new Error("l'API n'a pas démarré");
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`http://127.0.0.1:${API_PORT}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };

    const auth = createAuthService(db, new TokenService(JWT_SECRET));
    const clients = createClientsService(db);
    const quotes = createQuotesService(db);
    const quoteId =
      (await quotes.list(await auth.authenticate(token), quoteListQuerySchema.parse({ status: "valide" }))).data[0]
        ?.id ?? "";
    let coldIndex = 0;
    const nextColdId = () => coldIds[coldIndex++ % coldIds.length] ?? quoteId;
    const scenarios: {
      name: string;
      url: string;
      /** A new path for each request. */
      next?: () => string;
      direct?: () => Promise<unknown>;
      target?: { p99At10: number; ratio: number };
    }[] = [
      { name: "GET /api/health (plafond du framework)", url: "/api/health", direct: () => db.pool.query("SELECT 1") },
      // What every authenticated request pays before its own work (ADR 0008).
      {
        name: "GET /api/auth/verify (authentification)",
        url: "/api/auth/verify",
        direct: () => auth.authenticate(token),
      },
      {
        name: "GET /api/clients?search=dupont&limit=100",
        url: "/api/clients?search=dupont&limit=100",
        direct: async () =>
          clients.list(await auth.authenticate(token), clientListQuerySchema.parse({ search: "dupont", limit: 100 })),
        target: { p99At10: 100, ratio: 0.6 },
      },
      {
        name: `GET /api/clients (page 1, limit ${CLIENT_LIMITS.defaultLimit})`,
        url: "/api/clients",
        direct: async () => clients.list(await auth.authenticate(token), clientListQuerySchema.parse({})),
      },
      {
        name: "GET /api/clients?status=inactive&search=lyon",
        url: "/api/clients?status=inactive&search=lyon",
        direct: async () =>
          clients.list(
            await auth.authenticate(token),
            clientListQuerySchema.parse({ status: "inactive", search: "lyon" }),
          ),
      },
      {
        name: "GET /api/quotes?status=valide&search=salle",
        url: `/api/quotes?status=valide&search=salle`,
        direct: async () =>
          quotes.list(
            await auth.authenticate(token),
            quoteListQuerySchema.parse({ status: "valide", search: "salle" }),
          ),
        target: { p99At10: 100, ratio: 0.6 },
      },
      {
        name: "GET /api/quotes (page 1, 20, synthèse)",
        url: "/api/quotes",
        direct: async () => quotes.list(await auth.authenticate(token), quoteListQuerySchema.parse({})),
      },
      {
        name: "GET /api/quotes/:id/pdf",
        url: `/api/quotes/${quoteId}/pdf`,
        direct: async () => quotes.pdf(await auth.authenticate(token), quoteId),
        target: { p99At10: 150, ratio: 0 },
      },
      {
        name: "GET /api/quotes/:id/pdf (rendu, devis tous différents)",
        url: `/api/quotes/${quoteId}/pdf`,
        next: () => `/api/quotes/${nextColdId()}/pdf`,
        direct: async () => quotes.pdf(await auth.authenticate(token), nextColdId()),
      },
    ];

    const lines: string[] = [];
    let failed = false;
    for (const scenario of scenarios) {
      for (const connections of [10, 50]) {
        const isHealth = scenario.url === "/api/health";
        const http = await measureHttp(connections, scenario.url, isHealth ? undefined : token, scenario.next);
        const limit = scenario.direct ? await measureDirect(connections, scenario.direct) : undefined;
        const ratio = limit ? http.rps / limit.rps : Number.NaN;
        let verdict = "";
        if (scenario.target && connections === 10) {
          const ok = http.p99 < scenario.target.p99At10 && ratio >= scenario.target.ratio && http.errors === 0;
          failed ||= !ok;
          verdict = ok
            ? `  ✓ objectifs (p99 < ${scenario.target.p99At10} ms, ratio ≥ ${scenario.target.ratio})`
            : `  ✗ objectifs manqués (p99 < ${scenario.target.p99At10} ms, ratio ≥ ${scenario.target.ratio})`;
        }
        lines.push(
          `${scenario.name.padEnd(48)} ${String(connections).padStart(3)} conn.  API ${fmt(http.rps).padStart(6)} req/s  p50 ${fmt(http.p50, 1).padStart(6)} ms  p99 ${fmt(http.p99, 1).padStart(6)} ms  err ${http.errors}` +
            (limit
              ? ` | limite ${fmt(limit.rps).padStart(6)} req/s  p50 ${fmt(limit.p50, 1).padStart(6)} ms  p99 ${fmt(limit.p99, 1).padStart(6)} ms | API/limite ${fmt(ratio, 2)}`
              : "") +
            verdict,
        );
        console.info(lines.at(-1));
      }
    }
    console.info(`\n${failed ? "✗ Des objectifs ne sont pas atteints." : "✓ Objectifs atteints."}`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    api?.kill("SIGTERM");
    if (api) await new Promise((r) => api?.on("exit", r));
    await db.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
