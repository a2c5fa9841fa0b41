import type { Db } from "@server/db/client";
import type { CommercialDocument } from "@server/pdf/model";
import { describe, expect, it } from "vitest";
import { createDocumentPdfs } from "./document-pdf";

/**
 * The one PDF pipeline of quotes and invoices (docs/architecture.md « Document core »): prepared in the
 * transaction, rendered after it, kept per company and per content. Documents without a logo: the
 * transaction is never read (a logo's bytes are the only thing `prepare` reads).
 */
const unused = {} as Db;

const doc = (reference: string, total = 120): CommercialDocument => ({
  title: "Facture",
  reference,
  subject: "Salle de bain",
  company: { name: "Durand", lines: ["Lyon"], legal: [], logo: null },
  parts: [
    { kind: "header", facts: [["Date", "20/11/2026"]] },
    { kind: "parties", client: { name: "Martin", lines: [] } },
    {
      kind: "totals",
      vat: [{ rate: 20, net: total / 1.2, tax: total - total / 1.2 }],
      subtotal: total / 1.2,
      discount: null,
      taxAmount: total - total / 1.2,
      total,
    },
  ],
  footer: "Durand",
  date: "2026-11-20T10:00:00.000Z",
});

describe("the document kernel's PDF pipeline", () => {
  it("renders a document once per company and content, then answers the same bytes from the cache", async () => {
    const pdfs = createDocumentPdfs();
    const print = { document: doc("FAC-2026-0001"), logoFileId: null };
    const [first] = await pdfs.prepare(unused, "company-a", [print]);
    expect(first?.cached).toBeUndefined();
    const rendered = await pdfs.render(first as NonNullable<typeof first>);
    expect(rendered.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const [again] = await pdfs.prepare(unused, "company-a", [print]);
    expect(again?.key).toBe(first?.key);
    expect(again?.cached).toBe(rendered);
    expect(await pdfs.render(again as NonNullable<typeof again>)).toBe(rendered);
  });

  it("keys per company: another company's identical document is not a cache hit", async () => {
    const pdfs = createDocumentPdfs();
    const print = { document: doc("FAC-2026-0002"), logoFileId: null };
    const [a] = await pdfs.prepare(unused, "company-a", [print]);
    await pdfs.render(a as NonNullable<typeof a>);
    const [b] = await pdfs.prepare(unused, "company-b", [print]);
    expect(b?.key).not.toBe(a?.key);
    expect(b?.key.startsWith("company-b:")).toBe(true);
    expect(b?.cached).toBeUndefined();
  });

  it("keys by the document's version: any change of what it prints is a new key, the same content the same key", async () => {
    const pdfs = createDocumentPdfs();
    const [before, changed, identical] = await pdfs.prepare(unused, "company-a", [
      { document: doc("FAC-2026-0003", 120), logoFileId: null },
      { document: doc("FAC-2026-0003", 240), logoFileId: null },
      { document: doc("FAC-2026-0003", 120), logoFileId: null },
    ]);
    expect(changed?.key).not.toBe(before?.key);
    expect(identical?.key).toBe(before?.key);
    await pdfs.render(before as NonNullable<typeof before>);
    const [same] = await pdfs.prepare(unused, "company-a", [{ document: doc("FAC-2026-0003", 120), logoFileId: null }]);
    expect(same?.cached).toBeDefined();
  });

  it("keeps each kind's cache bounded: a cache too small keeps nothing, each render is done again", async () => {
    const pdfs = createDocumentPdfs(10);
    const print = { document: doc("FAC-2026-0004"), logoFileId: null };
    const [first] = await pdfs.prepare(unused, "company-a", [print]);
    await pdfs.render(first as NonNullable<typeof first>);
    const [again] = await pdfs.prepare(unused, "company-a", [print]);
    expect(again?.cached).toBeUndefined();
  });
});
