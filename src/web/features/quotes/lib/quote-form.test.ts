import { type Quote, quoteContentChanged, quoteInputSchema, quoteUpdateSchema } from "@shared/quotes";
import { emptyLine, liveTotals } from "@web/components/document-lines/line-fields";
import { describe, expect, it } from "vitest";
import { createDefaults, quoteToFields, statusChangePayload, toQuotePayload } from "./quote-form";

function makeQuote(overrides: Partial<Quote> = {}): Quote {
  const item = (position: number, name: string, tax_rate: number) => ({
    id: `item-${position}`,
    position,
    kind: "item" as const,
    library_item_id: null,
    name,
    description: position === 1 ? "Pose collée" : null,
    quantity: 2.5,
    unit: "m²",
    unit_price: 40,
    tax_rate,
    subtotal: 100,
    tax_amount: 10,
    total: 110,
  });
  return {
    id: "6f1c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
    reference: "DEV-2026-0007",
    name: "Salle de bain",
    premises: null,
    status: "en cours de redaction",
    client_id: "8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f",
    client: { id: "c", name: "Jean Dupont", email: null, phone: null, address: null, postal_code: null, city: null },
    date: "2026-03-10",
    valid_until: null,
    notes: null,
    terms: "Acompte 30 %",
    discount_percentage: 10,
    discount_amount: 0,
    subtotal: 200,
    discount: 20,
    tax_amount: 20,
    total: 200,
    vat_breakdown: [],
    project_id: null,
    worksite: null,
    items: [item(2, "Peinture", 20), item(1, "Carrelage", 10)],
    items_count: 2,
    version: 1,
    created_at: "2026-03-10T09:00:00.000Z",
    updated_at: "2026-03-10T09:00:00.000Z",
    ...overrides,
  };
}

const NO_COSTS = { withCosts: false };

describe("create defaults", () => {
  it("is a draft dated today with one line at the spec's defaults; the validity date is left to the server when the company's days are unknown", () => {
    const fields = createDefaults({ today: "2026-12-15" });
    expect(fields.status).toBe("en cours de redaction");
    expect(fields.date).toBe("2026-12-15");
    expect(fields.valid_until).toBe("");
    expect(fields.client_id).toBe("");
    expect(fields.items).toEqual([emptyLine()]);
    expect(emptyLine()).toMatchObject({ quantity: "1", unit: "unité", unit_price: "0", tax_rate: "20" });
  });

  it("gives new lines the company's VAT rate", () => {
    expect(createDefaults({ today: "2026-12-15", taxRate: 10 }).items[0]?.tax_rate).toBe("10");
    expect(emptyLine("section", 5.5)).toMatchObject({ kind: "section", name: "" });
  });

  it("follows the company's validity days and preselects the client", () => {
    const fields = createDefaults({ today: "2026-02-20", validityDays: 45, clientId: "abc" });
    expect(fields.valid_until).toBe("2026-04-06");
    expect(fields.client_id).toBe("abc");
    expect(createDefaults({ today: "2026-02-20", validityDays: 0 }).valid_until).toBe("");
    expect(createDefaults({ today: "2026-02-20", validityDays: null }).valid_until).toBe("");
  });
});

