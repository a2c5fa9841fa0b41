import type { Quote } from "@shared/quotes";

/**
 * A quote as GET /api/quotes/:id answers it, for the tests of every screen that shows one (the quotes'
 * and the invoices' written from a quote): a draft of two priced lines, 10 % and 20 %, for `clientId`.
 */
export function makeQuoteDocument(clientId: string, overrides: Partial<Quote> = {}): Quote {
  return {
    id: "6f1c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
    reference: "DEV-2026-0007",
    name: "Rénovation salle de bain",
    premises: null,
    status: "en cours de redaction",
    client_id: clientId,
    client: {
      id: clientId,
      name: "Jean Dupont",
      email: "jean@exemple.fr",
      phone: null,
      address: null,
      postal_code: null,
      city: "Lyon",
    },
    date: "2026-03-10",
    valid_until: "2026-04-09",
    notes: "Portail bleu",
    terms: null,
    discount_percentage: 0,
    discount_amount: 0,
    subtotal: 300,
    discount: 0,
    tax_amount: 40,
    total: 340,
    vat_breakdown: [
      { rate: 20, base: 100, discount: 0, net: 100, tax: 20 },
      { rate: 10, base: 200, discount: 0, net: 200, tax: 20 },
    ],
    project_id: null,
    worksite: null,
    items: [
      {
        id: "i1",
        position: 1,
        kind: "item",
        library_item_id: null,
        name: "Carrelage",
        description: null,
        quantity: 10,
        unit: "m²",
        unit_price: 20,
        tax_rate: 10,
        subtotal: 200,
        tax_amount: 20,
        total: 220,
      },
      {
        id: "i2",
        position: 2,
        kind: "item",
        library_item_id: null,
        name: "Peinture",
        description: null,
        quantity: 4,
        unit: "heure",
        unit_price: 25,
        tax_rate: 20,
        subtotal: 100,
        tax_amount: 20,
        total: 120,
      },
    ],
    items_count: 2,
    version: 1,
    created_at: "2026-03-10T09:00:00.000Z",
    updated_at: "2026-03-10T09:00:00.000Z",
    ...overrides,
  };
}
