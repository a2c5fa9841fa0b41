import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;

/** Who a transaction acts for: one company, or the platform (sign-in look-ups, SuperAdmin area). */
export type Scope = { companyId: string } | "platform";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function scopeStatement(scope: Scope): string {
  if (scope === "platform") {
    return "BEGIN; SELECT set_config('app.platform', 'on', true), set_config('app.company_id', '', true)";
  }
  // Inlined so that BEGIN and the tenant context cost one round trip; the value is a checked UUID.
  if (!UUID_RE.test(scope.companyId)) throw new Error("Invalid company id for tenant scope");
  return `BEGIN; SELECT set_config('app.company_id', '${scope.companyId.toLowerCase()}', true), set_config('app.platform', 'off', true)`;
}

export interface Database {
  pool: pg.Pool;
  /**
   * Runs `fn` in one transaction with the tenant context set (docs/decisions/0003-tenant-isolation.md): row-level security
   * then only shows the rows of that company, whatever the query says.
   */
  run<T>(scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// numeric → string (exact money), int8 → number (counts), timestamps stay Date.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    application_name: "propulse",
  });
  pool.on("error", () => {
    // An idle client lost its connection (server restart): the pool replaces it.
  });

  // One Drizzle instance per pooled connection, made on its first transaction: building one walks the
  // whole schema (≈ 4 % of a list request's CPU when it was done for every transaction).
  const instances = new WeakMap<pg.PoolClient, Db>();

  return {
    pool,
    async run(scope, fn) {
      const client = await pool.connect();
      try {
        await client.query(scopeStatement(scope));
        let tx = instances.get(client);
        if (!tx) {
          tx = drizzle({ client, schema });
          instances.set(client, tx);
        }
        const result = await fn(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
