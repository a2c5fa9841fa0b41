import { JOURNAL_GENESIS_HASH, type JournalBreak, RECEIPT_KINDS, SALES_KINDS } from "@shared/journal";
import type { StoredEntry } from "./journal.repository";
import { entryHash } from "./journal-chain";

/**
 * Walks a journal from entry 1 (docs/domain/journal.md#check): each entry must carry the next number,
 * name the previous entry's hash, and hash to what it stores; the last one must be the head the database
 * remembers (entries cut from the end would otherwise go unseen). Pure over pages of entries — one page in
 * memory at a time, the previous hash carried from page to page —: the API, the CLI and the offline
 * checker of an archive run it.
 *
 * The head is a value (one snapshot: the archive, the tests) or read when the pages run out (the API and
 * the CLI read each page in its own short statement, so entries may be appended meanwhile): an entry and
 * its head's move commit together, so a head read after the last page that is further on means entries
 * appended during the walk — they are walked too, and the head read again —, and a head behind the entries
 * walked means entries added behind its back.
 */
export interface ChainWalk {
  entries: number;
  lastHash: string | null;
  /** Invoices less credit notes, and payments less reversals and refunds, over the entries walked. */
  salesCents: number;
  receiptsCents: number;
  firstBroken: { seq: number; reference: string | null; reason: JournalBreak } | null;
}

type Head = { lastSeq: number; lastHash: string } | null;

export async function walkChain(
  pages: (afterSeq: number) => Promise<readonly StoredEntry[]>,
  headOrRead: Head | (() => Promise<Head>),
): Promise<ChainWalk> {
  const readHead = typeof headOrRead === "function" ? headOrRead : async () => headOrRead;
  let head: Head = null;
  let headReads = 0;
  let expectedSeq = 1;
  let previous = JOURNAL_GENESIS_HASH;
  let entries = 0;
  let salesCents = 0;
  let receiptsCents = 0;
  let lastSeq = 0;
  for (;;) {
    const page = await pages(lastSeq);
    if (page.length === 0) {
      // The pages ran out: the head, read now, says whether entries were appended meanwhile.
      const seen = headReads > 0 ? (head?.lastSeq ?? 0) : null;
      head = await readHead();
      headReads += 1;
      // Further on than the entries walked, and moved since it was last read: appended meanwhile.
      if ((head?.lastSeq ?? 0) > entries && (head?.lastSeq ?? 0) !== seen) continue;
      break;
    }
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
