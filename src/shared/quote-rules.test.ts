import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTotals } from "./money";
import {
  type CostedLine,
  lineMargin,
  type QuoteContent,
  quoteContentChanged,
  quoteMargin,
  quoteTotalsInEuros,
  resolveLineCosts,
  sectionSubtotals,
  statusOfNewVersion,
} from "./quote-rules";

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const priced = fc.record({
  kind: fc.constant("item" as const),
  quantity: fc.integer({ min: 1, max: 1_000_000 }).map((m) => m / 1000),
  unit_price: money(10_000),
  tax_rate: fc.constantFrom(0, 2.1, 5.5, 10, 20),
});
/** A heading or a text line, with whatever figures a client may have left on it. */
const unpriced = fc.record({
  kind: fc.constantFrom("section" as const, "text" as const),
  quantity: fc.integer({ min: 0, max: 1000 }),
  unit_price: money(10_000),
  tax_rate: fc.constantFrom(0, 7, 20),
});
const discount = {
  discount_percentage: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 10_000 }).map((b) => b / 100),
  ),
  discount_amount: money(5_000),
};

describe("totals with headings and text lines", () => {
  it("never change a total, a VAT rate or a VAT amount, wherever they stand", () => {
    fc.assert(
      fc.property(
        fc.array(priced, { maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), unpriced), { maxLength: 8 }),
        fc.record(discount),
        (lines, inserts, d) => {
          const mixed: { kind: string; quantity: number; unit_price: number; tax_rate: number }[] = [...lines];
          for (const [at, line] of inserts) mixed.splice(at % (mixed.length + 1), 0, line);
          const plain = computeTotals({ items: lines, ...d });
          const withKinds = computeTotals({ items: mixed, ...d });
          expect({ ...withKinds, lines: undefined }).toEqual({ ...plain, lines: undefined });
          expect(withKinds.lines.filter((_, i) => mixed[i]?.kind === "item")).toEqual(plain.lines);
          for (const [i, l] of withKinds.lines.entries()) {
            if (mixed[i]?.kind !== "item") expect(l).toEqual({ subtotal: 0, tax: 0, total: 0 });
          }
        },
      ),
    );
  });

  it("gives each heading the sum of its section, the sections adding up to the subtotal", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(priced, unpriced), { maxLength: 30 }), (tail) => {
        const items = [{ kind: "section" as const, quantity: 0, unit_price: 0, tax_rate: 0 }, ...tail];
        const totals = computeTotals({ items });
        const sections = sectionSubtotals(
          items,
          totals.lines.map((l) => l.subtotal),
        );
        expect(sections.reduce((a, b) => a + b, 0)).toBe(totals.subtotal);
        items.forEach((item, i) => {
          if (item.kind !== "section") expect(sections[i]).toBe(0);
        });
      }),
    );
  });

  it("puts the section's subtotal on its heading's line in euros", () => {
    const t = quoteTotalsInEuros({
      items: [
        { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
        { kind: "item", quantity: 2, unit_price: 150, tax_rate: 20 },
        { kind: "text", quantity: 0, unit_price: 0, tax_rate: 0 },
        { kind: "item", quantity: 4, unit_price: 37.5, tax_rate: 10 },
        { kind: "section", quantity: 0, unit_price: 0, tax_rate: 0 },
        { kind: "item", quantity: 10, unit_price: 12.34, tax_rate: 5.5 },
      ],
      discount_percentage: 0,
      discount_amount: 0,
    });
    expect(t.lines.map((l) => l.subtotal)).toEqual([450, 300, 0, 150, 123.4, 123.4]);
    expect(t.lines[0]).toEqual({ subtotal: 450, tax_amount: 0, total: 0 });
    expect(t.subtotal).toBe(573.4);
  });
});

describe("margins", () => {
  it("reads a line's cost against its amount HT, none without a cost", () => {
    expect(lineMargin({ quantity: 2.5, unit_price: 32.5, tax_rate: 10, cost_price: 21.4 })).toEqual({
      cost: 53.5,
      amount: 27.75,
      rate: 34.15,
    });
    expect(lineMargin({ quantity: 1, unit_price: 10, tax_rate: 20, cost_price: null })).toBeNull();
    expect(lineMargin({ kind: "section", quantity: 0, unit_price: 0, tax_rate: 0, cost_price: 5 })).toBeNull();
  });

  it("reads the quote's cost against its total HT after discount, and counts lines without cost", () => {
    expect(
      quoteMargin({
        items: [
          { quantity: 1, unit_price: 1000, tax_rate: 20, cost_price: 600 },
          { quantity: 1, unit_price: 200, tax_rate: 20, cost_price: null },
          { kind: "text", quantity: 0, unit_price: 0, tax_rate: 0 },
        ],
        discount_percentage: 0,
        discount_amount: 200,
      }),
    ).toEqual({ cost: 600, amount: 400, rate: 40, missing_costs: 1 });
    expect(quoteMargin({ items: [], discount_percentage: 0, discount_amount: 0 })).toEqual({
      cost: 0,
      amount: 0,
      rate: null,
      missing_costs: 0,
    });
  });
});

