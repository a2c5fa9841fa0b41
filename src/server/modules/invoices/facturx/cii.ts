import { insuranceMention, legalLines } from "@server/pdf/company";
import { normaliseSiret, normaliseVatNumber, sirenOf } from "@shared/client-rules";
import { discountLabel, documentFigures } from "@shared/documents";
import {
  countryCode,
  normaliseBic,
  normaliseIban,
  unitCode,
  type VatCategory,
  vatCategory,
  vatExemption,
} from "@shared/einvoice-rules";
import { formatDate, formatEuro } from "@shared/format";
import {
  INVOICE_DEFAULTS,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceKind,
  OPERATION_CATEGORY_PRINTED,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  printedWorksiteAddress,
} from "@shared/invoices";
import { computeTotals, fromCents, toCents } from "@shared/money";
import { reducedRateMentions } from "@shared/vat-rules";
import type { InvoiceSeller } from "../invoice-seller";
import { el, type XmlChild, type XmlElement, xmlDocument } from "./xml";

/**
 * The CII D16B XML of an issued invoice, deposit invoice or credit note, profile EN 16931
 * (docs/domain/einvoicing.md, ADR 0016): written from the frozen document as the invoices repository
 * reads it (`detail` and the seller snapshot) — never from live data. Every amount is a stored figure
 * (lines' subtotals, `subtotal`, `discount`, `vat_breakdown`, deposits), so the XML says what the PDF
 * says; the builder checks that they add up (BR-CO-10 … BR-CO-16) and throws `CiiError` otherwise.
 */

/** The guideline of the EN 16931 profile (BT-24). */
export const EN16931_GUIDELINE = "urn:cen.eu:en16931:2017";

const NS = {
  rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  qdt: "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  udt: "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** Invoice type codes (UNTDID 1001, BT-3). */
export const TYPE_CODES: Record<InvoiceKind, string> = { invoice: "380", deposit: "386", credit_note: "381" };

/** Payment means codes (UNTDID 4461, BT-81); a transfer to a known IBAN is a SEPA credit transfer (58). */
const PAYMENT_MEANS: Record<PaymentMethod, string> = {
  cash: "10",
  check: "20",
  bank_transfer: "30",
  card: "48",
  other: "1",
};
const SEPA_TRANSFER = "58";

/** ISO 6523 ICD schemes: SIREN (BT-30, BT-47) and SIRET (BT-29). */
export const SCHEME_SIREN = "0002";
export const SCHEME_SIRET = "0009";

export const CII_TEXTS = {
  draft: "Un brouillon n’a pas de Factur-X\u00a0: la facture doit d’abord être émise",
  sellerCountry: (country: string) => `Pays de l’entreprise non reconnu pour la facture électronique\u00a0: ${country}`,
  figures: (what: string) =>
    `Les montants enregistrés de la facture ne concordent pas (${what})\u00a0: Factur-X impossible`,
  creditNoteTerms: (reference: string) =>
    `Avoir annulant la facture ${reference}\u00a0: montant remboursé ou déduit d’un prochain règlement.`,
  section: (name: string) => `Lot\u00a0: ${name}`,
} as const;

export class CiiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CiiError";
  }
}

/** What the builder reads of an invoice: its detail as the repository answers it (`Invoice`). */
export type CiiInvoice = Pick<
  Invoice,
  | "kind"
  | "status"
  | "reference"
  | "name"
  | "date"
  | "due_date"
  | "work_date"
  | "payment_method"
  | "terms"
  | "legal_mentions"
  | "reverse_charge"
  | "discount_percentage"
  | "discount_amount"
  | "discount"
  | "subtotal"
  | "tax_amount"
  | "total"
  | "deposits_net"
  | "deposits_tax"
  | "deposits"
  | "vat_breakdown"
  | "items"
  | "client"
  | "client_phone"
  | "quote"
  | "project"
  | "credited_invoice"
  | "worksite_address"
  | "operation_category"
>;

