import type { Invoice, InvoiceItem } from "@shared/invoices";
import type { InvoiceSeller } from "./invoice-seller";

/**
 * An issued document as the PDF and the Factur-X read it, in memory (no database): the seller and the
 * invoice the rendering tests (invoice-pdf.test.ts, facturx/facturx-pdf.test.ts) start from.
 */

export const SELLER_FIXTURE: InvoiceSeller = {
  name: "Durand Rénovation",
  address_lines: ["8 avenue Jean Jaurès", "69007 Lyon"],
  phone: "04 78 61 20 45",
  email: "contact@durand-renovation.fr",
  website: "www.durand-renovation.fr",
  siret: "812 345 676 00017",
  siren: "812345676",
  tva_number: "FR19812345676",
  legal_form: "SARL",
  share_capital: "20 000 €",
  registration: "RCS Lyon 812 345 676",
  insurer_name: "MAAF Assurances",
  insurer_policy: "123456789",
  insurance_coverage: "France métropolitaine",
  vat_franchise: false,
  logo_file_id: null,
};

/** A priced line of `quantity` × `unit_price` at `tax_rate` %, in m². */
export function lineFixture(
  position: number,
  name: string,
  quantity: number,
  unit_price: number,
  tax_rate: number,
): InvoiceItem {
  const subtotal = Math.round(quantity * unit_price * 100) / 100;
  const tax_amount = Math.round(subtotal * tax_rate) / 100;
  return {
    id: `item-${position}`,
    position,
    kind: "item",
    name,
    description: null,
    quantity,
    unit: "m²",
    unit_price,
    tax_rate,
    subtotal,
    tax_amount,
    total: subtotal + tax_amount,
  };
}

/** An issued invoice of 2 000 € HT at 20 % to a business client; each case changes what it tests. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: "inv-1",
    kind: "invoice",
    reference: "FAC-2026-0042",
    name: "Rénovation de la cuisine",
    status: "sent",
    overdue: false,
    days_late: 0,
    client_id: "client-1",
    client_name: "Boulangerie Martin SARL",
    date: "2026-03-12",
    due_date: "2026-04-11",
    subtotal: 2000,
    tax_amount: 400,
    total: 2400,
    paid_amount: 0,
    balance_due: 2400,
    quote_id: null,
    project_id: null,
    created_at: "2026-03-12T09:00:00.000Z",
    updated_at: "2026-03-12T09:00:00.000Z",
    emailed_at: null,
    client: {
      name: "Boulangerie Martin SARL",
      email: "compta@boulangerie-martin.fr",
      address: "14 rue de la République",
      postal_code: "69002",
      city: "Lyon",
      siren: "528714603",
      vat_number: null,
    },
    client_phone: null,
    quote: null,
    project: null,
    credited_invoice: null,
    credit_note: null,
    work_date: null,
    payment_method: "bank_transfer",
    payment_date: null,
    notes: "Note interne\u00a0: client exigeant",
    terms: null,
    legal_mentions: null,
    reverse_charge: false,
    worksite_address: null,
    operation_category: "services",
    discount_percentage: 0,
    discount_amount: 0,
    discount: 0,
    vat_breakdown: [{ rate: 20, net: 2000, tax: 400 }],
    deposits_net: 0,
    deposits_tax: 0,
    deposits: [],
    issued_at: "2026-03-12T09:00:00.000Z",
    created_by_name: "Jean Durand",
    facturx: { profile: "EN 16931", validated: true },
    items: [lineFixture(1, "Carrelage mural", 40, 50, 20)],
    payments: [],
    credit: null,
    ...overrides,
  };
}
