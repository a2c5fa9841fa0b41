import { createHash } from "node:crypto";
import type { JournalKind } from "@shared/journal";

/**
 * The journal's chain (docs/domain/journal.md#chain): each entry's hash is the SHA-256 of the previous
 * entry's hash and of its own fields, the content written as canonical JSON (keys sorted at every level),
 * so that the same entry always hashes the same, read back from jsonb or not. Pure: the append, the check
 * and the offline checker of an archive compute it the same way.
 */

/** A value that survives jsonb and back unchanged. */
export type JournalValue = string | number | boolean | null | JournalValue[] | { [key: string]: JournalValue };

/** JSON with the keys of every object sorted; numbers as JSON writes them. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new Error("journal: non-finite number");
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** What an entry's hash covers. */
export interface ChainedFields {
  seq: number;
  kind: JournalKind;
  documentId: string | null;
  reference: string;
  /** ISO 8601 to the millisecond (what the column keeps). */
  recordedAt: string;
  amountCents: number;
  content: unknown;
  userName: string;
}

export function entryHash(previousHash: string, entry: ChainedFields): string {
  const payload = [
    previousHash,
    String(entry.seq),
    entry.kind,
    entry.documentId ?? "",
    entry.reference,
    entry.recordedAt,
    String(entry.amountCents),
    entry.userName,
    canonicalJson(entry.content),
  ].join("\n");
  return createHash("sha256").update(payload, "utf8").digest("hex");
}
