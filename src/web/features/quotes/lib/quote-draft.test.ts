import { describe, expect, it } from "vitest";
import { parseQuoteDraft, QUOTE_DRAFT_MAX_AGE_MS, quoteDraftKey, serialiseQuoteDraft } from "./quote-draft";
import type { QuoteFormFields } from "./quote-form";

const values: QuoteFormFields = {
  name: "Salle de bain Martin",
  client_id: "c1",
  status: "en cours de redaction",
  date: "2026-11-23",
  valid_until: "",
  notes: "Accès par la cour",
  terms: "",
  discount_percentage: "5",
  discount_amount: "0",
  worksite: { label: "Atelier", address: "3 rue du Port", postal_code: "69002", city: "Lyon" },
  items: [
    {
      kind: "item",
      name: "Carrelage",
      description: "",
      quantity: "12.5",
      unit: "m²",
      unit_price: "45.00",
      tax_rate: "10",
      cost_price: "",
      library_item_id: "",
    },
  ],
};
const now = new Date("2026-11-23T10:00:00.000Z");

describe("quote drafts on the device", () => {
  it("has one key per company, user and quote", () => {
    expect(quoteDraftKey("co1:u1", null)).toBe("propulse:draft:quote:co1:u1:new");
    expect(quoteDraftKey("co1:u1", "q9")).toBe("propulse:draft:quote:co1:u1:q9");
  });

  it("reads back what it wrote, with its date", () => {
    expect(parseQuoteDraft(serialiseQuoteDraft(values, now), now)).toEqual({ savedAt: now.toISOString(), values });
  });

  it("reads a draft written before line kinds as priced lines without cost, and keeps headings", () => {
    const { kind: _kind, cost_price: _cost, library_item_id: _library, ...older } = values.items[0] ?? {};
    const raw = JSON.stringify({ savedAt: now.toISOString(), values: { ...values, items: [older] } });
    expect(parseQuoteDraft(raw, now)?.values.items).toEqual(values.items);
    const heading = { ...values.items[0], kind: "section", name: "Lot 1" };
    const withHeading = { ...values, items: [heading, ...values.items] } as typeof values;
    expect(parseQuoteDraft(serialiseQuoteDraft(withHeading, now), now)?.values.items[0]).toEqual(heading);
    const bogus = JSON.stringify({
      savedAt: now.toISOString(),
      values: { ...values, items: [{ ...heading, kind: "x" }] },
    });
    expect(parseQuoteDraft(bogus, now)).toBeNull();
  });

  it("drops a draft older than 30 days", () => {
    const raw = serialiseQuoteDraft(values, now);
    expect(parseQuoteDraft(raw, new Date(now.getTime() + QUOTE_DRAFT_MAX_AGE_MS - 1000))).not.toBeNull();
    expect(parseQuoteDraft(raw, new Date(now.getTime() + QUOTE_DRAFT_MAX_AGE_MS + 1000))).toBeNull();
  });

  it("drops what it cannot read (nothing, broken JSON, another shape) and keeps only the form's fields", () => {
    expect(parseQuoteDraft(null, now)).toBeNull();
    expect(parseQuoteDraft("{", now)).toBeNull();
    expect(parseQuoteDraft(JSON.stringify({ savedAt: now.toISOString(), values: { name: 1 } }), now)).toBeNull();
    const withoutItems = { ...values, items: undefined };
    expect(parseQuoteDraft(JSON.stringify({ savedAt: now.toISOString(), values: withoutItems }), now)).toBeNull();
    const badItem = { ...values, items: [{ name: "x" }] };
    expect(parseQuoteDraft(JSON.stringify({ savedAt: now.toISOString(), values: badItem }), now)).toBeNull();
    const extra = { ...values, injected: "<script>", items: [{ ...values.items[0], extra: 1 }] };
    expect(parseQuoteDraft(JSON.stringify({ savedAt: now.toISOString(), values: extra }), now)?.values).toEqual(values);
  });
});
