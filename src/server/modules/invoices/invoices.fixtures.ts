/** What the invoices HTTP tests share: an app, two companies, their accounts, clients and quotes. */

import {
  bearer,
  createTestCompany,
  createTestUserWithPermissions,
  grantToRole,
  login,
  setupApp,
} from "@server/test/helpers";
import { parisToday } from "@shared/dates";
import type { Invoice, InvoiceStats } from "@shared/invoices";
import { expect, vi } from "vitest";
import { lineAsWritten } from "../documents/document-lines";

/** Three lines at three VAT rates, a section and a text (subtotal 573.40 €, as the quotes' tests). */
export const LINES = [
  { kind: "section", name: "Salle de bain" },
  { name: "Dépose carrelage", quantity: 2, unit: "m²", unit_price: 150, tax_rate: 20 },
  { name: "Pose faïence", description: "Faïence 20×20", quantity: 4, unit: "heure", unit_price: 37.5, tax_rate: 10 },
  { kind: "text", name: "Travaux réalisés en site occupé" },
  { name: "Isolation", quantity: 10, unit: "m²", unit_price: 12.34, tax_rate: 5.5 },
];

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** « Factures SARL » (every role, a user with invoices:view only), a business client, and a rival company. */
export async function setupInvoicesTest() {
  const { app, db } = await setupApp();
  const api = (token: string, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const company = await createTestCompany(db, "Factures SARL");
  const other = await createTestCompany(db, "Autre factures SARL");
  const tokenOf = async (email: string) => (await login(app, email)).token;
  const admin = await tokenOf(company.emails.admin);
  const chef = await tokenOf(company.emails.chef);
  // These tests' Compagnon reads the quotes without writing them: his company gave the role quotes:view
  // back (the default Compagnon holds none since issue 32: docs/domain/permissions.md#default-roles).
  await grantToRole(db, company.id, "Compagnon", ["quotes:view"]);
  const compagnon = await tokenOf(company.emails.compagnon);
  const norole = await tokenOf(company.emails.norole);
  const viewer = await tokenOf(await createTestUserWithPermissions(db, company.id, ["invoices:view"]));
  const otherAdmin = await tokenOf(other.emails.admin);

  const created = async (token: string, url: string, payload: object, status = 201) => {
    const res = await api(token, "POST", url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const clientId: string = (
    await created(admin, "/api/clients", {
      name: "Famille Martin",
      email: "martin@ex.fr",
      phone: "0612345678",
      address: "3 rue Neuve",
      postal_code: "69001",
      city: "Lyon",
    })
  ).id;
  const businessId: string = (
    await created(admin, "/api/clients", {
      type: "professionnel",
      name: "SARL Bâtir",
      siret: "73282932000074",
      email: "contact@batir.fr",
      address: "5 quai Perrache",
      postal_code: "69002",
      city: "Lyon",
    })
  ).id;
  const otherClientId: string = (
    await created(otherAdmin, "/api/clients", { name: "Client concurrent", phone: "0600000000" })
  ).id;

  /** A draft invoice of Famille Martin with `LINES` and 10 % off (201 expected). */
  async function createInvoice(token = admin, extra: object = {}): Promise<Invoice> {
    return created(token, "/api/invoices", {
      client_id: clientId,
      name: "Rénovation salle de bain",
      discount_percentage: 10,
      items: LINES,
      ...extra,
    });
  }

  /** A quote of Famille Martin (validated by default) with `LINES` and 10 % off. */
  async function createQuote(extra: object = {}, token = admin) {
    return created(token, "/api/quotes", {
      name: "Rénovation cuisine",
      client_id: clientId,
      date: "2026-03-02",
      status: "valide",
      discount_percentage: 10,
      items: LINES,
      ...extra,
    }) as Promise<{
      id: string;
      reference: string;
      total: number;
      vat_breakdown: { rate: number; net: number; tax: number }[];
    }>;
  }

  const issue = async (id: string, token = admin): Promise<Invoice> => {
    const res = await api(token, "POST", `/api/invoices/${id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Issued as if on `day` (the server's clock set back for the call): a way to make an invoice late. */
  const issueOn = async (day: string, id: string): Promise<Invoice> => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${day}T10:00:00Z`) });
    try {
      return await issue(id);
    } finally {
      vi.useRealTimers();
    }
  };
  const get = async (id: string, token = admin): Promise<Invoice> => {
    const res = await api(token, "GET", `/api/invoices/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** An invoice of the other company, issued, with a payment of `paid` in cash. */
  const otherPaidInvoice = async (paid: number): Promise<Invoice> => {
    const draft = await created(otherAdmin, "/api/invoices", {
      client_id: otherClientId,
      name: "Autre",
      items: [LINES[1]],
    });
    await api(otherAdmin, "POST", `/api/invoices/${draft.id}/issue`);
    const res = await api(otherAdmin, "POST", `/api/invoices/${draft.id}/payments`, {
      date: parisToday(),
      amount: paid,
      method: "cash",
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** The FEC of `year` (200 expected): its rows, each split into its 18 columns. */
  const fecRows = async (year: string, token = admin): Promise<string[][]> => {
    const fec = await api(token, "GET", `/api/accounting/fec?year=${year}`);
    expect(fec.statusCode, fec.body).toBe(200);
    return fec.body
      .replace(/\r\n$/, "")
      .split("\r\n")
      .slice(1)
      .map((r) => r.split("\t"));
  };
  const stats = async (query = "", token = admin): Promise<InvoiceStats> => {
    const res = await api(token, "GET", `/api/invoices/stats${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  return {
    app,
    db,
    api,
    company,
    other,
    admin,
    chef,
    compagnon,
    norole,
    viewer,
    otherAdmin,
    clientId,
    businessId,
    otherClientId,
    created,
    createInvoice,
    createQuote,
    issue,
    issueOn,
    get,
    stats,
    otherPaidInvoice,
    fecRows,
  };
}

/** The PUT body that says `invoice` as it is, with `changes` over it. */
export function invoiceBody(invoice: Invoice, changes: object = {}) {
  return {
    name: invoice.name,
    date: invoice.date,
    due_date: invoice.due_date,
    work_date: invoice.work_date,
    payment_method: invoice.payment_method,
    notes: invoice.notes,
    terms: invoice.terms,
    legal_mentions: invoice.legal_mentions,
    reverse_charge: invoice.reverse_charge,
    discount_percentage: invoice.discount_percentage,
    discount_amount: invoice.discount_amount,
    items: invoice.items.map((item) =>
      item.kind === "item" ? lineAsWritten(item) : { kind: item.kind, name: item.name },
    ),
    ...changes,
  };
}

/** Euros summed to the cent. */
export const sum = (...amounts: number[]) => Math.round(amounts.reduce((s, a) => s + Math.round(a * 100), 0)) / 100;