/** A structured address, when the caller has one (the seller snapshot holds printed lines only). */
export interface CiiAddress {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface CiiInput {
  invoice: CiiInvoice;
  /** The seller frozen at issue (`invoices.seller_snapshot`). */
  seller: InvoiceSeller;
  /** The seller's structured address; absent: read from `seller.address_lines`. */
  sellerAddress?: CiiAddress | null;
  /** The company's bank account (company settings); absent: payment means without account. */
  bank?: { iban: string; bic?: string | null } | null;
  /** The credited invoice's date (BT-26), when the caller knows it. */
  creditedInvoiceDate?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Figures

/** Cents as CII writes an amount: « 1234.50 », « -0.05 ». */
export function amount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
/** A quantity (3 decimals at most) or a rate (2): « 2.5 », « 20 », « 5.5 ». */
const decimal = (value: number, decimals: number) => String(Math.round(value * 10 ** decimals) / 10 ** decimals);
/** `yyyy-mm-dd` → `yyyymmdd` (format 102). */
const day102 = (isoDay: string) => isoDay.slice(0, 10).replace(/-/g, "");

const rateKey = (rate: number) => Math.round(rate * 100);

interface RateRow {
  rate: number;
  category: VatCategory;
  /** Σ of the lines' net amounts at this rate (cents). */
  lines: number;
  /** The discount's share at this rate (cents). */
  discount: number;
  /** Taxable amount (BT-116) and VAT (BT-117) of the whole document, deposits not deducted (cents). */
  net: number;
  tax: number;
}

/**
 * The VAT breakdown the XML carries, from the stored figures: `vat_breakdown` per rate, plus — for a
 * final invoice — the deposits deducted at that rate, since the deposits go as a prepaid amount (BT-113)
 * and the breakdown is the whole work's. The deductions are the deposit invoices' stored VAT; when the
 * document no longer lists them (a credit note of a final invoice), they are the difference between the
 * lines' totals (`computeTotals`, the function that stored them) and the breakdown.
 */
function rateRows(
  invoice: Pick<
    CiiInvoice,
    "items" | "deposits" | "deposits_net" | "deposits_tax" | "vat_breakdown" | "discount_percentage" | "discount_amount"
  >,
  regime: { vat_franchise: boolean; reverse_charge: boolean },
): RateRow[] {
  const items = invoice.items.filter((i) => i.kind === "item");
  const depositsNet = toCents(invoice.deposits_net);
  const depositsTax = toCents(invoice.deposits_tax);
  const deducted = new Map<number, { net: number; tax: number }>();
  const add = (rate: number, net: number, tax: number) => {
    const d = deducted.get(rateKey(rate)) ?? { net: 0, tax: 0 };
    deducted.set(rateKey(rate), { net: d.net + net, tax: d.tax + tax });
  };
  if (depositsNet !== 0 || depositsTax !== 0) {
    const listed = invoice.deposits.flatMap((d) => d.vat);
    const listedNet = listed.reduce((s, v) => s + toCents(v.net), 0);
    const listedTax = listed.reduce((s, v) => s + toCents(v.tax), 0);
    if (listedNet === depositsNet && listedTax === depositsTax) {
      for (const v of listed) add(v.rate, toCents(v.net), toCents(v.tax));
    } else {
      const whole = computeTotals(invoice);
      for (const v of whole.vat) {
        const stored = invoice.vat_breakdown.find((s) => rateKey(s.rate) === rateKey(v.rate));
        add(v.rate, v.net - toCents(stored?.net ?? 0), v.tax - toCents(stored?.tax ?? 0));
      }
    }
  }
  const rows = invoice.vat_breakdown.map((v) => {
    const d = deducted.get(rateKey(v.rate)) ?? { net: 0, tax: 0 };
    const lines = items
      .filter((i) => rateKey(i.tax_rate) === rateKey(v.rate))
      .reduce((s, i) => s + toCents(i.subtotal), 0);
    const net = toCents(v.net) + d.net;
    return {
      rate: v.rate,
      category: vatCategory(v.rate, regime),
      lines,
      discount: lines - net,
      net,
      tax: toCents(v.tax) + d.tax,
    };
  });
  // Every deduction belongs to a rate of the breakdown, every line's rate has its row.
  for (const key of deducted.keys()) {
    if (!rows.some((r) => rateKey(r.rate) === key)) throw new CiiError(CII_TEXTS.figures("acomptes"));
  }
  for (const item of items) {
    if (!rows.some((r) => rateKey(r.rate) === rateKey(item.tax_rate))) throw new CiiError(CII_TEXTS.figures("taux"));
  }
  return rows;
}

/**
 * The VAT breakdown per rate as the XML carries it (BG-23), in euros: the whole work's for a final
 * invoice that deducts deposits (the PDF prints this table too, ADR 0016), the stored one otherwise.
 * Throws `CiiError` when the stored figures do not add up.
 */
export function documentVatBreakdown(
  invoice: Pick<
    CiiInvoice,
    "items" | "deposits" | "deposits_net" | "deposits_tax" | "vat_breakdown" | "discount_percentage" | "discount_amount"
  >,
  regime: { vat_franchise: boolean; reverse_charge: boolean },
): { rate: number; net: number; tax: number }[] {
  return rateRows(invoice, regime).map((r) => ({ rate: r.rate, net: fromCents(r.net), tax: fromCents(r.tax) }));
}

// ---------------------------------------------------------------------------------------------
// Parties

/** The seller's address from its printed lines: street lines, « 69007 Lyon », then a country when not France. */
export function addressOfLines(lines: readonly string[]): CiiAddress {
  const town = lines.findLastIndex((line) => /^\d{4,5}\s/.test(line.trim()));
  const streets = town === -1 ? lines.slice(0, 2) : lines.slice(0, town);
  const after = town === -1 ? lines.slice(2) : lines.slice(town + 1);
  const [, zip, city] = town === -1 ? [] : (/^(\d{4,5})\s+(.*)$/.exec((lines[town] ?? "").trim()) ?? []);
  const countryName = after.at(-1) ?? null;
  const country = countryCode(countryName);
  if (!country) throw new CiiError(CII_TEXTS.sellerCountry(countryName ?? ""));
  return {
    line1: streets[0] ?? null,
    line2: streets.slice(1).join(", ") || null,
    postal_code: zip ?? null,
    city: city || null,
    country,
  };
}

function postalAddress(address: CiiAddress): XmlElement {
  return el("ram:PostalTradeAddress", [
    address.postal_code && el("ram:PostcodeCode", address.postal_code),
    address.line1 && el("ram:LineOne", address.line1),
    address.line2 && el("ram:LineTwo", address.line2),
    address.city && el("ram:CityName", address.city),
    el("ram:CountryID", address.country),
  ]);
}

function contact(phone: string | null, email: string | null): XmlChild {
  if (!phone && !email) return null;
  return el("ram:DefinedTradeContact", [
    phone && el("ram:TelephoneUniversalCommunication", [el("ram:CompleteNumber", phone)]),
    email && el("ram:EmailURIUniversalCommunication", [el("ram:URIID", email)]),
  ]);
}

const electronicAddress = (email: string | null): XmlChild =>
  email && el("ram:URIUniversalCommunication", [el("ram:URIID", email, { schemeID: "EM" })]);

function sellerParty(seller: InvoiceSeller, address: CiiAddress): XmlElement {
  const siret = seller.siret ? normaliseSiret(seller.siret) : null;
  const siren = sirenOf(siret) ?? (seller.siren ? normaliseSiret(seller.siren) : null);
  const vat = seller.tva_number ? normaliseVatNumber(seller.tva_number) : null;
  const legal = legalLines({ ...seller, siret: null, tva_number: null }).join(" · ");
  return el("ram:SellerTradeParty", [
    siret && /^\d{14}$/.test(siret) && el("ram:GlobalID", siret, { schemeID: SCHEME_SIRET }),
    el("ram:Name", seller.name),
    legal && el("ram:Description", legal),
    siren && el("ram:SpecifiedLegalOrganization", [el("ram:ID", siren, { schemeID: SCHEME_SIREN })]),
    contact(seller.phone, seller.email),
    postalAddress(address),
    electronicAddress(seller.email),
    vat && el("ram:SpecifiedTaxRegistration", [el("ram:ID", vat, { schemeID: "VA" })]),
    // A seller under the franchise may have no VAT number: its SIREN is its tax registration (BT-32, BR-E-02).
    !vat &&
      seller.vat_franchise &&
      siren &&
      el("ram:SpecifiedTaxRegistration", [el("ram:ID", siren, { schemeID: "FC" })]),
  ]);
}

function buyerParty(invoice: CiiInvoice): XmlElement {
  const { client } = invoice;
  const siren = client.siren ? normaliseSiret(client.siren) : null;
  const vat = client.vat_number ? normaliseVatNumber(client.vat_number) : null;
  return el("ram:BuyerTradeParty", [
    el("ram:Name", client.name),
    siren && el("ram:SpecifiedLegalOrganization", [el("ram:ID", siren, { schemeID: SCHEME_SIREN })]),
    contact(invoice.client_phone, client.email),
    postalAddress({
      line1: client.address,
      line2: null,
      postal_code: client.postal_code,
      city: client.city,
      // Clients have no country: Propulse's clients are in France.
      country: "FR",
    }),
    electronicAddress(client.email),
    // BT-48, a business's VAT number (2026 reform: the mention of reverse-charge and intra-EU invoices).
    vat && el("ram:SpecifiedTaxRegistration", [el("ram:ID", vat, { schemeID: "VA" })]),
  ]);
}

/**
 * BG-13 / BG-15: the worksite's address as the delivery address (2026 reform), when the invoice prints it;
 * one line (a worksite's address is typed whole), in France.
 */
function shipTo(invoice: CiiInvoice): XmlChild {
  const address = printedWorksiteAddress(invoice);
  if (!address) return null;
  return el("ram:ShipToTradeParty", [
    invoice.project && el("ram:Name", invoice.project.name),
    postalAddress({ line1: address, line2: null, postal_code: null, city: null, country: "FR" }),
  ]);
}

/**
 * BT-23, the French « cadre de facturation » (2026 reform, BR-FR-08): B (goods), S (services), M (both),
 * 1 for a first invoice, 4 for a final invoice that deducts deposits (BR-FR-CO-08).
 */
function businessProcess(invoice: CiiInvoice): string {
  const letter = { goods: "B", services: "S", both: "M" }[invoice.operation_category];
  return `${letter}${invoice.deposits.length > 0 && invoice.kind === "invoice" ? "4" : "1"}`;
}

// ---------------------------------------------------------------------------------------------
// Document

const note = (content: string | null | undefined, subject?: string): XmlChild =>
  content ? el("ram:IncludedNote", [el("ram:Content", content), subject && el("ram:SubjectCode", subject)]) : null;

function notes(invoice: CiiInvoice, seller: InvoiceSeller): XmlChild[] {
  const out: XmlChild[] = [
    note(invoice.name, "AAI"),
    // 2026 reform: the category of the operation, as printed (BT-23 carries its code).
    note(`${INVOICE_TEXTS.pdf.operation}\u00a0: ${OPERATION_CATEGORY_PRINTED[invoice.operation_category]}`, "AAI"),
  ];
  if (invoice.kind === "credit_note" && invoice.credited_invoice) {
    out.push(
      note(
        `Avoir annulant la facture ${invoice.credited_invoice.reference} (${invoice.credited_invoice.name})\u00a0: il en reprend les lignes et les montants.`,
        "AAI",
      ),
    );
  }
  if (invoice.kind === "deposit" && invoice.quote) {
    out.push(note(`Facture d’acompte sur le devis ${invoice.quote.reference} (${invoice.quote.name}).`, "AAI"));
  }
  if (invoice.deposits.length > 0) {
    const list = invoice.deposits
      .map((d) => `${d.reference} du ${formatDate(d.date)} (${formatEuro(d.total)} TTC)`)
      .join(", ");
    out.push(note(`${INVOICE_TEXTS.pdf.depositsDeducted}\u00a0: ${list}.`, "AAI"));
  }
  for (const item of invoice.items) if (item.kind === "text") out.push(note(item.name, "AAI"));
  if (!seller.vat_franchise && !invoice.reverse_charge) {
    const rates = new Set(invoice.items.filter((i) => i.kind === "item").map((i) => i.tax_rate));
    for (const mention of reducedRateMentions(rates)) out.push(note(mention, "TXD"));
  }
  if (invoice.reverse_charge && !seller.vat_franchise) out.push(note(INVOICE_TEXTS.reverseChargeMention, "TXD"));
  if (seller.vat_on_debits && !seller.vat_franchise && !invoice.reverse_charge) {
    out.push(note(INVOICE_TEXTS.pdf.debitsOption, "TXD"));
  }
  if (seller.vat_franchise) out.push(note(INVOICE_TEXTS.franchiseMention, "TXD"));
  if (invoice.kind !== "credit_note") {
    out.push(note(invoice.legal_mentions ?? INVOICE_DEFAULTS.legalMentions, "PMD"));
  }
  out.push(note(insuranceMention(seller), "REG"));
  return out;
}

function lineItems(invoice: CiiInvoice, regime: { vat_franchise: boolean; reverse_charge: boolean }): XmlElement[] {
  const out: XmlElement[] = [];
  let section: string | null = null;
  for (const item of invoice.items) {
    if (item.kind === "section") section = item.name;
    if (item.kind !== "item") continue;
    const category = vatCategory(item.tax_rate, regime);
    out.push(
      el("ram:IncludedSupplyChainTradeLineItem", [
        el("ram:AssociatedDocumentLineDocument", [
          el("ram:LineID", String(out.length + 1)),
          section && note(CII_TEXTS.section(section)),
        ]),
        el("ram:SpecifiedTradeProduct", [
          el("ram:Name", item.name),
          item.description && el("ram:Description", item.description),
        ]),
        el("ram:SpecifiedLineTradeAgreement", [
          el("ram:NetPriceProductTradePrice", [el("ram:ChargeAmount", amount(toCents(item.unit_price)))]),
        ]),
        el("ram:SpecifiedLineTradeDelivery", [
          el("ram:BilledQuantity", decimal(item.quantity, 3), { unitCode: unitCode(item.unit) }),
        ]),
        el("ram:SpecifiedLineTradeSettlement", [
          el("ram:ApplicableTradeTax", [
            el("ram:TypeCode", "VAT"),
            el("ram:CategoryCode", category),
            el("ram:RateApplicablePercent", decimal(category === "E" || category === "AE" ? 0 : item.tax_rate, 2)),
          ]),
          el("ram:SpecifiedTradeSettlementLineMonetarySummation", [
            el("ram:LineTotalAmount", amount(toCents(item.subtotal))),
          ]),
        ]),
      ]),
    );
  }
  return out;
}

function paymentTerms(invoice: CiiInvoice): string {
  if (invoice.kind === "credit_note") {
    return CII_TEXTS.creditNoteTerms(invoice.credited_invoice?.reference ?? "");
  }
  const method = invoice.payment_method ? PAYMENT_METHOD_LABELS[invoice.payment_method].toLowerCase() : null;
  const when = invoice.due_date ? `au plus tard le ${formatDate(invoice.due_date)}` : "à réception de la facture";
  return [`À régler ${when}${method ? ` par ${method}` : ""}.`, invoice.terms].filter(Boolean).join("\n");
}

function paymentMeans(invoice: CiiInvoice, bank: CiiInput["bank"]): XmlChild {
  if (invoice.kind === "credit_note") return null;
  const method = invoice.payment_method;
  const iban = bank?.iban ? normaliseIban(bank.iban) : null;
  const transfer = method === "bank_transfer" || (method === null && iban);
  if (!method && !transfer) return null;
  // A transfer names the account to credit (CII-SR-470, BR-61): without the company's IBAN, no payment
  // means at all (BG-16 is optional); the payment terms still say « par virement bancaire ».
  if (transfer && !iban) return null;
  const bic = bank?.bic ? normaliseBic(bank.bic) : null;
  return el("ram:SpecifiedTradeSettlementPaymentMeans", [
    el(
      "ram:TypeCode",
      transfer ? (iban ? SEPA_TRANSFER : PAYMENT_MEANS.bank_transfer) : PAYMENT_MEANS[method ?? "other"],
    ),
    el("ram:Information", PAYMENT_METHOD_LABELS[method ?? "bank_transfer"]),
    transfer && iban && el("ram:PayeePartyCreditorFinancialAccount", [el("ram:IBANID", iban)]),
    transfer && iban && bic && el("ram:PayeeSpecifiedCreditorFinancialInstitution", [el("ram:BICID", bic)]),
  ]);
}

/**
 * The figures of the header (cents): the document's own (`documentFigures`, the rows every screen and
 * the PDF print) — BT-106 Total HT, BT-107 the discount, BT-109 « Total HT après remise », BT-110 the
 * whole work's VAT, BT-112 its TTC, BT-113 the deposits, BT-115 what is due — checked against the lines
 * and the VAT breakdown the XML carries.
 */
function summation(invoice: CiiInvoice, rows: readonly RateRow[]) {
  const f = documentFigures(invoice);
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new CiiError(CII_TEXTS.figures(what));
  };
  const lines = invoice.items.filter((i) => i.kind === "item").reduce((s, i) => s + toCents(i.subtotal), 0);
  const sum = (amount: (r: RateRow) => number) => rows.reduce((s, r) => s + amount(r), 0);
  check(lines === f.subtotal, "total des lignes");
  check(sum((r) => r.discount) === f.discount && rows.every((r) => r.discount >= 0), "remise");
  check(sum((r) => r.net) === f.net, "base HT");
  check(sum((r) => r.tax) === f.whole_tax, "TVA");
  check(f.net + f.whole_tax === f.whole_total, "net à payer");
  return {
    lineTotal: f.subtotal,
    allowance: f.discount,
    taxBasis: f.net,
    tax: f.whole_tax,
    grand: f.whole_total,
    prepaid: f.deposits,
    due: f.total,
  };
}

/** The CII D16B XML (EN 16931 profile) of an issued invoice, deposit invoice or credit note. */
export function buildCii(input: CiiInput): string {
  const { invoice, seller } = input;
  if (invoice.status === "draft") throw new CiiError(CII_TEXTS.draft);
  const regime = { vat_franchise: seller.vat_franchise, reverse_charge: invoice.reverse_charge };
  const rows = rateRows(invoice, regime);
  const sum = summation(invoice, rows);
  const sellerAddress = input.sellerAddress ?? addressOfLines(seller.address_lines);
  const discountReason = discountLabel(invoice.discount_percentage);

  const root = el(
    "rsm:CrossIndustryInvoice",
    [
      el("rsm:ExchangedDocumentContext", [
        el("ram:BusinessProcessSpecifiedDocumentContextParameter", [el("ram:ID", businessProcess(invoice))]),
        el("ram:GuidelineSpecifiedDocumentContextParameter", [el("ram:ID", EN16931_GUIDELINE)]),
      ]),
      el("rsm:ExchangedDocument", [
        el("ram:ID", invoice.reference),
        el("ram:TypeCode", TYPE_CODES[invoice.kind]),
        el("ram:IssueDateTime", [el("udt:DateTimeString", day102(invoice.date), { format: "102" })]),
        ...notes(invoice, seller),
      ]),
      el("rsm:SupplyChainTradeTransaction", [
        ...lineItems(invoice, regime),
        el("ram:ApplicableHeaderTradeAgreement", [
          sellerParty(seller, sellerAddress),
          buyerParty(invoice),
          invoice.quote && el("ram:ContractReferencedDocument", [el("ram:IssuerAssignedID", invoice.quote.reference)]),
          invoice.project &&
            el("ram:SpecifiedProcuringProject", [
              el("ram:ID", invoice.project.reference),
              el("ram:Name", invoice.project.name),
            ]),
        ]),
        el("ram:ApplicableHeaderTradeDelivery", [
          shipTo(invoice),
          invoice.work_date &&
            el("ram:ActualDeliverySupplyChainEvent", [
              el("ram:OccurrenceDateTime", [el("udt:DateTimeString", day102(invoice.work_date), { format: "102" })]),
            ]),
        ]),
        el("ram:ApplicableHeaderTradeSettlement", [
          invoice.kind !== "credit_note" && el("ram:PaymentReference", invoice.reference),
          el("ram:InvoiceCurrencyCode", "EUR"),
          paymentMeans(invoice, input.bank),
          ...rows.map((r) => {
            const exemption = vatExemption(r.category);
            return el("ram:ApplicableTradeTax", [
              el("ram:CalculatedAmount", amount(r.tax)),
              el("ram:TypeCode", "VAT"),
              exemption && el("ram:ExemptionReason", exemption.text),
              el("ram:BasisAmount", amount(r.net)),
              el("ram:CategoryCode", r.category),
              exemption && el("ram:ExemptionReasonCode", exemption.code),
              // Building works are services: their VAT is due on payment (BT-8 « 72 »), or at invoicing
              // (« 5 ») when the company opted for debits (CGI art. 269-2 c).
              r.category === "S" && el("ram:DueDateTypeCode", seller.vat_on_debits ? "5" : "72"),
              el("ram:RateApplicablePercent", decimal(exemption ? 0 : r.rate, 2)),
            ]);
          }),
          ...rows
            .filter((r) => r.discount > 0)
            .map((r) =>
              el("ram:SpecifiedTradeAllowanceCharge", [
                el("ram:ChargeIndicator", [el("udt:Indicator", "false")]),
                el("ram:ActualAmount", amount(r.discount)),
                el("ram:ReasonCode", "95"),
                el("ram:Reason", discountReason),
                el("ram:CategoryTradeTax", [
                  el("ram:TypeCode", "VAT"),
                  el("ram:CategoryCode", r.category),
                  el("ram:RateApplicablePercent", decimal(vatExemption(r.category) ? 0 : r.rate, 2)),
                ]),
              ]),
            ),
          el("ram:SpecifiedTradePaymentTerms", [
            el("ram:Description", paymentTerms(invoice)),
            invoice.kind !== "credit_note" &&
              invoice.due_date &&
              el("ram:DueDateDateTime", [el("udt:DateTimeString", day102(invoice.due_date), { format: "102" })]),
          ]),
          el("ram:SpecifiedTradeSettlementHeaderMonetarySummation", [
            el("ram:LineTotalAmount", amount(sum.lineTotal)),
            sum.allowance > 0 && el("ram:AllowanceTotalAmount", amount(sum.allowance)),
            el("ram:TaxBasisTotalAmount", amount(sum.taxBasis)),
            el("ram:TaxTotalAmount", amount(sum.tax), { currencyID: "EUR" }),
            el("ram:GrandTotalAmount", amount(sum.grand)),
            sum.prepaid !== 0 && el("ram:TotalPrepaidAmount", amount(sum.prepaid)),
            el("ram:DuePayableAmount", amount(sum.due)),
          ]),
          invoice.kind === "credit_note" &&
            invoice.credited_invoice &&
            el("ram:InvoiceReferencedDocument", [
              el("ram:IssuerAssignedID", invoice.credited_invoice.reference),
              input.creditedInvoiceDate &&
                el("ram:FormattedIssueDateTime", [
                  el("qdt:DateTimeString", day102(input.creditedInvoiceDate), { format: "102" }),
                ]),
            ]),
        ]),
      ]),
    ],
    { "xmlns:rsm": NS.rsm, "xmlns:qdt": NS.qdt, "xmlns:ram": NS.ram, "xmlns:udt": NS.udt },
  );
  return xmlDocument(root);
}
