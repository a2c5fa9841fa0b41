import type { Database, Db, Scope } from "@server/db/client";
import { journalEntries, journalPending } from "@server/db/schema";
import { JOURNAL_GENESIS_HASH, type JournalKind, type JournalPeriod } from "@shared/journal";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { type ChainedFields, canonicalJson } from "./journal-chain";

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

/** An entry just appended, with its id. */
export interface AppendedEntry extends StoredEntry {
  id: string;
}

type Head = {
  last_seq: number;
  last_hash: string;
  sales_total_cents: number;
  receipts_total_cents: number;
};

/** A period's sums by kind, in cents, and its closing entry if any. */
export type PeriodRow = {
  key: string;
  kind: JournalKind;
  cents: number;
  entries: number;
};

export type ClosingRow = {
  id: string;
  seq: number;
  recorded_at: Date;
  hash: string;
  period: JournalPeriod;
  key: string;
  content: unknown;
};

/** The SQL text of a period's key in Paris time. */
const KEY_FORMAT: Record<JournalPeriod, string> = { day: "YYYY-MM-DD", month: "YYYY-MM", year: "YYYY" };

export const journalRepository = {
  /**
   * Appends an entry in the caller's transaction: the company's head row is locked (concurrent entries
   * queue on it: no gap, no fork), the entry hashed on the head's hash, then the head moved on.
   */
  async append(tx: Db, companyId: string, record: JournalRecord): Promise<AppendedEntry> {
    const content = canonicalJson(record.content);
    const result = await tx.execute<{
      id: string;
      seq: number;
      previous_hash: string;
      hash: string;
      recorded_at: Date;
    }>(
      sql`SELECT * FROM journal_append(${companyId}, ${record.kind}, ${record.documentId}, ${record.reference},
            ${record.recordedAt ? record.recordedAt.toISOString() : null}::timestamptz, ${record.amountCents},
            ${record.userName}, ${content})`,
    );
    const row = result.rows[0];
    if (!row) throw new Error("journal entry not appended");
    return {
      id: row.id,
      seq: row.seq,
      kind: record.kind,
      documentId: record.documentId,
      reference: record.reference,
      recordedAt: new Date(row.recorded_at).toISOString(),
      amountCents: record.amountCents,
      content: JSON.parse(content),
      userName: record.userName,
      previousHash: row.previous_hash,
      hash: row.hash,
    };
  },

  /**
   * An issued document's entry, recorded as the transaction commits under the number the database gives
   * it then (drizzle/0027, 0047: journal_record_pending).
   */
  async pending(tx: Db, companyId: string, invoiceId: string, record: Omit<JournalRecord, "documentId" | "reference">) {
    await tx.insert(journalPending).values({
      invoiceId,
      companyId,
      kind: record.kind,
      amountCents: record.amountCents,
      content: canonicalJson(record.content),
      userName: record.userName,
    });
  },

  /** The company's head row, created at the first entry, locked until the transaction ends. */
  async lockHead(tx: Db, companyId: string): Promise<Head> {
    await tx.execute(sql`
      INSERT INTO journal_heads (company_id, last_seq, last_hash)
      VALUES (${companyId}, 0, ${JOURNAL_GENESIS_HASH}) ON CONFLICT (company_id) DO NOTHING`);
    const locked = await tx.execute<Head>(sql`
      SELECT last_seq, last_hash, sales_total_cents, receipts_total_cents
      FROM journal_heads WHERE company_id = ${companyId} FOR UPDATE`);
    const head = locked.rows[0];
    if (!head) throw new Error("journal head not found");
    return head;
  },

  async head(tx: Db, companyId: string): Promise<Head | null> {
    const result = await tx.execute<Head>(sql`
      SELECT last_seq, last_hash, sales_total_cents, receipts_total_cents
      FROM journal_heads WHERE company_id = ${companyId}`);
    return result.rows[0] ?? null;
  },

  /**
   * The sums by period of `period` (Paris time) and kind, closings left out, within [from, to) when given
   * (Paris days). Reads journal_entries_company_recorded_idx alone.
   */
  async sums(tx: Db, companyId: string, period: JournalPeriod, from: string | null, to: string | null) {
    const format = KEY_FORMAT[period];
    // Summed by Paris day first, then by period: `to_char` once a day, not once an entry (as the home's
    // history); the entries read from the index alone (drizzle/0049: INCLUDE (kind, amount_cents, seq)).
    const result = await tx.execute<PeriodRow>(sql`
      SELECT to_char(d.day, ${format}) AS key, d.kind, sum(d.cents)::bigint AS cents, sum(d.entries)::int AS entries
      FROM (SELECT (recorded_at AT TIME ZONE 'Europe/Paris')::date AS day, kind,
                   sum(amount_cents) AS cents, count(*) AS entries
            FROM journal_entries
            WHERE company_id = ${companyId} AND kind <> 'closing'
              ${from ? sql`AND recorded_at >= (${from}::date::timestamp AT TIME ZONE 'Europe/Paris')` : sql``}
              ${to ? sql`AND recorded_at < (${to}::date::timestamp AT TIME ZONE 'Europe/Paris')` : sql``}
            GROUP BY 1, 2) d
      GROUP BY 1, 2 ORDER BY 1, 2`);
    return result.rows;
  },

  /** The first and last entry numbers recorded within [from, to) (Paris days), closings left out. */
  async seqRange(tx: Db, companyId: string, from: string, to: string) {
    const result = await tx.execute<{ first: number | null; last: number | null }>(sql`
      SELECT min(seq)::bigint AS first, max(seq)::bigint AS last FROM journal_entries
      WHERE company_id = ${companyId} AND kind <> 'closing'
        AND recorded_at >= (${from}::date::timestamp AT TIME ZONE 'Europe/Paris')
        AND recorded_at < (${to}::date::timestamp AT TIME ZONE 'Europe/Paris')`);
    return result.rows[0] ?? { first: null, last: null };
  },

  /** The closing entry `id` of the company, or null. */
  async closing(tx: Db, companyId: string, id: string): Promise<ClosingRow | null> {
    const result = await tx.execute<ClosingRow>(sql`
      SELECT id, seq, recorded_at, hash, content->>'period' AS period, content->>'key' AS key, content
      FROM journal_entries WHERE company_id = ${companyId} AND id = ${id} AND kind = 'closing'`);
    return result.rows[0] ?? null;
  },

  /** The closings of `period` (every key, or the one given), by journal_entries_company_closings_idx. */
  async closings(tx: Db, companyId: string, period: JournalPeriod, key?: string): Promise<ClosingRow[]> {
    const result = await tx.execute<ClosingRow>(sql`
      SELECT id, seq, recorded_at, hash, content->>'period' AS period, content->>'key' AS key, content
      FROM journal_entries
      WHERE company_id = ${companyId} AND kind = 'closing' AND content->>'period' = ${period}
        ${key ? sql`AND content->>'key' = ${key}` : sql``}
      ORDER BY seq`);
    return result.rows;
  },

  /** Every entry of `kinds` recorded in [from, to) (Paris days), in order: what the FEC reads. */
  async ofKinds(tx: Db, companyId: string, kinds: readonly JournalKind[], from: string, to: string) {
    const result = await tx.execute<{
      seq: number;
      kind: JournalKind;
      reference: string;
      recorded_at: Date;
      content: unknown;
    }>(sql`
      SELECT seq, kind, reference, recorded_at, content FROM journal_entries
      WHERE company_id = ${companyId} AND kind = ANY(${`{${kinds.join(",")}}`}::text[])
        AND recorded_at >= (${from}::date::timestamp AT TIME ZONE 'Europe/Paris')
        AND recorded_at < (${to}::date::timestamp AT TIME ZONE 'Europe/Paris')
      ORDER BY seq`);
    return result.rows.map((r) => ({
      seq: r.seq,
      kind: r.kind,
      reference: r.reference,
      recordedAt: new Date(r.recorded_at).toISOString(),
      content: r.content,
    }));
  },

  /** The entries numbered `fromSeq` to `toSeq`, in order (an archive's slice of the chain). */
  async range(tx: Db, companyId: string, fromSeq: number, toSeq: number): Promise<StoredEntry[]> {
    const pages: StoredEntry[] = [];
    for (let after = fromSeq - 1; after < toSeq; ) {
      const page = (await journalRepository.page(tx, companyId, after, 1_000)).filter((e) => e.seq <= toSeq);
      if (page.length === 0) break;
      pages.push(...page);
      after = page.at(-1)?.seq ?? toSeq;
    }
    return pages;
  },

  /**
   * The check's page (journal.service.ts verifyCompanyJournal): the entries after `afterSeq`, in order,
   * `limit` at most, in one statement of its own (`db.read`: no transaction held between pages). Reads
   * journal_entries_company_seq_key.
   */
  async pageRead(db: Database, scope: Scope, companyId: string, afterSeq: number, limit: number) {
    const rows = await db.read<{
      seq: number;
      kind: JournalKind;
      document_id: string | null;
      reference: string;
      recorded_at: Date;
      amount_cents: number;
      content: unknown;
      user_name: string;
      previous_hash: string;
      hash: string;
    }>(
      scope,
      sql`SELECT seq, kind, document_id, reference, recorded_at, amount_cents, content, user_name, previous_hash, hash
          FROM journal_entries WHERE company_id = ${companyId} AND seq > ${afterSeq} ORDER BY seq LIMIT ${limit}`,
    );
    return rows.map(
      (row): StoredEntry => ({
        seq: Number(row.seq),
        kind: row.kind,
        documentId: row.document_id,
        reference: row.reference,
        recordedAt: new Date(row.recorded_at).toISOString(),
        amountCents: Number(row.amount_cents),
        content: row.content,
        userName: row.user_name,
        previousHash: row.previous_hash,
        hash: row.hash,
      }),
    );
  },

  /** The head, in one statement of its own (the check reads it when its pages run out). */
  async headRead(db: Database, scope: Scope, companyId: string): Promise<Head | null> {
    const rows = await db.read<Head>(
      scope,
      sql`SELECT last_seq, last_hash, sales_total_cents, receipts_total_cents
          FROM journal_heads WHERE company_id = ${companyId}`,
    );
    return rows[0] ?? null;
  },

  /** The entries after `afterSeq`, in order, `limit` at most (an archive's slice, in pages). */
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
