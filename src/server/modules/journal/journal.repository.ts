import type { Db } from "@server/db/client";
import { journalEntries } from "@server/db/schema";
import { JOURNAL_GENESIS_HASH, type JournalKind } from "@shared/journal";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { type ChainedFields, entryHash } from "./journal-chain";

/** What a module records (docs/domain/journal.md#entries). */
export interface JournalRecord {
  kind: JournalKind;
  documentId: string | null;
  reference: string;
  /** Signed, in cents. */
  amountCents: number;
  /** What the entry proves (the document's figures, the payment's date and method…): canonical JSON. */
  content: Record<string, unknown>;
  userName: string;
  /** When (now by default). */
  recordedAt?: Date;
}

/** A stored entry as the chain reads it. */
export interface StoredEntry extends ChainedFields {
  previousHash: string;
  hash: string;
}

type Head = {
  last_seq: number;
  last_hash: string;
  grand_total_cents: number;
};

export const journalRepository = {
  /**
   * Appends an entry in the caller's transaction: the company's head row is locked (concurrent entries
   * queue on it: no gap, no fork), the entry hashed on the head's hash, then the head moved on.
   */
  async append(tx: Db, companyId: string, record: JournalRecord): Promise<StoredEntry> {
    await tx.execute(sql`
      INSERT INTO journal_heads (company_id, last_seq, last_hash, grand_total_cents)
      VALUES (${companyId}, 0, ${JOURNAL_GENESIS_HASH}, 0) ON CONFLICT (company_id) DO NOTHING`);
    const locked = await tx.execute<Head>(sql`
      SELECT last_seq, last_hash, grand_total_cents FROM journal_heads WHERE company_id = ${companyId} FOR UPDATE`);
    const head = locked.rows[0];
    if (!head) throw new Error("journal head not found");
    const fields: ChainedFields = {
      seq: head.last_seq + 1,
      kind: record.kind,
      documentId: record.documentId,
      reference: record.reference,
      recordedAt: (record.recordedAt ?? new Date()).toISOString(),
      amountCents: record.amountCents,
      // Read back from jsonb as it will be: the hash then covers what is stored.
      content: JSON.parse(JSON.stringify(record.content)),
      userName: record.userName,
    };
    const hash = entryHash(head.last_hash, fields);
    await tx.insert(journalEntries).values({
      companyId,
      seq: fields.seq,
      kind: fields.kind,
      documentId: fields.documentId,
      reference: fields.reference,
      recordedAt: new Date(fields.recordedAt),
      amountCents: fields.amountCents,
      content: fields.content,
      previousHash: head.last_hash,
      hash,
      userName: fields.userName,
    });
    await tx.execute(sql`
      UPDATE journal_heads
      SET last_seq = ${fields.seq}, last_hash = ${hash}, grand_total_cents = grand_total_cents + ${fields.amountCents}
      WHERE company_id = ${companyId}`);
    return { ...fields, previousHash: head.last_hash, hash };
  },

  async head(tx: Db, companyId: string): Promise<Head | null> {
    const result = await tx.execute<Head>(sql`
      SELECT last_seq, last_hash, grand_total_cents FROM journal_heads WHERE company_id = ${companyId}`);
    return result.rows[0] ?? null;
  },

  /** The entries after `afterSeq`, in order, `limit` at most (the check walks the journal in pages). */
  async page(tx: Db, companyId: string, afterSeq: number, limit: number): Promise<StoredEntry[]> {
    const rows = await tx
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.companyId, companyId), gt(journalEntries.seq, afterSeq)))
      .orderBy(asc(journalEntries.seq))
      .limit(limit);
    return rows.map((row) => ({
      seq: row.seq,
      kind: row.kind as JournalKind,
      documentId: row.documentId,
      reference: row.reference,
      recordedAt: row.recordedAt.toISOString(),
      amountCents: row.amountCents,
      content: row.content,
      userName: row.userName,
      previousHash: row.previousHash,
      hash: row.hash,
    }));
  },
};
