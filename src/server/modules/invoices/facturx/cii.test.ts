import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { depositRates, invoiceFigures, withoutVat } from "@shared/invoice-figures";
import type { InvoiceItem, InvoiceItemInput } from "@shared/invoices";
import { computeTotals, fromCents } from "@shared/money";
import { afterAll, describe, expect, it } from "vitest";
import { SELLER_FIXTURE } from "../invoice-document.fixtures";
import type { InvoiceSeller } from "../invoice-seller";
import { amount, buildCii, CiiError, type CiiInput, type CiiInvoice } from "./cii";
import { CII_XSD, validateCii } from "./validate";

/**
 * The corpus of ADR 0016 (docs/domain/einvoicing.md#validation): invoices of every case, built in memory
 * with the figures the server stores (`invoiceFigures`, as the invoices service computes them), each
 * written as CII and checked against the CII D16B XML Schema (xmllint) and the EN 16931 rules (SaxonJS)
 * with no fatal failure. The stylesheet is loaded once for the file.
 */

/** The fixtures' seller, its address on three lines (BT-35, BT-36 and the postcode and city). */
const SELLER: InvoiceSeller = {
  ...SELLER_FIXTURE,
  address_lines: ["8 avenue Jean Jaurès", "Bâtiment B", "69007 Lyon"],
};
/** A micro-entrepreneur under the franchise, without VAT number. */
const FRANCHISE: InvoiceSeller = {
  ...SELLER,
  name: "Martin Peinture",
  address_lines: ["2 rue du Port", "13002 Marseille"],
  siret: "44306184100013",
  siren: "443061841",
  tva_number: null,
  legal_form: "EI",
  share_capital: null,
  registration: "RM 13",
  vat_franchise: true,
};
const BANK = { iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" };

const BUSINESS = {
  name: "SCI Les Tilleuls",
  email: "compta@tilleuls.fr",
  address: "3 rue des Lilas",
  postal_code: "69003",
  city: "Lyon",
  siren: "528714603",
  vat_number: "FR15528714603",
};
const PRIVATE = {
  name: "Mme Claire Martin",
  email: null,
  address: "14 chemin des Vignes",
  postal_code: "69210",
  city: "Lentilly",
  siren: null,
  vat_number: null,
};

const item = (
  name: string,
  quantity: number,
  unit: string,
  unit_price: number,
  tax_rate: number,
): InvoiceItemInput => ({
  kind: "item",
  name,
  description: null,
  quantity,
  unit,
  unit_price,
  tax_rate,
});
const heading = (kind: "section" | "text", name: string): InvoiceItemInput => ({
  kind,
  name,
  description: null,
  quantity: 0,
  unit: "",
  unit_price: 0,
  tax_rate: 0,
});

type Options = Partial<Omit<CiiInvoice, "items" | "deposits">> & {
  items: InvoiceItemInput[];
  /** A final invoice: the deposit invoices it deducts, as stored. */
  deposits?: CiiInvoice["deposits"];
  seller?: InvoiceSeller;
};

/** An issued document with the figures the server would store for it (invoices.service.ts). */
function issued(options: Options): CiiInvoice {
  const seller = options.seller ?? SELLER;
  const reverse = options.reverse_charge ?? false;
  const lines = seller.vat_franchise || reverse ? withoutVat(options.items) : options.items;
  const discount = {
    discount_percentage: options.discount_percentage ?? 0,
    discount_amount: options.discount_amount ?? 0,
  };
  const deposits = options.deposits ?? [];
  const figures = invoiceFigures(
    { items: lines, ...discount },
    deposits.map((d) =>
      d.vat.map((v) => ({ rate: v.rate, net: Math.round(v.net * 100), tax: Math.round(v.tax * 100) })),
    ),
  );
  if (!figures) throw new Error("deposits above the lines");
  const items: InvoiceItem[] = lines.map((line, index) => ({
    ...line,
    id: `item-${index + 1}`,
    position: index + 1,
    ...(figures.lines[index] ?? { subtotal: 0, tax_amount: 0, total: 0 }),
  }));
  return {
    kind: "invoice",
    status: "sent",
    reference: "FAC-2026-0042",
    name: "Rénovation de la salle de bain",
    date: "2026-03-12",
    due_date: "2026-04-11",
    work_date: null,
    payment_method: "bank_transfer",
    terms: null,
    legal_mentions: null,
    reverse_charge: reverse,
    client: BUSINESS,
    client_phone: "04 78 00 00 00",
    quote: null,
    project: null,
    credited_invoice: null,
    operation_category: "services",
    ...options,
    worksite_address: options.worksite_address ?? null,
    ...discount,
    subtotal: figures.subtotal,
    discount: figures.discount,
    deposits_net: figures.deposits_net,
    deposits_tax: figures.deposits_tax,
    tax_amount: figures.tax_amount,
    total: figures.total,
    vat_breakdown: figures.vat_breakdown,
    deposits,
    items,
  };
}

// The quote of the worked example (docs/domain/invoices.md#deposits): 20 %, 10 %, 5,5 %, 10 % off.
const QUOTE_LINES = [
  heading("section", "Salle de bain"),
  item("Carrelage mural", 2, "m²", 150, 20),
  item("Pose", 4, "heure", 37.5, 10),
  heading("text", "Fournitures livrées sur le chantier."),
  item("Isolation des combles", 10, "m²", 12.34, 5.5),
];
const QUOTE = { id: "quote-1", reference: "DEV-2026-0007", name: "Salle de bain des Tilleuls" };
const quoteTotals = computeTotals({ items: QUOTE_LINES, discount_percentage: 10 });
const depositVat = depositRates(quoteTotals.vat, quoteTotals.total, { percentage: 30 }) ?? [];
const DEPOSIT = issued({
  kind: "deposit",
  reference: "FAC-2026-0040",
  name: "Acompte — Salle de bain des Tilleuls",
  quote: QUOTE,
  items: depositVat.map((r) =>
    item(`Acompte de 30 % sur le devis DEV-2026-0007 (TVA ${r.rate} %)`, 1, "forfait", fromCents(r.net), r.rate),
  ),
});
const FINAL = issued({
  reference: "FAC-2026-0051",
  name: "Salle de bain des Tilleuls",
  quote: QUOTE,
  project: { id: "project-1", reference: "CH-2026-0003", name: "Tilleuls — salle de bain" },
  work_date: "2026-03-02",
  discount_percentage: 10,
  items: QUOTE_LINES,
  deposits: [
    {
      id: "deposit-1",
      reference: DEPOSIT.reference,
      date: DEPOSIT.date,
      vat: DEPOSIT.vat_breakdown,
      total: DEPOSIT.total,
    },
  ],
});
/** The credit note of an invoice (cancelIn): its lines and amounts; the deposits it deducted are no longer listed. */
const creditNoteOf = (invoice: CiiInvoice, reference: string): CiiInvoice => ({
  ...invoice,
  kind: "credit_note",
  reference,
  date: "2026-03-20",
  due_date: null,
  payment_method: null,
  deposits: [],
  credited_invoice: { id: "credited", reference: invoice.reference, name: invoice.name },
});

const CORPUS: Record<string, CiiInput> = {
  "several rates, a discount, a business client, IBAN": {
    invoice: issued({
      discount_percentage: 7.5,
      work_date: "2026-03-02",
      items: [
        heading("section", "Carrelage"),
        { ...item("Grès cérame 60×60", 12.5, "m²", 45.9, 10), description: "Pose droite, joints <gris> & croisillons" },
        item("Plinthes", 18.4, "ml", 8.25, 10),
        heading("section", "Plomberie"),
        item("Main d'œuvre", 16, "heure", 42, 20),
        item("Déplacement", 2, "jour", 60, 20),
        item("Mitigeur thermostatique", 1, "unité", 189.99, 20),
        item("Gravats évacués", 120, "kg", 0.35, 20),
        item("Isolation des combles", 1, "forfait", 1234.56, 5.5),
        item("Tuyau cuivre", 6, "m", 11.1, 20),
      ],
    }),
    seller: SELLER,
    bank: BANK,
  },
  "a private client, a fixed discount, a line at 0 %, paid by cheque": {
    invoice: issued({
      client: PRIVATE,
      client_phone: "06 12 34 56 78",
      payment_method: "check",
      discount_amount: 50,
      terms: "Paiement à réception.",
      items: [
        item("Réparation de la fuite", 3, "heure", 45, 10),
        item("Débours : pièce commandée", 1, "unité", 35.2, 0),
      ],
    }),
    seller: SELLER,
  },
  "a bank transfer before the company's IBAN is known": {
    invoice: issued({ client: PRIVATE, items: [item("Ramonage", 1, "forfait", 90, 10)] }),
    seller: SELLER,
  },
  "a seller under the franchise (art. 293 B), without VAT number": {
    invoice: issued({
      seller: FRANCHISE,
      client: PRIVATE,
      payment_method: null,
      items: [item("Peinture du séjour", 38, "m²", 18, 20), item("Fournitures", 1, "forfait", 240, 20)],
    }),
    seller: FRANCHISE,
    bank: BANK,
  },
  "reverse charge of building subcontracting": {
    invoice: issued({
      reverse_charge: true,
      discount_percentage: 5,
      items: [item("Pose de cloisons (sous-traitance)", 42, "m²", 31.5, 20), item("Encadrement", 3, "jour", 380, 10)],
    }),
    seller: SELLER,
    bank: BANK,
  },
  "a worksite's invoice (2026 mentions): its address delivered to, goods and services, VAT on debits": {
    invoice: issued({
      seller: { ...SELLER, vat_on_debits: true },
      project: { id: "p-1", reference: "CH-2026-0007", name: "Maison Lefèvre" },
      worksite_address: "12 chemin des Vignes, 69620 Oingt",
      operation_category: "both",
      items: [item("Fourniture d’une chaudière", 1, "unité", 3200, 5.5), item("Pose", 8, "heure", 55, 5.5)],
    }),
    seller: { ...SELLER, vat_on_debits: true },
    bank: BANK,
  },
  "a deposit invoice (386)": { invoice: DEPOSIT, seller: SELLER, bank: BANK },
  "its final invoice, the deposit prepaid": { invoice: FINAL, seller: SELLER, bank: BANK },
  "the credit note of the final invoice (381)": {
    invoice: creditNoteOf(FINAL, "AV-2026-0002"),
    seller: SELLER,
    creditedInvoiceDate: FINAL.date,
  },
  "the credit note of a plain invoice, for a private client": {
    invoice: creditNoteOf(
      issued({ client: PRIVATE, items: [item("Remplacement du ballon", 1, "forfait", 1450, 10)] }),
      "AV-2026-0003",
    ),
    seller: SELLER,
  },
};

const XML = Object.fromEntries(Object.entries(CORPUS).map(([name, input]) => [name, buildCii(input)]));

const folder = mkdtempSync(path.join(os.tmpdir(), "propulse-cii-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** xmllint (Debian's libxml2-utils) on files: its report, empty when every file is valid. */
function xsdErrors(files: string[]): string {
  try {
    execFileSync("xmllint", ["--noout", "--schema", CII_XSD, ...files], { stdio: "pipe" });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** The VAT breakdown rows of an XML: category, rate, base and tax as written. */
function breakdown(xml: string) {
  const settlement = xml.slice(xml.indexOf("<ram:ApplicableHeaderTradeSettlement>"));
  return [...settlement.matchAll(/<ram:ApplicableTradeTax>([\s\S]*?)<\/ram:ApplicableTradeTax>/g)].map(([, row]) => ({
    category: /<ram:CategoryCode>(\w+)</.exec(row ?? "")?.[1],
    rate: Number(/<ram:RateApplicablePercent>([\d.]+)</.exec(row ?? "")?.[1]),
    basis: /<ram:BasisAmount>([\d.-]+)</.exec(row ?? "")?.[1],
    tax: /<ram:CalculatedAmount>([\d.-]+)</.exec(row ?? "")?.[1],
  }));
}
const tag = (xml: string, name: string) => new RegExp(`<ram:${name}[^>]*>([^<]*)<`).exec(xml)?.[1];

describe("Factur-X XML (CII D16B, EN 16931)", () => {
  it("every document of the corpus passes the CII D16B XML Schema", () => {
    const files = Object.values(XML).map((xml, index) => {
      const file = path.join(folder, `corpus-${index + 1}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    expect(xsdErrors(files)).toBe("");
  });

  for (const [name, xml] of Object.entries(XML)) {
    it(`${name}: no fatal failure of the EN 16931 rules`, () => {
      const report = validateCii(xml);
      expect(report.fatal.map((f) => `${f.message} @ ${f.location}`)).toEqual([]);
      expect(report.valid).toBe(true);
    });
  }

  it("writes the type code of each kind: 380, 386, 381 with the credited invoice", () => {
    const code = (xml: string | undefined) => tag(xml ?? "", "TypeCode");
    expect(code(XML["several rates, a discount, a business client, IBAN"])).toBe("380");
    expect(code(XML["a deposit invoice (386)"])).toBe("386");
    const creditNote = XML["the credit note of the final invoice (381)"] ?? "";
    expect(code(creditNote)).toBe("381");
    expect(creditNote).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>FAC-2026-0051<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260312</,
    );
  });

  it("carries the stored VAT breakdown to the cent, and one allowance per rate for the discount", () => {
    const input = CORPUS["several rates, a discount, a business client, IBAN"];
    const xml = XML["several rates, a discount, a business client, IBAN"] ?? "";
    expect(breakdown(xml)).toEqual(
      input?.invoice.vat_breakdown.map((v) => ({
        category: "S",
        rate: v.rate,
        basis: amount(Math.round(v.net * 100)),
        tax: amount(Math.round(v.tax * 100)),
      })),
    );
    expect(xml.match(/<ram:SpecifiedTradeAllowanceCharge>/g)).toHaveLength(3);
    expect(tag(xml, "AllowanceTotalAmount")).toBe(amount(Math.round((input?.invoice.discount ?? 0) * 100)));
    expect(tag(xml, "DuePayableAmount")).toBe(amount(Math.round((input?.invoice.total ?? 0) * 100)));
    expect(xml).toContain('<ram:BilledQuantity unitCode="LM">18.4</ram:BilledQuantity>');
    expect(xml).toContain('<ram:GlobalID schemeID="0009">81234567600017</ram:GlobalID>');
    expect(xml).toContain('<ram:ID schemeID="0002">812345676</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR19812345676</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="0002">528714603</ram:ID>');
    expect(xml).toContain("<ram:IBANID>FR7630006000011234567890189</ram:IBANID>");
    expect(xml).toContain("joints &lt;gris&gt; &amp; croisillons");
  });

  it("a final invoice: the whole work's VAT, the deposits as prepaid amount, the net due as stored", () => {
    const xml = XML["its final invoice, the deposit prepaid"] ?? "";
    // The whole work (the quote's figures) = what remains + the deposit, per rate.
    expect(breakdown(xml).map((r) => [r.rate, r.basis, r.tax])).toEqual(
      quoteTotals.vat.map((v) => [v.rate, amount(v.net), amount(v.tax)]),
    );
    expect(tag(xml, "GrandTotalAmount")).toBe(amount(quoteTotals.total));
    expect(tag(xml, "TotalPrepaidAmount")).toBe(amount(Math.round(DEPOSIT.total * 100)));
    expect(tag(xml, "DuePayableAmount")).toBe(amount(Math.round(FINAL.total * 100)));
    // Worked example: 589,67 = 176,90 (deposit) + 412,77 (due).
    expect([tag(xml, "GrandTotalAmount"), tag(xml, "TotalPrepaidAmount"), tag(xml, "DuePayableAmount")]).toEqual([
      "589.67",
      "176.90",
      "412.77",
    ]);
    // Its credit note, whose deposits are no longer listed, says the same.
    const creditNote = XML["the credit note of the final invoice (381)"] ?? "";
    expect(breakdown(creditNote)).toEqual(breakdown(xml));
    expect(tag(creditNote, "TotalPrepaidAmount")).toBe("176.90");
  });

  it("E with the art. 293 B reason and the SIREN as tax registration; AE with « Autoliquidation »", () => {
    const franchise = XML["a seller under the franchise (art. 293 B), without VAT number"] ?? "";
    expect(breakdown(franchise)).toEqual([{ category: "E", rate: 0, basis: "924.00", tax: "0.00" }]);
    expect(franchise).toContain("<ram:ExemptionReason>TVA non applicable, art. 293 B du CGI</ram:ExemptionReason>");
    expect(franchise).toContain("<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>");
    expect(franchise).toContain('<ram:ID schemeID="FC">443061841</ram:ID>');
    const reverse = XML["reverse charge of building subcontracting"] ?? "";
    expect(breakdown(reverse).map((r) => r.category)).toEqual(["AE"]);
    expect(reverse).toContain("<ram:ExemptionReason>Autoliquidation</ram:ExemptionReason>");
    expect(reverse).toContain("<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>");
  });

  it("a transfer names the company's IBAN and BIC (58); without its IBAN, no payment means (CII-SR-470)", () => {
    const withIban = XML["several rates, a discount, a business client, IBAN"] ?? "";
    expect(withIban).toMatch(
      /<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>58<\/ram:TypeCode>[\s\S]*<ram:BICID>AGRIFRPP<\/ram:BICID>/,
    );
    const without = XML["a bank transfer before the company's IBAN is known"] ?? "";
    expect(without).not.toContain("SpecifiedTradeSettlementPaymentMeans");
    expect(without).toContain("par virement bancaire");
  });

  it("the 2026 mentions: BT-23 and the category's note, BG-13/BG-15 the worksite, BT-8 on debits, BT-48 the client's VAT number", () => {
    const xml =
      XML["a worksite's invoice (2026 mentions): its address delivered to, goods and services, VAT on debits"] ?? "";
    expect(xml).toMatch(
      /<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>M1<\/ram:ID>[\s\S]*<ram:GuidelineSpecifiedDocumentContextParameter>/,
    );
    expect(xml).toContain("<ram:Content>Opération\u00a0: Livraison de biens et prestation de services</ram:Content>");
    expect(xml).toMatch(
      /<ram:ApplicableHeaderTradeDelivery>\s*<ram:ShipToTradeParty>\s*<ram:Name>Maison Lefèvre<\/ram:Name>\s*<ram:PostalTradeAddress>\s*<ram:LineOne>12 chemin des Vignes, 69620 Oingt<\/ram:LineOne>\s*<ram:CountryID>FR<\/ram:CountryID>/,
    );
    expect(xml).toContain("<ram:Content>Option pour le paiement de la taxe d’après les débits</ram:Content>");
    expect(tag(xml, "DueDateTypeCode")).toBe("5");
    expect(xml).toMatch(
      /<ram:BuyerTradeParty>[\s\S]*<ram:ID schemeID="VA">FR15528714603<\/ram:ID>[\s\S]*<\/ram:BuyerTradeParty>/,
    );
    // Otherwise: services, the VAT due on payment, no delivery address (the client's), the final invoice S4.
    const plain = XML["several rates, a discount, a business client, IBAN"] ?? "";
    expect(plain).toContain("<ram:ID>S1</ram:ID>");
    expect(plain).toContain("<ram:Content>Opération\u00a0: Prestation de services</ram:Content>");
    expect(tag(plain, "DueDateTypeCode")).toBe("72");
    expect(plain).not.toContain("ShipToTradeParty");
    expect(XML["its final invoice, the deposit prepaid"]).toContain("<ram:ID>S4</ram:ID>");
    expect(XML["a deposit invoice (386)"]).toContain("<ram:ID>S1</ram:ID>");
  });

  it("catches a wrong total: BR-CO-15, explained in French", () => {
    const xml = XML["several rates, a discount, a business client, IBAN"] ?? "";
    const wrong = xml.replace(/<ram:GrandTotalAmount>[^<]*</, "<ram:GrandTotalAmount>1.00<");
    const report = validateCii(wrong);
    expect(report.valid).toBe(false);
    const rule = report.fatal.find((f) => f.id === "BR-CO-15");
    expect(rule?.message).toMatch(/^Règle BR-CO-15\u00a0: le total TTC doit être égal au total HT plus la TVA/);
    expect(rule?.location).toContain("/CrossIndustryInvoice[1]");
  });

  it("catches a reverse charge to a private client (no buyer identifier): BR-AE-02", () => {
    const input = CORPUS["reverse charge of building subcontracting"];
    if (!input) throw new Error("missing");
    const report = validateCii(buildCii({ ...input, invoice: { ...input.invoice, client: PRIVATE } }));
    expect(report.fatal.map((f) => f.id)).toContain("BR-AE-02");
  });

  it("refuses a draft, and stored figures that do not add up", () => {
    const input = CORPUS["a private client, a fixed discount, a line at 0 %, paid by cheque"];
    if (!input) throw new Error("missing");
    expect(() => buildCii({ ...input, invoice: { ...input.invoice, status: "draft" } })).toThrow(CiiError);
    expect(() => buildCii({ ...input, invoice: { ...input.invoice, total: input.invoice.total + 0.01 } })).toThrow(
      /net à payer/,
    );
  });
});