describe("resolveLineCosts", () => {
  const line = (name: string, changes: Partial<CostedLine> = {}): CostedLine => ({
    kind: "item",
    name,
    unit: "m²",
    library_item_id: null,
    ...changes,
  });
  const before = [
    line("Carrelage", { cost_price: 21.4 }),
    line("Pose", { unit: "heure", cost_price: 30 }),
    line("Carrelage", { cost_price: 19 }),
    line("Mitigeur", { unit: "unité", library_item_id: "lib-1", cost_price: 100 }),
  ];
  const library = new Map([
    ["lib-1", 112.5],
    ["lib-2", 40],
  ]);

  it("keeps what a user who may see costs says, null included", () => {
    expect(
      resolveLineCosts(
        [line("Carrelage", { cost_price: 25 }), line("Pose", { cost_price: null })],
        before,
        library,
        true,
      ),
    ).toEqual([25, null]);
  });

  it("keeps the costs lines had when they are unsaid or said by a user who may not see them, moved or not", () => {
    const lines = [
      line("Mitigeur", { unit: "unité", library_item_id: "lib-1", cost_price: 1 }),
      line("Pose", { unit: "heure" }),
      line("Carrelage"),
      line("Carrelage"),
      line("Carrelage"),
      line("Robinet", { library_item_id: "lib-2" }),
      line("Nouveau"),
      { ...line("Lot 1"), kind: "section", cost_price: 9 },
    ];
    expect(resolveLineCosts(lines, before, library, false)).toEqual([100, 30, 21.4, 19, null, 40, null, null]);
  });
});

describe("a quote's content (what a new version is about)", () => {
  const base: QuoteContent = {
    name: "Salle de bain",
    client_id: "c1",
    date: "2026-03-01",
    terms: null,
    worksite: null,
    discount_percentage: 0,
    discount_amount: 0,
    items: [
      { kind: "item", name: "Carrelage", description: null, quantity: 10, unit: "m²", unit_price: 110, tax_rate: 10 },
    ],
  };
  it("is unchanged by what the client does not agree to (costs, library links, notes, the validity date)", () => {
    const stored = { ...base, notes: "interne", items: [{ ...base.items[0], cost_price: 50, library_item_id: "x" }] };
    expect(quoteContentChanged(base, stored as QuoteContent)).toBe(false);
    expect(quoteContentChanged(base, { ...base, valid_until: "2026-04-30" } as QuoteContent)).toBe(false);
    // A worksite's missing optional parts are the same as null.
    const a = { ...base, worksite: { address: "1 rue", label: null, postal_code: null, city: null } };
    expect(quoteContentChanged(a, { ...base, worksite: { address: "1 rue" } })).toBe(false);
  });
  it("changes with an amount, the client, a discount, the terms, a line or the worksite", () => {
    const item = base.items[0] as QuoteContent["items"][number];
    const changed: QuoteContent[] = [
      { ...base, items: [{ ...item, unit_price: 1100 }] },
      { ...base, client_id: "c2" },
      { ...base, discount_percentage: 10 },
      { ...base, discount_amount: 5 },
      { ...base, terms: "Acompte 30 %" },
      { ...base, items: [...base.items, { ...item, name: "Plinthes" }] },
      { ...base, worksite: { address: "2 rue" } },
      { ...base, name: "Cuisine" },
    ];
    for (const after of changed) expect(quoteContentChanged(base, after), JSON.stringify(after)).toBe(true);
  });
  it("a new version is not sent: a sent or reminded status becomes a draft, others stay", () => {
    expect(statusOfNewVersion("envoye au client")).toBe("en cours de redaction");
    expect(statusOfNewVersion("client relance")).toBe("en cours de redaction");
    expect(statusOfNewVersion("en cours de redaction")).toBe("en cours de redaction");
    expect(statusOfNewVersion("valide")).toBe("valide");
    expect(statusOfNewVersion("annule")).toBe("annule");
  });
});
