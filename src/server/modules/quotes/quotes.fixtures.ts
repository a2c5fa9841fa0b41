/** What the quotes and quote templates HTTP tests share: an app, two companies, their clients. */

import { bearer, createTestCompany, grantToRole, login, setupApp } from "@server/test/helpers";
import { PDFParse } from "pdf-parse";
import { expect } from "vitest";

export { type SummedQuote, summaryOfQuotes } from "@shared/quote-figures";

/** The text of a PDF, as a reader would copy it. */
export async function pdfText(buffer: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buffer) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Three lines at three VAT rates (subtotal 573.40 €). */
export const QUOTE_LINES = [
  { name: "Dépose carrelage", quantity: 2, unit: "m²", unit_price: 150, tax_rate: 20 },
  {
    name: "Pose faïence",
    description: "Faïence 20×20 blanche",
    quantity: 4,
    unit: "heure",
    unit_price: 37.5,
    tax_rate: 10,
  },
  { name: "Isolation", quantity: 10, unit: "m²", unit_price: 12.34, tax_rate: 5.5 },
];

/** A quote as the API answers it: what a PUT body is made of. */
interface QuoteAnswer {
  name: string;
  client_id: string;
  status: string;
  date: string;
  valid_until: string | null;
  notes: string | null;
  terms: string | null;
  discount_percentage: number;
  discount_amount: number;
  items: {
    kind?: string;
    library_item_id?: string | null;
    name: string;
    description: string | null;
    quantity: number;
    unit: string;
    unit_price: number;
    tax_rate: number;
  }[];
}

/** The PUT body that says `quote` as it is (a PUT carries every key), with `changes` over it. */
export function quoteBody(quote: QuoteAnswer, changes: object = {}) {
  return {
    name: quote.name,
    client_id: quote.client_id,
    status: quote.status,
    date: quote.date,
    valid_until: quote.valid_until,
    notes: quote.notes,
    terms: quote.terms,
    discount_percentage: quote.discount_percentage,
    discount_amount: quote.discount_amount,
    // Costs unsaid: each line keeps its own (docs/domain/quotes.md#margins).
    items: quote.items.map(({ kind = "item", library_item_id = null, name, description, ...figures }) =>
      kind === "item"
        ? {
            kind,
            library_item_id,
            name,
            description,
            quantity: figures.quantity,
            unit: figures.unit,
            unit_price: figures.unit_price,
            tax_rate: figures.tax_rate,
          }
        : { kind, name },
    ),
    ...changes,
  };
}

/** « Devis SARL » (admin, compagnon, a user without role, client « Famille Martin ») and a rival company. */
export async function setupQuotesTest() {
  const { app, db } = await setupApp();
  const api = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const company = await createTestCompany(db, "Devis SARL");
  const other = await createTestCompany(db, "Autre devis SARL");
  const tokenOf = async (email: string) => (await login(app, email)).token;
  const admin = await tokenOf(company.emails.admin);
  // These tests' Compagnon reads the quotes without writing them: his company gave the role quotes:view
  // back (the default Compagnon holds none since issue 32: docs/domain/permissions.md#default-roles).
  await grantToRole(db, company.id, "Compagnon", ["quotes:view"]);
  const compagnon = await tokenOf(company.emails.compagnon);
  const norole = await tokenOf(company.emails.norole);
  const otherAdmin = await tokenOf(other.emails.admin);
  const clientId: string = (
    await api(admin, "POST", "/api/clients", {
      name: "Famille Martin",
      email: "martin@ex.fr",
      address: "3 rue Neuve",
      postal_code: "69001",
      city: "Lyon",
    })
  ).json().id;
  const otherClientId: string = (
    await api(otherAdmin, "POST", "/api/clients", { name: "Client concurrent", phone: "0600000000" })
  ).json().id;

  /** A quote of Famille Martin with the three lines and 10 % off (201 expected). */
  async function createQuote(token: string, extra: object = {}) {
    const res = await api(token, "POST", "/api/quotes", {
      name: "Rénovation salle de bain",
      client_id: clientId,
      date: "2026-11-20",
      discount_percentage: 10,
      items: QUOTE_LINES,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  return { app, db, api, company, other, admin, compagnon, norole, otherAdmin, clientId, otherClientId, createQuote };
}
