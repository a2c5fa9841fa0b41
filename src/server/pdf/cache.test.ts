import { describe, expect, it } from "vitest";
import { DocumentCache, documentKey } from "./cache";
import type { CommercialDocument, MentionsPart } from "./model";

const doc: CommercialDocument = {
  title: "Devis",
  reference: "DEV-2026-0001",
  subject: "Salle de bain",
  company: { name: "Durand", lines: ["Lyon"], legal: [], logo: null },
  parts: [
    { kind: "header", facts: [["Date", "20/11/2026"]] },
    { kind: "parties", client: { name: "Martin", lines: [] } },
    {
      kind: "lines",
      lines: [
        {
          kind: "item",
          name: "Pose",
          description: null,
          quantity: 1,
          unit: "forfait",
          unit_price: 100,
          tax_rate: 20,
          subtotal: 100,
        },
      ],
    },
    {
      kind: "totals",
      vat: [{ rate: 20, net: 100, tax: 20 }],
      subtotal: 100,
      discount: null,
      taxAmount: 20,
      total: 120,
    },
  ],
  footer: "Durand",
};

/** The document with one part replaced (the parts are tagged by kind). */
const withPart = (part: CommercialDocument["parts"][number]): CommercialDocument => ({
  ...doc,
  parts: doc.parts.map((p) => (p.kind === part.kind ? part : p)),
});

describe("documentKey", () => {
  it("is the same for the same content and changes with any of it or with the logo file", () => {
    const key = documentKey(doc, "logo-1");
    expect(documentKey(structuredClone(doc), "logo-1")).toBe(key);
    const mentions: MentionsPart = { kind: "mentions", paragraphs: [{ title: "Conditions", body: "Acompte 30 %" }] };
    expect(documentKey({ ...doc, parts: [...doc.parts, mentions] }, "logo-1")).not.toBe(key);
    expect(
      documentKey(
        withPart({
          kind: "totals",
          vat: [{ rate: 20, net: 100, tax: 20 }],
          subtotal: 100,
          discount: null,
          taxAmount: 20,
          total: 120.01,
        }),
        "logo-1",
      ),
    ).not.toBe(key);
    expect(documentKey(withPart({ kind: "parties", client: { name: "Martin", lines: ["Lyon"] } }), "logo-1")).not.toBe(
      key,
    );
    // The same parts in another order are another document.
    expect(documentKey({ ...doc, parts: [...doc.parts].reverse() }, "logo-1")).not.toBe(key);
    expect(documentKey(doc, "logo-2")).not.toBe(key);
    expect(documentKey(doc, null)).not.toBe(key);
  });

  it("ignores the logo's bytes (the file id stands for them)", () => {
    const withBytes = { ...doc, company: { ...doc.company, logo: Buffer.from("png") } };
    expect(documentKey(withBytes, "logo-1")).toBe(documentKey(doc, "logo-1"));
  });
});

describe("DocumentCache", () => {
  const bytes = (n: number) => Buffer.alloc(n);

  it("returns what was stored and stays within its byte budget, least recently used out first", () => {
    const cache = new DocumentCache(100);
    cache.set("a", bytes(40));
    cache.set("b", bytes(40));
    expect(cache.get("a")?.length).toBe(40); // 'a' is now the most recently used
    cache.set("c", bytes(40));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.bytes).toBe(80);
    expect(cache.size).toBe(2);
  });

  it("replaces an entry under the same key and refuses one larger than the budget", () => {
    const cache = new DocumentCache(100);
    cache.set("a", bytes(30));
    cache.set("a", bytes(50));
    expect(cache.bytes).toBe(50);
    cache.set("huge", bytes(101));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.bytes).toBe(50);
  });
});
