import type { Invoice, InvoiceList, InvoiceRow, InvoiceStats } from "@shared/invoices";

/** Factories of the invoice list and detail tests: a row, a full invoice, the list's answer, the stats. */

export const CLIENT_ID = "0e5a6f7c-1b2d-4c3e-8f90-a1b2c3d4e5f6";
export const INVOICE_ID = "1f000001-0000-4000-8000-000000000001";

let next = 1;
const uuid = () => {
  next += 1;
  return `1f${String(next).padStart(6, "0")}-0000-4000-8000-000000000000`;
};

export function makeInvoiceRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: overrides.id ?? uuid(),
    kind: "invoice",
    reference: "FAC-2026-0012",
    name: "Rénovation salle de bain",
    status: "sent",
    overdue: false,
    days_late: 0,
    client_id: CLIENT_ID,
    client_name: "Martine Leroy",
    date: "2026-03-10",
    due_date: "2026-04-09",
    subtotal: 1000,
    tax_amount: 100,
    total: 1100,
    paid_amount: 0,
    balance_due: 1100,
    quote_id: null,
    project_id: null,
    created_at: "2026-03-10T09:00:00.000Z",
    updated_at: "2026-03-10T09:00:00.000Z",
    emailed_at: "2026-03-12T10:00:00.000Z",
    ...overrides,
  };
}

/** A sent invoice of two lines under a heading, 10 % VAT, nothing paid. */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...makeInvoiceRow({ id: INVOICE_ID }),
    client: {
      name: "Martine Leroy",
      email: "martine@exemple.fr",
      address: "8 chemin des Vignes",
      postal_code: "69380",
      city: "Lozanne",
      siren: null,
      vat_number: null,
    },
    client_phone: "06 12 34 56 78",
    quote: null,
    project: null,
    credited_invoice: null,
    credit_note: null,
    work_date: "2026-03-02",
    payment_method: "bank_transfer",
    payment_date: null,
    notes: "Portail bleu",
    terms: "Paiement à 30 jours",
    legal_mentions: "Pénalités de retard\u00a0: trois fois le taux d’intérêt légal.",
    reverse_charge: false,
    worksite_address: null,
    operation_category: "services",
    discount_percentage: 0,
    discount_amount: 0,
    discount: 0,
    vat_breakdown: [{ rate: 10, net: 1000, tax: 100 }],
    deposits_net: 0,
    deposits_tax: 0,
    deposits: [],
    issued_at: "2026-03-10T09:30:00.000Z",
    created_by_name: "Paul Durand",
    // A draft has no Factur-X (docs/domain/einvoicing.md).
    facturx: overrides.status === "draft" ? null : { profile: "EN 16931", validated: true },
    items: [
      {
        id: "a1000001-0000-4000-8000-000000000001",
        position: 1,
        kind: "section",
        name: "Salle de bain",
        description: null,
        quantity: 0,
        unit: "",
        unit_price: 0,
        tax_rate: 0,
        subtotal: 1000,
        tax_amount: 0,
        total: 0,
      },
      {
        id: "a1000001-0000-4000-8000-000000000002",
        position: 2,
        kind: "item",
        name: "Carrelage mural",
        description: null,
        quantity: 20,
        unit: "m²",
        unit_price: 40,
        tax_rate: 10,
        subtotal: 800,
        tax_amount: 80,
        total: 880,
      },
      {
        id: "a1000001-0000-4000-8000-000000000003",
        position: 3,
        kind: "item",
        name: "Pose de la faïence",
        description: "Joints blancs",
        quantity: 4,
        unit: "heure",
        unit_price: 50,
        tax_rate: 10,
        subtotal: 200,
        tax_amount: 20,
        total: 220,
      },
    ],
    payments: [],
    credit: null,
    ...overrides,
  };
}

/** The list's answer for `rows`, paged as the server pages (`page`, `limit` from the query). */
export function listAnswer(rows: readonly InvoiceRow[], query: URLSearchParams, total = rows.length): InvoiceList {
  const page = Number(query.get("page") ?? 1);
  const limit = Number(query.get("limit") ?? 20);
  return {
    invoices: rows.slice(0, limit),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

export function makeStats(overrides: Partial<InvoiceStats> = {}): InvoiceStats {
  return {
    total_invoices: 12,
    total_amount: 24_500,
    paid_invoices: 7,
    paid_amount: 15_200.5,
    sent_invoices: 4,
    pending_amount: 8_100,
    overdue_invoices: 2,
    overdue_amount: 3_050,
    ...overrides,
  };
}
