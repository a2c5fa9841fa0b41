import type { Client } from "@shared/clients";
import type { Invoice } from "@shared/invoices";
import type { QuoteTemplate } from "@shared/quote-templates";
import type { Quote } from "@shared/quotes";

import { makeQuoteDocument } from "@web/test/document-fixtures";

export { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
export { EVERY_PERMISSION, installBrowserStubs, jsonResponse, renderWithProviders } from "@web/test/render";

export const CLIENT_ID = "8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f";

/** A quote being written: a priced line at 10 % and one at 20 % (the document fixtures' quote). */
export const makeQuote = (overrides: Partial<Quote> = {}): Quote => makeQuoteDocument(CLIENT_ID, overrides);

export function makeTemplate(overrides: Partial<QuoteTemplate> = {}): QuoteTemplate {
  return {
    id: "t1",
    name: "Cuisine",
    description: null,
    items: [
      {
        kind: "item",
        library_item_id: null,
        name: "Meuble",
        description: null,
        quantity: 2,
        unit: "unité",
        unit_price: 150,
        tax_rate: 20,
        position: 1,
      },
    ],
    discount_percentage: 5,
    terms: "Acompte 30 %",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** A client as GET /api/clients answers it (the client filter and picker of the quotes screens). */
export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: CLIENT_ID,
    name: "Jean Dupont",
    email: "jean@exemple.fr",
    phone: null,
    address: null,
    postal_code: null,
    city: "Lyon",
    notes: null,
    is_active: true,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** The deposit invoice POST /api/invoices/deposit/:quoteId answers for 30 % of `makeQuote()` (a draft). */
export function makeDepositInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const quote = makeQuote();
  return {
    id: "3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    kind: "deposit",
    reference: "PROV-2026-0004",
    name: `Acompte de 30 % — ${quote.name}`,
    status: "draft",
    overdue: false,
    days_late: 0,
    emailed_at: null,
    client_id: CLIENT_ID,
    client_name: quote.client.name,
    date: "2026-03-12",
    due_date: "2026-04-11",
    subtotal: 90,
    tax_amount: 12,
    total: 102,
    paid_amount: 0,
    balance_due: 102,
    quote_id: quote.id,
    project_id: null,
    created_at: "2026-03-12T09:00:00.000Z",
    updated_at: "2026-03-12T09:00:00.000Z",
    client: {
      name: quote.client.name,
      email: null,
      address: null,
      postal_code: null,
      city: "Lyon",
      siren: null,
      vat_number: null,
    },
    client_phone: null,
    quote: { id: quote.id, reference: quote.reference, name: quote.name },
    project: null,
    credited_invoice: null,
    credit_note: null,
    work_date: null,
    payment_method: "bank_transfer",
    payment_date: null,
    notes: null,
    terms: null,
    legal_mentions: null,
    reverse_charge: false,
    worksite_address: null,
    operation_category: "services",
    discount_percentage: 0,
    discount_amount: 0,
    discount: 0,
    vat_breakdown: [
      { rate: 20, net: 30, tax: 6 },
      { rate: 10, net: 60, tax: 6 },
    ],
    deposits_net: 0,
    deposits_tax: 0,
    deposits: [],
    issued_at: null,
    created_by_name: "Paul Durand",
    facturx: null,
    items: [],
    payments: [],
    credit: null,
    ...overrides,
  };
}
