import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { legalLines } from "@server/pdf/company";
import { renderCommercialDocument } from "@server/pdf/document";
import { formatDate, formatDeduction, formatEuro } from "@shared/format";
import { INVOICE_DEFAULTS, INVOICE_TEXTS, type Invoice, type InvoiceItem } from "@shared/invoices";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { invoiceFixture, SELLER_FIXTURE } from "./invoice-document.fixtures";
import { invoiceDocument } from "./invoice-pdf";
import type { InvoiceSeller } from "./invoice-seller";

/**
 * The invoice PDF carries every mandatory mention (docs/decisions/0015-invoice-mentions.md): each
 * document is rendered by the kit's renderer and its text, as a reader would copy it, is searched.
 */

/** The document's text with every run of spaces (U+00A0, U+202F, line breaks) as one space. */
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}
const plain = (text: string) => text.replace(/\s+/g, " ");

/** The document's text line by line, as pdftotext lays it out (what sits side by side stays on one row). */
async function pdfRows(pdf: Buffer): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "invoice-pdf-"));
  try {
    const file = join(dir, "invoice.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
      .split("\n")
      .map((row) => row.trim())
      .filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const render = async (invoice: Invoice, seller: InvoiceSeller = SELLER) =>
  pdfText(await renderCommercialDocument(invoiceDocument(invoice, seller)));

const SELLER = SELLER_FIXTURE;

let ids = 0;
const line = (name: string, quantity: number, unit_price: number, tax_rate: number): InvoiceItem => {
  const subtotal = Math.round(quantity * unit_price * 100) / 100;
  const tax_amount = Math.round(subtotal * tax_rate) / 100;
  return {
    id: `item-${++ids}`,
    position: ids,
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
};
const section = (name: string, subtotal: number): InvoiceItem => ({
  id: `item-${++ids}`,
  position: ids,
  kind: "section",
  name,
  description: null,
  quantity: 0,
  unit: "",
  unit_price: 0,
  tax_rate: 0,
  subtotal,
  tax_amount: 0,
  total: 0,
});

const invoice = invoiceFixture;

/** The final invoice of a quote of 10 000 € HT at 10 % (11 000 € TTC), a 30 % deposit deducted, 1 000 € received. */
const finalInvoice = invoice({
  reference: "FAC-2026-0043",
  name: "Rénovation salle de bain",
  client: {
    name: "Famille Lefèvre",
    email: null,
    address: "3 rue Juliette Récamier",
    postal_code: "69006",
    city: "Lyon",
    siren: null,
    vat_number: null,
  },
  client_name: "Famille Lefèvre",
  quote_id: "quote-1",
  quote: { id: "quote-1", reference: "DEV-2026-0007", name: "Rénovation salle de bain" },
  project_id: "project-1",
  project: { id: "project-1", reference: "CH-2026-0003", name: "Salle de bain Lefèvre" },
  work_date: "2026-03-02",
  subtotal: 10_000,
  discount: 0,
  deposits_net: 3000,
  deposits_tax: 300,
  deposits: [
    {
      id: "dep-1",
      reference: "FAC-2026-0031",
      date: "2026-02-02",
      vat: [{ rate: 10, net: 3000, tax: 300 }],
      total: 3300,
    },
  ],
  vat_breakdown: [{ rate: 10, net: 7000, tax: 700 }],
  tax_amount: 700,
  total: 7700,
  paid_amount: 1000,
  balance_due: 6700,
  payments: [
    {
      id: "pay-1",
      date: "2026-03-20",
      amount: 1000,
      method: "check",
      credit_note: null,
      reference: "Chèque n° 0001234",
      created_by_name: "Jean Durand",
      created_at: "2026-03-20T10:00:00.000Z",
      cancellation: null,
    },
    // Cancelled (« Annuler le règlement », issue 34): not received, not printed.
    {
      id: "pay-2",
      date: "2026-03-21",
      amount: 500,
      method: "check",
      credit_note: null,
      reference: "Chèque n° 0009999",
      created_by_name: "Jean Durand",
      created_at: "2026-03-21T10:00:00.000Z",
      cancellation: { at: "2026-03-25T10:00:00.000Z", by_name: "Jean Durand", reason: "Chèque impayé" },
    },
  ],
  items: [section("Salle de bain", 10_000), line("Dépose et pose de faïence", 40, 250, 10)],
});

const vatMentionsOf = (text: string) => ({
  franchise: text.includes(plain(INVOICE_TEXTS.franchiseMention)),
  reverse: text.includes(plain(INVOICE_TEXTS.reverseChargeMention)),
  reduced: text.includes(plain(INVOICE_TEXTS.reducedRateMention)),
});

/** What every invoice carries: the seller's identity, the client, number, dates, lines, totals, terms. */
function expectCommonMentions(text: string, doc: Invoice) {
  for (const expected of [
    "Durand Rénovation",
    "8 avenue Jean Jaurès",
    "69007 Lyon",
    "SARL au capital de 20 000 €",
    "SIRET 812 345 676 00017",
    "RCS Lyon 812 345 676",
    "TVA intracommunautaire FR19812345676",
    doc.client.name,
    doc.client.address ?? "",
    doc.reference,
    `Date : ${formatDate(doc.date)}`,
    `${INVOICE_TEXTS.pdf.operation} : ${INVOICE_TEXTS.pdf.services}`,
    "PU HT",
    "Assurance décennale souscrite auprès de MAAF Assurances, police n° 123456789, couverture géographique : France métropolitaine.",
    "Page 1 / 1",
  ]) {
    expect(text, expected).toContain(plain(expected));
  }
  // Internal notes are never printed.
  expect(text).not.toContain("Note interne");
}

describe("invoiceDocument", () => {
  it("a draft: its provisional reference, watermarked « BROUILLON »", async () => {
    const draft = invoice({ status: "draft", reference: "PROV-7f3a2c", issued_at: null });
    const doc = invoiceDocument(draft, SELLER);
    expect(doc.watermark).toBe(INVOICE_TEXTS.watermark);
    const text = await render(draft);
    expectCommonMentions(text, draft);
    expect(text).toContain("BROUILLON");
    expect(text).toContain("FACTURE");
  });

  it("an issued invoice: every mention of art. 242 nonies A, the client's SIREN, the penalties and the 40 € indemnity", async () => {
    const issued = invoice({ terms: "Paiement en une fois." });
    expect(invoiceDocument(issued, SELLER).watermark).toBeNull();
    const text = await render(issued);
    expectCommonMentions(text, issued);
    for (const expected of [
      "FACTURE",
      "SIREN 528 714 603",
      `${INVOICE_TEXTS.pdf.dueDate} : ${formatDate(issued.due_date)}`,
      "Carrelage mural",
      `Total HT ${formatEuro(2000)}`,
      `Total TVA ${formatEuro(400)}`,
      `Total TTC ${formatEuro(2400)}`,
      `20 % ${formatEuro(2000)} ${formatEuro(400)}`,
      `À régler au plus tard le ${formatDate(issued.due_date)} par virement bancaire.`,
      "Paiement en une fois.",
      INVOICE_DEFAULTS.legalMentions,
    ]) {
      expect(text, expected).toContain(plain(expected));
    }
    expect(text).toContain("indemnité forfaitaire pour frais de recouvrement de 40 €");
    expect(text).not.toContain("BROUILLON");
    expect(vatMentionsOf(text)).toEqual({ franchise: false, reverse: false, reduced: false });
    expect(text).not.toContain("IBAN");
  });

  it("a transfer names the company's bank details; another method does not", async () => {
    const banked = { ...SELLER, iban: "FR7630004008230001045678943", bic: "BNPAFRPPXXX" };
    const issued = invoice({ payment_method: "bank_transfer" });
    const text = await render(issued, banked);
    expect(text).toContain(plain("IBAN FR76 3000 4008 2300 0104 5678 943"));
    expect(text).toContain("BIC BNPAFRPPXXX");
    // Once, beside the figure due (below), not again in the terms.
    expect(text.match(/IBAN/g)).toHaveLength(1);
    const byCheck = await render(invoice({ payment_method: "check" }), banked);
    expect(byCheck).not.toContain("IBAN");
  });

  it("prints the due date, the IBAN and the BIC beside « Net à payer », on its line and the next (issue 32)", async () => {
    const banked = { ...SELLER, iban: "FR7630004008230001045678943", bic: "BNPAFRPPXXX" };
    const issued = invoice({ payment_method: "bank_transfer" });
    const pdf = await renderCommercialDocument(invoiceDocument(issued, banked));
    const rows = (await pdfRows(pdf)).map((row) => row.replace(/\s+/g, " "));
    const net = rows.findIndex((row) => row.includes(INVOICE_TEXTS.pdf.netDue));
    expect(net).toBeGreaterThan(0);
    // The due date on the row of « Net à payer » (left column), the bank details right under it.
    expect(rows[net]).toContain(plain(`${INVOICE_TEXTS.pdf.dueDate} : ${formatDate(issued.due_date)}`));
    expect(rows[net]).toContain(plain(`${INVOICE_TEXTS.pdf.netDue} ${formatEuro(issued.total)}`));
    expect(rows.slice(net + 1, net + 3).join(" ")).toContain(plain("IBAN FR76 3000 4008 2300 0104 5678 943"));
    expect(rows.slice(net + 1, net + 4).join(" ")).toContain("BIC BNPAFRPPXXX");
    // A paid invoice asks for nothing more: no due date nor bank details beside its total.
    const paid = await render(
      invoice({ payment_method: "bank_transfer", status: "paid", payment_date: "2026-03-20" }),
      banked,
    );
    expect(paid).not.toContain("IBAN");
  });

  it("a final invoice at 10 %: the reduced-rate mention, the deposit deducted, « Net à payer », the payment and the balance", async () => {
    const text = await render(finalInvoice);
    expectCommonMentions(text, finalInvoice);
    for (const expected of [
      `${INVOICE_TEXTS.pdf.workDate} : ${formatDate("2026-03-02")}`,
      `${INVOICE_TEXTS.pdf.quote} : DEV-2026-0007`,
      `${INVOICE_TEXTS.pdf.project} : CH-2026-0003`,
      "Sous-total Salle de bain",
      // The whole work, the deposit taken off, the net due: 11 000 − 3 300 = 7 700.
      `Total HT ${formatEuro(10_000)}`,
      `Total TVA ${formatEuro(1000)}`,
      `Total TTC ${formatEuro(11_000)}`,
      `${INVOICE_TEXTS.pdf.depositsDeducted} ${formatDeduction(3300)}`,
      `${INVOICE_TEXTS.pdf.netDue} ${formatEuro(7700)}`,
      `${INVOICE_TEXTS.pdf.paid} ${formatDeduction(1000)}`,
      `${INVOICE_TEXTS.pdf.balance} ${formatEuro(6700)}`,
      // The VAT table is the whole work's, as the Factur-X XML's (ADR 0016): it adds up to « Total TVA ».
      INVOICE_TEXTS.pdf.vatWholeWork,
      `10 % ${formatEuro(10_000)} ${formatEuro(1000)}`,
      `Facture d’acompte FAC-2026-0031 du 02/02/2026 : ${formatEuro(3300)} TTC, dont TVA ${formatEuro(300)}`,
      `20/03/2026 · Chèque · Chèque n° 0001234 · ${formatEuro(1000)}`,
    ]) {
      expect(text, expected).toContain(plain(expected));
    }
    expect(text).not.toContain("SIREN");
    expect(text).not.toContain(plain("Chèque n° 0009999"));
    expect(vatMentionsOf(text)).toEqual({ franchise: false, reverse: false, reduced: true });
    expect(text).not.toContain("BROUILLON");
  });

  it("an energy-renovation invoice at 5,5 %: the art. 278-0 bis A certification, not the 10 % one (issue 32)", async () => {
    const energy = invoice({
      items: [line("Isolation des combles", 100, 20, 5.5)],
      vat_breakdown: [{ rate: 5.5, net: 2000, tax: 110 }],
      tax_amount: 110,
      total: 2110,
      balance_due: 2110,
    });
    const text = await render(energy);
    expect(text).toContain(plain(INVOICE_TEXTS.energyRenovationMention));
    expect(text).toContain("278-0 bis A");
    expect(text).not.toContain("279-0 bis");
  });

  it("a reverse-charge invoice of building subcontracting: VAT 0 and « Autoliquidation »", async () => {
    const subcontracting = invoice({
      reference: "FAC-2026-0044",
      reverse_charge: true,
      items: [line("Pose de plaques de plâtre", 40, 50, 0)],
      vat_breakdown: [{ rate: 0, net: 2000, tax: 0 }],
      tax_amount: 0,
      total: 2000,
      balance_due: 2000,
    });
    const text = await render(subcontracting);
    expectCommonMentions(text, subcontracting);
    expect(text).toContain(plain(INVOICE_TEXTS.reverseChargeMention));
    expect(text).toContain(`Total TTC ${plain(formatEuro(2000))}`);
    expect(vatMentionsOf(text)).toEqual({ franchise: false, reverse: true, reduced: false });
  });

  it("the 2026 reform: the worksite's address, the category of the operation, the option on debits", async () => {
    const worksite = {
      ...finalInvoice,
      worksite_address: "8 rue des Capucins, 69001 Lyon",
      operation_category: "both" as const,
    };
    const text = await render(worksite, { ...SELLER, vat_on_debits: true });
    expect(text).toContain("ADRESSE DU CHANTIER Salle de bain Lefèvre 8 rue des Capucins, 69001 Lyon");
    expect(text).toContain(plain(`${INVOICE_TEXTS.pdf.operation} : Livraison de biens et prestation de services`));
    expect(text).toContain(plain(INVOICE_TEXTS.pdf.debitsOption));
    // The defaults: services, no option, and without worksite the client's address is the delivery address.
    const plainText = await render(invoice({ worksite_address: "14 rue de la République, 69002 Lyon" }));
    expect(plainText).toContain(plain(`${INVOICE_TEXTS.pdf.operation} : Prestation de services`));
    expect(plainText).not.toContain("ADRESSE DU CHANTIER");
    expect(plainText).not.toContain(plain(INVOICE_TEXTS.pdf.debitsOption));
    // Delivered elsewhere than billed: printed, worksite or not.
    const elsewhere = await render(invoice({ worksite_address: "Zone artisanale, 69400 Villefranche" }));
    expect(elsewhere).toContain("ADRESSE DU CHANTIER Adresse de livraison Zone artisanale, 69400 Villefranche");
  });

  it("the 2026 reform: the client's VAT number on a reverse-charge or intra-EU invoice only", async () => {
    const business = invoice({}).client;
    const withVat = (vat: string, reverse: boolean) =>
      render(
        invoice({
          reverse_charge: reverse,
          client: { ...business, vat_number: vat },
          ...(reverse
            ? {
                items: [line("Pose de plaques de plâtre", 40, 50, 0)],
                vat_breakdown: [{ rate: 0, net: 2000, tax: 0 }],
                tax_amount: 0,
                total: 2000,
                balance_due: 2000,
              }
            : {}),
        }),
      );
    expect(await withVat("FR15528714603", true)).toContain(`${INVOICE_TEXTS.pdf.clientVatNumber} FR15528714603`);
    expect(await withVat("BE0123456749", false)).toContain(`${INVOICE_TEXTS.pdf.clientVatNumber} BE0123456749`);
    expect(await withVat("FR15528714603", false)).not.toContain(INVOICE_TEXTS.pdf.clientVatNumber);
  });

  it("a seller under the VAT franchise: « TVA non applicable, art. 293 B du CGI », no VAT table", async () => {
    const franchised: InvoiceSeller = { ...SELLER, vat_franchise: true, tva_number: null };
    const small = invoice({
      items: [line("Peinture", 40, 50, 0)],
      vat_breakdown: [{ rate: 0, net: 2000, tax: 0 }],
      tax_amount: 0,
      total: 2000,
      balance_due: 2000,
    });
    const text = await render(small, franchised);
    // Once, in place of the VAT table.
    expect(text.split(plain(INVOICE_TEXTS.franchiseMention))).toHaveLength(2);
    expect(text).not.toContain("TVA intracommunautaire");
    expect(text).not.toContain("BASE HT");
    expect(vatMentionsOf(text)).toEqual({ franchise: true, reverse: false, reduced: false });
  });

  it("a credit note: « Avoir », the invoice it cancels, no payment terms", async () => {
    const credit = invoice({
      kind: "credit_note",
      reference: "AV-2026-0003",
      name: "Avoir – Rénovation de la cuisine",
      due_date: null,
      payment_method: null,
      credited_invoice: { id: "inv-0", reference: "FAC-2026-0040", name: "Rénovation de la cuisine" },
    });
    const doc = invoiceDocument(credit, SELLER);
    expect(doc.title).toBe("Avoir");
    const text = await render(credit);
    expectCommonMentions(text, credit);
    for (const expected of [
      "AVOIR",
      "AV-2026-0003",
      `${INVOICE_TEXTS.pdf.creditNoteOf} : FAC-2026-0040`,
      "Avoir annulant la facture FAC-2026-0040",
      `Total TTC ${formatEuro(2400)}`,
      `${INVOICE_TEXTS.pdf.creditNoteAmount} ${formatEuro(2400)}`,
    ]) {
      expect(text, expected).toContain(plain(expected));
    }
    expect(text).not.toContain(plain(INVOICE_TEXTS.pdf.netDue));
    expect(text).not.toContain("Pénalités".toUpperCase());
    expect(text).not.toContain("À régler");
    expect(text).not.toContain("BROUILLON");
  });

  it("the credit note of a final invoice that deducted deposits: « Montant de l’avoir », never « Net à payer » (issue 32)", async () => {
    const credit = {
      ...finalInvoice,
      kind: "credit_note" as const,
      reference: "AV-2026-0004",
      status: "sent" as const,
      paid_amount: 0,
      balance_due: 0,
      payments: [],
      credited_invoice: { id: "inv-0", reference: finalInvoice.reference, name: finalInvoice.name },
    };
    const text = await render(credit);
    expect(text).toContain(plain(`${INVOICE_TEXTS.pdf.depositsDeducted} ${formatDeduction(3300)}`));
    expect(text).toContain(plain(`${INVOICE_TEXTS.pdf.creditNoteAmount} ${formatEuro(7700)}`));
    expect(text).not.toContain(plain(INVOICE_TEXTS.pdf.netDue));
  });

  it("a deposit invoice is titled « Facture d’acompte » and names its quote", async () => {
    const deposit = invoice({
      kind: "deposit",
      reference: "FAC-2026-0031",
      quote: { id: "quote-1", reference: "DEV-2026-0007", name: "Rénovation salle de bain" },
    });
    const text = await render(deposit);
    expect(text).toContain("FACTURE D’ACOMPTE");
    expect(text).toContain("Facture d’acompte sur le devis DEV-2026-0007");
  });
});

describe("legalLines", () => {
  const none = { siret: null, tva_number: null, legal_form: null, share_capital: null, registration: null };
  it("writes the legal form with the capital, bare digits grouped with « € »", () => {
    expect(legalLines({ ...none, legal_form: "SAS", share_capital: "10000" })).toEqual([
      "SAS au capital de 10\u202f000\u00a0€",
    ]);
    expect(legalLines({ ...none, share_capital: "5 000 €" })).toEqual(["Capital social de 5 000 €"]);
    expect(legalLines({ ...none, legal_form: "EI", registration: "RM 69" })).toEqual(["EI", "RM 69"]);
    expect(legalLines(none)).toEqual([]);
  });
});
