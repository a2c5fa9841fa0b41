import { JOURNAL_GENESIS_HASH, type JournalBreak, RECEIPT_KINDS, SALES_KINDS } from "@shared/journal";
import type { StoredEntry } from "./journal.repository";
import { entryHash } from "./journal-chain";

/**
 * Walks a journal from entry 1 (docs/domain/journal.md#check): each entry must carry the next number,
 * name the previous entry's hash, and hash to what it stores; the last one must be the head the database
 * remembers (entries cut from the end would otherwise go unseen). Pure over pages of entries: the API,
 * the CLI and the offline checker of an archive run it.
 */
export interface ChainWalk {
  entries: number;
  lastHash: string | null;
  /** Invoices less credit notes, and payments less reversals and refunds, over the entries walked. */
  salesCents: number;
  receiptsCents: number;
  firstBroken: { seq: number; reference: string | null; reason: JournalBreak } | null;
}

export async function walkChain(
  pages: (afterSeq: number) => Promise<readonly StoredEntry[]>,
  head: { lastSeq: number; lastHash: string } | null,
): Promise<ChainWalk> {
  let expectedSeq = 1;
  let previous = JOURNAL_GENESIS_HASH;
  let entries = 0;
  let salesCents = 0;
  let receiptsCents = 0;
  let lastSeq = 0;
  for (;;) {
    const page = await pages(lastSeq);
    if (page.length === 0) break;
    for (const entry of page) {
      const broken = (reason: JournalBreak): ChainWalk => ({
        entries,
        lastHash: entries ? previous : null,
        salesCents,
        receiptsCents,
        firstBroken: { seq: entry.seq, reference: entry.reference, reason },
      });
      if (entry.seq !== expectedSeq) return broken("sequence");
      if (entry.previousHash !== previous) return broken("previous_hash");
      if (entryHash(previous, entry) !== entry.hash) return broken("hash");
      previous = entry.hash;
      entries += 1;
      expectedSeq += 1;
      if (SALES_KINDS.includes(entry.kind)) salesCents += entry.amountCents;
      if (RECEIPT_KINDS.includes(entry.kind)) receiptsCents += entry.amountCents;
      lastSeq = entry.seq;
    }
  }
  const headSeq = head?.lastSeq ?? 0;
  if (headSeq !== entries || (head && entries > 0 && head.lastHash !== previous)) {
    return {
      entries,
      lastHash: entries ? previous : null,
      salesCents,
      receiptsCents,
      // Entries cut from the end: the first missing one; entries added past the head: the first of them;
      // the last entry replaced: the last one.
      firstBroken: {
        seq: headSeq > entries ? entries + 1 : headSeq < entries ? headSeq + 1 : entries,
        reference: null,
        reason: "head",
      },
    };
  }
  return { entries, lastHash: entries ? previous : null, salesCents, receiptsCents, firstBroken: null };
}
