import { JOURNAL_GENESIS_HASH } from "@shared/journal";
import { describe, expect, it } from "vitest";
import type { StoredEntry } from "./journal.repository";
import { type ChainedFields, canonicalJson, entryHash } from "./journal-chain";
import { walkChain } from "./journal-verify";

const base: ChainedFields = {
  seq: 1,
  kind: "invoice",
  documentId: "6f1c1f50-8f38-4a53-9d0f-4a2b8f2f2b11",
  reference: "FAC-2026-0001",
  recordedAt: "2026-11-29T10:15:00.123Z",
  amountCents: 132_000,
  content: { total: 132_000, client: { name: "Famille Martin" }, vat: [{ rate: 10, tax: 12_000 }] },
  userName: "Jean Durand",
};

/** A chain of `n` entries as append() writes them. */
function chain(n: number): StoredEntry[] {
  const entries: StoredEntry[] = [];
  let previous = JOURNAL_GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const fields = { ...base, seq, reference: `FAC-2026-${String(seq).padStart(4, "0")}`, amountCents: seq * 100 };
    const hash = entryHash(previous, fields);
    entries.push({ ...fields, previousHash: previous, hash });
    previous = hash;
  }
  return entries;
}

/** The pages the check reads, two entries at a time (the walk crosses pages). */
const pagesOf = (entries: readonly StoredEntry[]) => async (afterSeq: number) =>
  entries.filter((e) => e.seq > afterSeq).slice(0, 2);
const headOf = (entries: readonly StoredEntry[]) => {
  const last = entries.at(-1);
  return last ? { lastSeq: last.seq, lastHash: last.hash } : null;
};

describe("canonicalJson", () => {
  it("sorts keys at every level, whatever order they were written in", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: "é" } })).toBe(
      '{"a":{"c":"é","d":[2,{"y":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it("survives jsonb's round trip: what is read back hashes the same", () => {
    const content = { z: 5.5, a: [1, "2"], m: { y: true, x: null } };
    expect(canonicalJson(JSON.parse(JSON.stringify(content)))).toBe(canonicalJson(content));
  });

  it("refuses what JSON cannot carry", () => {
    expect(() => canonicalJson({ amount: Number.NaN })).toThrow();
  });
});

describe("entryHash", () => {
  it("is the SHA-256 (hex) of the previous hash and every field: any change gives another hash", () => {
    const hash = entryHash(JOURNAL_GENESIS_HASH, base);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash(JOURNAL_GENESIS_HASH, { ...base })).toBe(hash);
    const changed: Partial<ChainedFields>[] = [
      { seq: 2 },
      { kind: "credit_note" },
      { documentId: null },
      { reference: "FAC-2026-0002" },
      { recordedAt: "2026-11-29T10:15:00.124Z" },
      { amountCents: 132_001 },
      { userName: "Paul Durand" },
      { content: { ...(base.content as object), total: 132_001 } },
    ];
    for (const change of changed) expect(entryHash(JOURNAL_GENESIS_HASH, { ...base, ...change })).not.toBe(hash);
    expect(entryHash("1".repeat(64), base)).not.toBe(hash);
  });
});

describe("walkChain", () => {
  it("an intact journal: every entry walked, its total and last hash", async () => {
    const entries = chain(5);
    expect(await walkChain(pagesOf(entries), headOf(entries))).toEqual({
      entries: 5,
      lastHash: entries[4]?.hash,
      salesCents: 1_500,
      receiptsCents: 0,
      firstBroken: null,
    });
    expect(await walkChain(pagesOf([]), null)).toEqual({
      entries: 0,
      lastHash: null,
      salesCents: 0,
      receiptsCents: 0,
      firstBroken: null,
    });
  });

  it("names the first entry whose content changed", async () => {
    const entries = chain(5);
    const tampered = entries.map((e) => (e.seq === 3 ? { ...e, amountCents: 1 } : e));
    const walk = await walkChain(pagesOf(tampered), headOf(entries));
    expect(walk.firstBroken).toEqual({ seq: 3, reference: "FAC-2026-0003", reason: "hash" });
    expect(walk.entries).toBe(2);
  });

  it("a content changed and its hash recomputed: the next entry no longer follows it", async () => {
    const entries = chain(5);
    const third = entries[2] as StoredEntry;
    const forged = { ...third, amountCents: 1, hash: entryHash(third.previousHash, { ...third, amountCents: 1 }) };
    const walk = await walkChain(pagesOf(entries.map((e) => (e.seq === 3 ? forged : e))), headOf(entries));
    expect(walk.firstBroken).toEqual({ seq: 4, reference: "FAC-2026-0004", reason: "previous_hash" });
  });

  it("an entry removed in the middle breaks the numbering", async () => {
    const entries = chain(5).filter((e) => e.seq !== 2);
    const walk = await walkChain(pagesOf(entries), headOf(chain(5)));
    expect(walk.firstBroken).toEqual({ seq: 3, reference: "FAC-2026-0003", reason: "sequence" });
  });

  it("a head read when the pages run out: entries appended meanwhile are walked, entries past it named", async () => {
    const all = chain(7);
    // Five entries when the walk starts; two more appended (with their head) before the pages run out.
    let visible = 5;
    const pages = async (afterSeq: number) => {
      const page = all
        .slice(0, visible)
        .filter((e) => e.seq > afterSeq)
        .slice(0, 2);
      if (afterSeq >= 4) visible = 7;
      return page;
    };
    const walked = await walkChain(pages, async () => headOf(all.slice(0, visible)));
    expect(walked).toMatchObject({ entries: 7, lastHash: all[6]?.hash, firstBroken: null });
    // The head read says 5 while 7 are there: the first past it is named.
    const past = await walkChain(pagesOf(all), async () => headOf(all.slice(0, 5)));
    expect(past.firstBroken).toEqual({ seq: 6, reference: null, reason: "head" });
    // And 7 while 5 are there: cut from the end, read twice to be sure nothing was on its way.
    let reads = 0;
    const cut = await walkChain(pagesOf(all.slice(0, 5)), async () => {
      reads += 1;
      return headOf(all);
    });
    expect(cut.firstBroken).toEqual({ seq: 6, reference: null, reason: "head" });
    expect(reads).toBe(2);
  });

  it("entries cut from the end: the head the database remembers names the first one missing", async () => {
    const all = chain(5);
    const walk = await walkChain(pagesOf(all.slice(0, 3)), headOf(all));
    expect(walk.firstBroken).toEqual({ seq: 4, reference: null, reason: "head" });
  });
});
