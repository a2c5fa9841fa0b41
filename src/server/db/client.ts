import type { SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";
import { inlineQuery } from "./sql";

export type Db = NodePgDatabase<typeof schema>;

/** Who a transaction acts for: one company, or the platform (sign-in look-ups, SuperAdmin area). */
export type Scope = { companyId: string } | "platform";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant context of the current transaction, as one statement (its value inlined: a checked UUID). */
function contextStatement(scope: Scope): string {
  if (scope === "platform") {
    return "SELECT set_config('app.platform', 'on', true), set_config('app.company_id', '', true)";
  }
  if (!UUID_RE.test(scope.companyId)) throw new Error("Invalid company id for tenant scope");
  return `SELECT set_config('app.company_id', '${scope.companyId.toLowerCase()}', true), set_config('app.platform', 'off', true)`;
}

/** True for a UUID in its text form. */
export const isUuid = (value: string) => UUID_RE.test(value);

export interface Database {
  pool: pg.Pool;
  /**
   * Runs `fn` in one transaction with the tenant context set (docs/decisions/0003-tenant-isolation.md): row-level security
   * then only shows the rows of that company, whatever the query says.
   */
  run<T>(scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * One read-only statement in the tenant context in a single round trip: the context and the
   * statement sent together as one simple query, which PostgreSQL runs as one implicit transaction (the
   * context ends with it). `run` costs three round trips (BEGIN with the context, the statement,
   * COMMIT), and on a busy server each wakes PostgreSQL: for the reads of the hottest requests (the
   * session every request checks, the planning's week). The simple protocol takes no parameters: the
   * query's values are written as literals (`inlineQuery`, escaped). Answers the statement's rows.
   */
  read<T>(scope: Scope, query: SQL): Promise<T[]>;
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
        await client.query(`BEGIN; ${contextStatement(scope)}`);
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
    async read<T>(scope: Scope, query: SQL): Promise<T[]> {
      const text = `${contextStatement(scope)}; ${inlineQuery(query)}`;
      const results = (await pool.query(text)) as unknown as pg.QueryResult[];
      return (results.at(-1)?.rows ?? []) as T[];
    },
    async close() {
      await pool.end();
    },
  };
}
