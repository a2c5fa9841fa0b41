/**
 * Optimistic concurrency of the saves (ADR 0024, docs/domain/api.md#versions): a resource's version is
 * its `updated_at`, published as its `ETag` (the quoted ISO timestamp); a PUT or PATCH that sends
 * `If-Match` is refused with 409 `STALE_VERSION` when the row has changed since, and one that sends
 * none is not checked (the published contract: a client written against the spec keeps working).
 *
 * A service calls `lockVersion` first thing in the transaction of its update: the row is locked
 * (`SELECT … FOR UPDATE`) until the transaction ends, so of two saves made on the same version the
 * second waits for the first, then reads the new `updated_at` and answers 409: exactly one wins.
 */
import type { Db } from "@server/db/client";
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { errors } from "./errors";

/** The versions an `If-Match` accepts (ETag values, unquoted); `undefined`: no check asked. */
export type ExpectedVersion = readonly string[] | undefined;

/** The ETag of a version: its ISO timestamp, quoted (RFC 9110 §8.8.3). */
export function etagOf(updatedAt: string | Date): string {
  return `"${new Date(updatedAt).toISOString()}"`;
}

/**
 * Reads a request's `If-Match` (structural type: no Fastify here). `*` or no header asks no check;
 * a list is accepted (any of its versions matches); weak tags (`W/"…"`) compare as strong ones.
 */
export function expectedVersion(request: { headers: Record<string, string | string[] | undefined> }): ExpectedVersion {
  const header = request.headers["if-match"];
  const raw = Array.isArray(header) ? header.join(",") : header;
  if (raw === undefined || raw.trim() === "" || raw.trim() === "*") return undefined;
  return raw
    .split(",")
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, "")
        .replace(/^"(.*)"$/, "$1"),
    )
    .filter((tag) => tag !== "");
}

/** True when `updatedAt` is one of the versions expected. */
export function matchesVersion(updatedAt: string | Date, expected: readonly string[]): boolean {
  const current = new Date(updatedAt).toISOString();
  return expected.some((tag) => {
    const time = Date.parse(tag);
    return tag === current || (!Number.isNaN(time) && new Date(time).toISOString() === current);
  });
}

/**
 * Locks the row and refuses a stale version (409 `STALE_VERSION`). Nothing is done when no version is
 * expected; a missing row is left to the service's own 404. `updatedAt` is the row's column, `where`
 * picks the row (with its company: two locks, as everywhere).
 */
export async function lockVersion(tx: Db, expected: ExpectedVersion, updatedAt: PgColumn, where: SQL | undefined) {
  if (!expected) return;
  const [row] = await tx.select({ updatedAt }).from(updatedAt.table).where(where).for("update");
  if (row && !matchesVersion(row.updatedAt as string | Date, expected)) throw errors.staleVersion();
}

/** `lockVersion` for the usual tenant row: `id` of the company. */
export function lockTenantVersion(
  tx: Db,
  expected: ExpectedVersion,
  table: { id: PgColumn; companyId: PgColumn; updatedAt: PgColumn },
  companyId: string,
  id: string,
) {
  return lockVersion(tx, expected, table.updatedAt, and(eq(table.companyId, companyId), eq(table.id, id)));
}