describe("quote ↔ form", () => {
  it("leaves an empty validity date out of a creation (the server defaults it) but says null in an update", () => {
    const values = quoteInputSchema.parse({ ...quoteToFields(makeQuote()), valid_until: "" });
    expect(Object.keys(toQuotePayload(values, undefined, NO_COSTS))).not.toContain("valid_until");
    expect(toQuotePayload(values, "q1", NO_COSTS).valid_until).toBeNull();
    const dated = quoteInputSchema.parse({ ...quoteToFields(makeQuote()), valid_until: "2026-04-09" });
    expect(toQuotePayload(dated, undefined, NO_COSTS).valid_until).toBe("2026-04-09");
  });

  it("shows a stored quote with its lines in position order and '' for nothing", () => {
    const fields = quoteToFields(makeQuote());
    expect(fields.items.map((i) => i.name)).toEqual(["Carrelage", "Peinture"]);
    expect(fields.items[0]).toEqual({
      kind: "item",
      name: "Carrelage",
      description: "Pose collée",
      quantity: "2.5",
      unit: "m²",
      unit_price: "40.00",
      tax_rate: "10",
      cost_price: "",
      library_item_id: "",
    });
    expect(fields.items[1]?.description).toBe("");
    expect(fields.valid_until).toBe("");
    expect(fields.notes).toBe("");
    expect(fields.discount_percentage).toBe("10");
  });

  it("sends the validated form with its lines in order (no position: the server numbers them), only the discount that applies, and the id on update", () => {
    const fields = quoteToFields(makeQuote());
    const values = quoteInputSchema.parse({ ...fields, discount_amount: "25" });
    const payload = toQuotePayload(values, "q1", NO_COSTS);
    expect(payload.id).toBe("q1");
    expect(payload.discount_percentage).toBe(10);
    expect(payload.discount_amount).toBe(0);
    expect(payload.valid_until).toBeNull();
    expect(payload.notes).toBeNull();
    expect(payload.items.map((i) => [i.name, i.quantity, i.unit_price, i.tax_rate])).toEqual([
      ["Carrelage", 2.5, 40, 10],
      ["Peinture", 2.5, 40, 20],
    ]);
    for (const item of payload.items) expect(item).not.toHaveProperty("position");
    expect(toQuotePayload(values, undefined, NO_COSTS)).not.toHaveProperty("id");
    // What the form sends passes the server's schemas unchanged: a POST, and a PUT, which requires every key.
    expect(quoteInputSchema.parse(toQuotePayload(values, undefined, NO_COSTS))).toMatchObject({
      name: "Salle de bain",
    });
    const put = quoteUpdateSchema.safeParse(payload);
    expect(put.error?.issues).toBeUndefined();
    expect(put.data).toMatchObject({ name: "Salle de bain", status: "en cours de redaction", discount_percentage: 10 });
  });

  it("sends headings and texts by their kind and words, and costs only for a user who sees them", () => {
    const quote = makeQuote();
    const fields = quoteToFields(quote);
    const [first, second] = fields.items;
    if (!first || !second) throw new Error("two lines expected");
    fields.items = [
      { ...emptyLine("section"), name: "Lot 1 — Sols", unit_price: "99" },
      { ...first, cost_price: "21.40", library_item_id: "1d7c0a62-4b1e-4f0e-9a55-2f1f3c4d5e6f" },
      { ...emptyLine("text"), name: "Plinthes comprises" },
      second,
    ];
    const values = quoteInputSchema.parse(fields);
    const withCosts = toQuotePayload(values, "q1", { withCosts: true });
    expect(withCosts.items).toEqual([
      { kind: "section", name: "Lot 1 — Sols" },
      expect.objectContaining({
        kind: "item",
        name: "Carrelage",
        cost_price: 21.4,
        library_item_id: "1d7c0a62-4b1e-4f0e-9a55-2f1f3c4d5e6f",
      }),
      { kind: "text", name: "Plinthes comprises" },
      expect.objectContaining({ kind: "item", name: "Peinture", cost_price: null, library_item_id: null }),
    ]);
    const without = toQuotePayload(values, "q1", NO_COSTS);
    for (const item of without.items) expect(item).not.toHaveProperty("cost_price");
    expect(quoteUpdateSchema.safeParse(withCosts).error?.issues).toBeUndefined();
    // The live totals and each heading's subtotal: the lines of its section.
    const live = liveTotals(fields);
    expect(live.lines.map((l) => l.subtotal)).toEqual([200, 100, 0, 100]);
    expect(live.subtotal).toBe(200);
  });

  it("keeps a fixed discount when the percentage is 0", () => {
    const values = quoteInputSchema.parse({
      ...quoteToFields(makeQuote()),
      discount_percentage: "0",
      discount_amount: "15",
    });
    expect(toQuotePayload(values, undefined, NO_COSTS)).toMatchObject({ discount_percentage: 0, discount_amount: 15 });
  });

  it("a status change sends the whole stored quote, unchanged but for the status", () => {
    const quote = makeQuote({ valid_until: "2026-04-09", notes: "Portail bleu" });
    const payload = statusChangePayload(quote, "envoye au client");
    expect(payload).toMatchObject({
      id: quote.id,
      status: "envoye au client",
      name: quote.name,
      date: quote.date,
      valid_until: "2026-04-09",
      notes: "Portail bleu",
      terms: quote.terms,
      discount_percentage: 10,
      discount_amount: 0,
    });
    expect(payload.items.map((i) => [i.name, i.description])).toEqual([
      ["Carrelage", "Pose collée"],
      ["Peinture", null],
    ]);
    // A PUT of the whole quote: the server's PUT schema, which requires every key, takes it as it is.
    const put = quoteUpdateSchema.safeParse(payload);
    expect(put.error?.issues).toBeUndefined();
    expect(put.data).toMatchObject({ status: "envoye au client", notes: "Portail bleu", terms: quote.terms });
    expect(put.data?.items).toHaveLength(2);
    // Costs are never said by a status change: the lines keep theirs.
    const costed = makeQuote({ items: quote.items.map((i) => ({ ...i, cost_price: 12 })) });
    for (const item of statusChangePayload(costed, "valide").items) expect(item).not.toHaveProperty("cost_price");
  });
});

describe("a sent quote saved unchanged keeps its version (docs/domain/quotes.md#sent-quotes-are-frozen)", () => {
  const sent = makeQuote({ status: "envoye au client", valid_until: "2026-04-09", notes: "Portail bleu" });
  // What the server compares: the stored quote's lines in position order.
  const stored = { ...sent, items: [...sent.items].sort((a, b) => a.position - b.position) };
  // A body without a worksite keeps the stored one (OPTIONAL_ON_PUT), as the server reads it.
  const edited = <T extends { worksite?: Quote["worksite"] }>(input: T) => ({
    ...input,
    worksite: input.worksite === undefined ? sent.worksite : input.worksite,
  });

  it("« Marquer comme relancé » and a form saved as it opened change nothing the client agrees to", () => {
    const reminded = quoteUpdateSchema.parse(statusChangePayload(sent, "client relance"));
    expect(quoteContentChanged(stored, edited(reminded))).toBe(false);
    const fields = quoteToFields(sent);
    const saved = quoteUpdateSchema.parse(
      toQuotePayload(quoteInputSchema.parse({ ...fields, notes: "Autre note" }), sent.id, NO_COSTS),
    );
    expect(quoteContentChanged(stored, edited(saved))).toBe(false);
  });

  it("a price typed in the form does", () => {
    const fields = quoteToFields(sent);
    const items = fields.items.map((item, index) => (index === 0 ? { ...item, unit_price: "45" } : item));
    const saved = quoteUpdateSchema.parse(
      toQuotePayload(quoteInputSchema.parse({ ...fields, items }), sent.id, NO_COSTS),
    );
    expect(quoteContentChanged(stored, edited(saved))).toBe(true);
  });
});
