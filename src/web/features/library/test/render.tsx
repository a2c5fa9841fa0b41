import type { LibraryItem } from "@shared/library";

export { apiError, type FakeApi, fakeApi, noContent } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

export function makeItem(overrides: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id: crypto.randomUUID(),
    kind: "article",
    name: "Carrelage grès cérame 45×45",
    description: null,
    unit: "m²",
    unit_price: 32.5,
    cost_price: 21.4,
    tax_rate: 10,
    category: "fourniture",
    supplier_reference: "PT-4545",
    pricing: null,
    coefficient: null,
    labour_hours: null,
    archived: false,
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
    ...overrides,
  };
}
