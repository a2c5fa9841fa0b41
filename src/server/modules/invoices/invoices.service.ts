import { randomUUID } from "node:crypto";
import type { Database, Db } from "@server/db/client";
import { type AuthContext, assertCan, idOr404, permissions, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isUniqueViolation } from "@server/lib/pg-errors";
import type { ExpectedVersion } from "@server/lib/versions";
import { DocumentCache, documentKey } from "@server/pdf/cache";
import { type RenderLog, renderCommercialDocument } from "@server/pdf/document";
import { csvNumber, toCsv } from "@shared/csv";
import { addDays, dayNumber, parisToday as parisDay } from "@shared/dates";
import { formatDate, formatEuro, formatNumber, formatPercent } from "@shared/format";
import type { BlockingDocument } from "@shared/http";
import { depositRates, type InvoiceFigures, invoiceFigures, vatInCents, withoutVat } from "@shared/invoice-figures";
import {
  type CancelInput,
  type ClientBalance,
  CREDIT_NOTE_METHOD,
  defaultDueDate,
  FACTURX_PROFILE,
  type FacturxState,
  INVOICE_DEFAULTS,
  INVOICE_KIND_LABELS,
  INVOICE_SORT_ORDERS,
  INVOICE_STATUS_LABELS,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceExportQuery,
  type InvoiceInput,
  type InvoiceItemInput,
  type InvoiceKind,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoiceStats,
  type InvoiceStatsQuery,
  type InvoiceStatusChange,
  type InvoiceUpdate,
  isOneDepositFigure,
  type MarkPaid,
  type PaymentInput,
  type RateAmounts,
  type RefundInput,
  remainderByRate,
  withOverdue,
} from "@shared/invoices";
import { amountFits, fromCents, MONEY_TEXTS, toCents } from "@shared/money";
import { allowedTaxRates, isAllowedTaxRate, taxRatesList } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { formatReference } from "@shared/references";
import { zipSync } from "fflate";
import { companyInfoQueries } from "../company/company.queries";
import { assertLineTaxRates } from "../company/tax-rates";
import { quotesQueries } from "../quotes/quotes.queries";
import { buildCii, CII_TEXTS, CiiError } from "./facturx/cii";
import { briefFailure, type ValidationReport, validateCii } from "./facturx/validate";
import { invoiceDocument } from "./invoice-pdf";
import type { InvoiceSeller } from "./invoice-seller";
import {
  type InvoiceDocumentRow,
  type InvoiceFilter,
  type InvoiceRecord,
  type InvoiceValues,
  invoicesRepository,
  type StoredInvoice,
} from "./invoices.repository";

/**
 * Who may do what with invoices (docs/domain/invoices.md#permissions): read by the routes and checked
 * again here. PATCH …/status is published as invoices:view and then asks the target's permission.
 */
export const INVOICES_ACCESS = permissions({
  list: "invoices:view",
  stats: "invoices:view",
  get: "invoices:view",
  pdf: "invoices:view",
  status: "invoices:view",
  create: "invoices:create",
  fromQuote: "invoices:create",
  deposit: "invoices:create",
  fromProject: "invoices:create",
  update: "invoices:edit",
  remove: "invoices:delete",
  xml: "invoices:view",
  export: "invoices:view",
  issue: "invoices:issue",
  cancel: "invoices:issue",
  pay: "invoices:pay",
  /** Money going out (issue 32): a refund on a credit note. */
  refund: "invoices:pay",
  /** What a client owes and the credit kept on its account (issue 32). */
  balance: "invoices:view",
});

const noCompany = INVOICE_TEXTS.companyRequired;
/** Rendered invoice PDFs kept per process (src/server/pdf/cache.ts). */
const PDF_CACHE_BYTES = 32 * 1024 * 1024;
const repo = invoicesRepository;

/** At most this many documents in one export (each a Factur-X PDF rendered, or read from the cache). */
export const EXPORT_MAX_DOCUMENTS = 1000;

/** What every issued document is: a Factur-X of the EN 16931 profile, validated at issue (ADR 0016). */
const FACTURX_STATE: FacturxState = { profile: FACTURX_PROFILE, validated: true };

/** Where the service says what it refused or left out: a request's logger (pino's `warn(details, message)`). */
const processLog: RenderLog = {
  warn: (details, message) => process.emitWarning(message, { type: "InvoiceWarning", detail: JSON.stringify(details) }),
};

/** The CII XML of an issued document as read by `repo.document`, under `reference` when given (before its number). */
function ciiOf(row: InvoiceDocumentRow, seller: InvoiceSeller, reference?: string): string {
  return buildCii({
    invoice: reference ? { ...row.invoice, reference } : row.invoice,
    seller,
    bank: seller.iban ? { iban: seller.iban, bic: seller.bic ?? null } : null,
    creditedInvoiceDate: row.creditedDate,
  });
}

/**
 * A figure of the export's summary as a French spreadsheet reads it: « 1234,50 », negative for a credit
 * note — a number cell, not text, so that « -573,40 » is not neutralised as a formula would be.
 */
const csvAmount = (value: number, sign: 1 | -1) => csvNumber(sign * value, 2);

/** `recapitulatif.csv`: one row per document of the export (docs/domain/einvoicing.md#export). */
function exportSummary(rows: readonly InvoiceDocumentRow[]): string {
  return toCsv([
    ["Référence", "Type", "Date", "Client", "SIREN", "Total HT", "TVA", "Total TTC", "Statut"],
    ...rows.map(({ invoice }) => {
      // What this document invoices: its own net, VAT and total (a final invoice's deposits deducted);
      // a credit note reverses, so that the columns add up to the period's turnover.
      const sign = invoice.kind === "credit_note" ? -1 : 1;
      return [
        invoice.reference,
        INVOICE_KIND_LABELS[invoice.kind],
        formatDate(invoice.date),
        invoice.client.name,
        invoice.client.siren ?? "",
        csvAmount(fromCents(toCents(invoice.total) - toCents(invoice.tax_amount)), sign),
        csvAmount(invoice.tax_amount, sign),
        csvAmount(invoice.total, sign),
        INVOICE_STATUS_LABELS[invoice.status],
      ];
    }),
  ]);
}

/** A draft's provisional reference (design §5.5): never a number of the FAC sequence. */
const provisionalReference = () => `PROV-${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;

/** The quote's VAT per rate in cents; one rate at 0 % for a company under VAT franchise. */
function quoteBasis(quote: Pick<Quote, "vat_breakdown" | "total">, franchise: boolean) {
  const vat = quote.vat_breakdown.map((v) => ({ rate: v.rate, net: toCents(v.net), tax: toCents(v.tax) }));
  if (!franchise) return { vat, total: toCents(quote.total) };
  const net = vat.reduce((sum, v) => sum + v.net, 0);
  return { vat: [{ rate: 0, net, tax: 0 }], total: net };
}

/** The lines of an invoice made from a quote: every line as written on it (costs never). */
const linesOfQuote = (quote: Quote): InvoiceItemInput[] =>
  quote.items.map((item) => ({
    kind: item.kind,
    name: item.name,
    description: item.description,
    quantity: item.quantity,
    unit: item.unit,
    unit_price: item.unit_price,
    tax_rate: item.tax_rate,
  }));

/** Whether an invoice of a quote still counts (not cancelled): deposits, and at most one final invoice. */
const live = (i: { status: string }) => i.status !== "cancelled";

/**
 * The service. `options.today` is the business day (Europe/Paris by default): the demo data passes its
 * own to issue invoices on past days, in order (numbers and dates then follow each other).
 */
export function createInvoicesService(
  db: Database,
  options: {
    today?: () => string;
    /** The EN 16931 rules run at issue (`validateCii`); a test may give others. */
    validate?: (xml: string) => ValidationReport;
  } = {},
) {
  const parisToday = options.today ?? parisDay;
  const validate = options.validate ?? validateCii;
  const pdfCache = new DocumentCache(PDF_CACHE_BYTES);

  /** The invoice as the API answers it, with its derived overdue and Factur-X states. */
  const answer = (found: StoredInvoice): Invoice => ({
    ...withOverdue(found, parisToday()),
    facturx: found.status === "draft" ? null : FACTURX_STATE,
  });

  async function detail(tx: Db, companyId: string, id: string): Promise<Invoice> {
    const found = await repo.detail(tx, companyId, id);
    if (!found) throw errors.notFound(INVOICE_TEXTS.notFound);
    return answer(found);
  }

  /**
   * The document just issued in this transaction, as it will be once committed, checked by the EN 16931
   * rules before the commit (docs/domain/einvoicing.md#at-issue): its number is given at the commit, so
   * the XML carries a placeholder of the same form (`FAC-2026-0000`), the rest as it will be. A fatal
   * failure (or figures that do not add up) rolls the issue back: 409 naming the rules, logged with ids only.
   */
  async function assertFacturx(tx: Db, t: TenantAccess, id: string, log: RenderLog): Promise<void> {
    const row = await repo.document(tx, t.companyId, id);
    if (!row?.seller) throw new Error("issued invoice without its frozen seller");
    const placeholder = formatReference(
      row.invoice.kind === "credit_note" ? "credit_note" : "invoice",
      Number(row.invoice.date.slice(0, 4)),
      0,
    );
    let rules: string[];
    let ids: string[];
    try {
      const report = validate(ciiOf(row, row.seller, placeholder));
      if (report.valid) return;
      const fatal = [...new Map(report.fatal.map((f) => [f.id, f])).values()];
      ids = fatal.map((f) => f.id);
      rules = fatal.map(briefFailure);
    } catch (error) {
      if (!(error instanceof CiiError)) throw error;
      ids = ["figures"];
      rules = [error.message];
    }
    log.warn(
      { invoiceId: id, companyId: t.companyId, kind: row.invoice.kind, rules: ids },
      "Factur-X refused at issue",
    );
    throw errors.conflict(INVOICE_TEXTS.notEn16931(rules));
  }

  /**
   * The document of an invoice, keyed for the cache: an issued one is its Factur-X (PDF/A-3b with its XML),
   * the seller frozen at issue; a draft is watermarked, the live company printing it.
   */
  function documentOf(row: InvoiceDocumentRow, live: InvoiceSeller | null, companyId: string) {
    const seller = row.seller ?? live;
    if (!seller) throw new Error("invoice without seller");
    const invoice = answer(row.invoice);
    const xml = invoice.status === "draft" ? null : ciiOf(row, seller);
    const document = invoiceDocument(invoice, seller, xml === null ? null : { xml });
    // Per company: no tenant can learn from timing that another one rendered the same document.
    const key = `${companyId}:${documentKey(document, seller.logo_file_id)}`;
    return { invoice, seller, document, key, xml };
  }

  type Rendered = ReturnType<typeof documentOf>;

  /**
   * The logos the documents not in the cache print, read once per file (stored files never change):
   * in the transaction, so that rendering happens after it.
   */
  async function logosFor(tx: Db, companyId: string, docs: readonly Rendered[]): Promise<Map<string, Buffer | null>> {
    const logos = new Map<string, Buffer | null>();
    for (const doc of docs) {
      const fileId = doc.seller.logo_file_id;
      if (!fileId || logos.has(fileId) || pdfCache.get(doc.key)) continue;
      logos.set(fileId, await companyInfoQueries.logoData(tx, companyId, fileId));
    }
    return logos;
  }

  /** A document's PDF: from the cache, or rendered with its logo and kept. */
  async function pdfOf(doc: Rendered, logos: Map<string, Buffer | null>, log?: RenderLog): Promise<Buffer> {
    const cached = pdfCache.get(doc.key);
    if (cached) return cached;
    const logo = doc.seller.logo_file_id ? (logos.get(doc.seller.logo_file_id) ?? null) : null;
    const pdf = await renderCommercialDocument({ ...doc.document, company: { ...doc.document.company, logo } }, log);
    pdfCache.set(doc.key, pdf);
    return pdf;
  }

  /** The document of an invoice (the live company for a draft) and the logos it needs, read in `tx`. */
  async function documentIn(tx: Db, companyId: string, id: string) {
    const row = await repo.document(tx, companyId, id);
    if (!row) throw errors.notFound(INVOICE_TEXTS.notFound);
    const live = row.seller ? null : (await repo.seller(tx, companyId)).seller;
    const doc = documentOf(row, live, companyId);
    return { doc, logos: await logosFor(tx, companyId, [doc]) };
  }

  async function locked(tx: Db, t: TenantAccess, id: string): Promise<InvoiceRecord> {
    const found = await repo.find(tx, t.companyId, id, { lock: true });
    if (!found) throw errors.notFound(INVOICE_TEXTS.notFound);
    return found;
  }

  /**
   * The invoice locked, its quote's row locked first when it has one: every change that touches a
   * quote's invoices (deposits, final invoice, their deductions) takes the quote first, so two of them
   * queue on it instead of locking each other's invoices in opposite orders.
   */
  async function lockedWithQuote(tx: Db, t: TenantAccess, id: string) {
    const peek = await repo.find(tx, t.companyId, id);
    if (!peek) throw errors.notFound(INVOICE_TEXTS.notFound);
    // An invoice's quote never changes (PUT does not take one).
    const quote = peek.quote_id ? await quotesQueries.find(tx, t.companyId, peek.quote_id, { lock: true }) : undefined;
    return { invoice: await locked(tx, t, id), quote };
  }

  /** Only a draft (never a credit note) is edited or deleted: 409 otherwise. */
  function assertEditable(invoice: InvoiceRecord) {
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status !== "draft") throw errors.conflict(INVOICE_TEXTS.notEditable);
  }

  /**
   * A quote an invoice is made from, locked for the transaction (its deposits and final invoice are
   * decided one request at a time): the company's (404), validated (409).
   */
  async function validQuote(tx: Db, t: TenantAccess, quoteId: string): Promise<Quote> {
    const quote = await quotesQueries.find(tx, t.companyId, quoteId, { lock: true });
    if (!quote) throw errors.notFound(INVOICE_TEXTS.quoteNotFound);
    if (quote.status !== "valide") throw errors.conflict(INVOICE_TEXTS.quoteNotValid);
    return quote;
  }

  /** The invoice in the way of a refused change, named in the 409 (docs/domain/api.md#errors). */
  function blockingInvoice(invoice: { id: string; reference: string }): BlockingDocument {
    return { type: "invoice", id: invoice.id, reference: invoice.reference };
  }

  /** A quote has one final invoice at most (a cancelled one aside). */
  async function assertNoFinalInvoice(tx: Db, t: TenantAccess, quoteId: string, except?: string) {
    const invoices = await repo.ofQuote(tx, t.companyId, quoteId);
    const final = invoices.find((i) => i.kind === "invoice" && live(i) && i.id !== except);
    if (final) throw errors.conflict(INVOICE_TEXTS.quoteAlreadyInvoiced, blockingInvoice(final));
  }

  /**
   * The figures of an invoice's lines (docs/domain/invoices.md#figures): VAT 0 under franchise or
   * reverse charge; a final invoice of a quote deducts the quote's issued deposits not deducted by
   * another invoice (docs/domain/invoices.md#final-invoice). 400 when they exceed it.
   */
  async function compute(
    tx: Db,
    t: TenantAccess,
    invoice: { id: string | null; kind: InvoiceKind; quoteId: string | null; reverseCharge: boolean },
    input: { items: readonly InvoiceItemInput[]; discount_percentage: number; discount_amount: number },
  ): Promise<{ items: InvoiceItemInput[]; figures: InvoiceFigures; depositIds: string[] }> {
    const { seller } = await repo.seller(tx, t.companyId);
    const items = seller.vat_franchise || invoice.reverseCharge ? withoutVat(input.items) : [...input.items];
    let deposits: { id: string; vat: RateAmounts[] }[] = [];
    if (invoice.kind === "invoice" && invoice.quoteId) {
      deposits = (await repo.ofQuote(tx, t.companyId, invoice.quoteId))
        .filter(
          (d) =>
            d.kind === "deposit" &&
            (d.status === "sent" || d.status === "paid") &&
            (d.deducted_by_id === null || d.deducted_by_id === invoice.id),
        )
        .map((d) => ({ id: d.id, vat: vatInCents(d.vat_breakdown) }));
    }
    const figures = invoiceFigures(
      { ...input, items },
      deposits.map((d) => d.vat),
    );
    if (!figures) throw errors.validation(INVOICE_TEXTS.depositsExceedInvoice);
    // Lines the body did not send (a worksite's tasks, « Facturer ») may still add up beyond a money
    // column: 400, never the database's overflow (docs/domain/money.md#limits).
    const amounts = [figures.subtotal, figures.tax_amount, figures.total, ...figures.lines.map((l) => l.total)];
    if (!amounts.every(amountFits)) {
      throw errors.validation(MONEY_TEXTS.totalTooLarge, [{ path: "items", message: MONEY_TEXTS.totalTooLarge }]);
    }
    return { items, figures, depositIds: deposits.map((d) => d.id) };
  }

  /** A deposit invoice's VAT must fit in its quote with the quote's other live deposits (400 otherwise). */
  async function assertDepositsFit(tx: Db, t: TenantAccess, quote: Quote, depositId: string, vat: RateAmounts[]) {
    const { seller } = await repo.seller(tx, t.companyId);
    const others = (await repo.ofQuote(tx, t.companyId, quote.id)).filter(
      (d) => d.kind === "deposit" && live(d) && d.id !== depositId,
    );
    const basis = quoteBasis(quote, seller.vat_franchise);
    if (!remainderByRate(basis.vat, [...others.map((d) => vatInCents(d.vat_breakdown)), vat])) {
      throw errors.validation(INVOICE_TEXTS.depositTooLarge);
    }
  }

  /** Recomputes a quote's final invoice while it is a draft (a deposit was issued or cancelled). */
  async function refreshFinalDraft(tx: Db, t: TenantAccess, quoteId: string) {
    const final = (await repo.ofQuote(tx, t.companyId, quoteId)).find(
      (i) => i.kind === "invoice" && i.status === "draft",
    );
    if (!final) return;
    const record = await locked(tx, t, final.id);
    const items = await repo.items(tx, t.companyId, record.id);
    const result = await compute(
      tx,
      t,
      { id: record.id, kind: "invoice", quoteId, reverseCharge: record.reverse_charge },
      { items, discount_percentage: record.discount_percentage, discount_amount: record.discount_amount },
    );
    await repo.setFigures(tx, t.companyId, record.id, result.figures);
    await repo.setDeductions(tx, t.companyId, record.id, result.depositIds);
  }

  /** Inserts a draft (provisional reference) with its deductions; returns its id. */
  async function insertDraft(
    tx: Db,
    t: TenantAccess,
    values: Omit<InvoiceValues, "figures" | "items">,
    input: { items: readonly InvoiceItemInput[]; discount_percentage: number; discount_amount: number },
  ): Promise<string> {
    const computed = await compute(
      tx,
      t,
      { id: null, kind: values.kind, quoteId: values.quoteId, reverseCharge: values.reverseCharge },
      input,
    );
    const meta = { createdBy: t.auth.userId, createdByName: t.auth.user.full_name };
    const full = { ...values, items: computed.items, figures: computed.figures };
    let id: string;
    try {
      id = await repo.insert(tx, t.companyId, full, { ...meta, reference: provisionalReference() });
    } catch (error) {
      // Ten hexadecimal characters collide once in a trillion drafts: one more try.
      if (!isUniqueViolation(error, "invoices_company_reference_key")) throw error;
      id = await repo.insert(tx, t.companyId, full, { ...meta, reference: provisionalReference() });
    }
    await repo.setDeductions(tx, t.companyId, id, computed.depositIds);
    return id;
  }

  /** The final invoice of a validated quote, as a draft: every line, its discounts, client and worksite. */
  async function draftFromQuote(tx: Db, t: TenantAccess, quoteId: string, projectId?: string): Promise<string> {
    const quote = await validQuote(tx, t, quoteId);
    await assertNoFinalInvoice(tx, t, quote.id);
    const today = parisToday();
    return insertDraft(
      tx,
      t,
      {
        kind: "invoice",
        name: quote.name,
        clientId: quote.client_id,
        quoteId: quote.id,
        projectId: projectId ?? quote.project_id,
        date: today,
        dueDate: defaultDueDate(today),
        workDate: null,
        paymentMethod: INVOICE_DEFAULTS.paymentMethod,
        notes: quote.notes,
        terms: quote.terms,
        legalMentions: INVOICE_DEFAULTS.legalMentions,
        reverseCharge: false,
        discountPercentage: quote.discount_percentage,
        discountAmount: quote.discount_amount,
      },
      {
        items: linesOfQuote(quote),
        discount_percentage: quote.discount_percentage,
        discount_amount: quote.discount_amount,
      },
    );
  }

  /** A client's or the company's identity frozen, the next number given: the draft is issued. */
  async function issueIn(tx: Db, t: TenantAccess, invoiceId: string, log: RenderLog): Promise<void> {
    const { invoice, quote } = await lockedWithQuote(tx, t, invoiceId);
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status !== "draft") throw errors.conflict(INVOICE_TEXTS.alreadyIssued);
    // Issued at the company's VAT rates only (ADR 0020): a draft saved before the check, or at a rate the
    // company has since removed, is corrected first.
    const stored = await repo.lineRates(tx, t.companyId, invoice.id);
    const allowed = allowedTaxRates(stored.extra);
    if (stored.rates.some((rate) => !isAllowedTaxRate(rate, allowed))) {
      throw errors.conflict(INVOICE_TEXTS.issueTaxRateNotAllowed(taxRatesList(allowed)));
    }
    let total = invoice.total;
    if (invoice.quote_id) {
      if (quote && invoice.kind === "deposit") {
        // A deposit issued after the final invoice would never be deducted.
        const final = (await repo.ofQuote(tx, t.companyId, quote.id)).find(
          (i) => i.kind === "invoice" && live(i) && i.status !== "draft",
        );
        if (final) throw errors.conflict(INVOICE_TEXTS.quoteAlreadyInvoiced, blockingInvoice(final));
        await assertDepositsFit(tx, t, quote, invoice.id, vatInCents(invoice.vat_breakdown));
      }
      if (invoice.kind === "invoice") {
        // The deposits issued since the draft was written are deducted now.
        const items = await repo.items(tx, t.companyId, invoice.id);
        const result = await compute(
          tx,
          t,
          { id: invoice.id, kind: "invoice", quoteId: invoice.quote_id, reverseCharge: invoice.reverse_charge },
          { items, discount_percentage: invoice.discount_percentage, discount_amount: invoice.discount_amount },
        );
        await repo.setFigures(tx, t.companyId, invoice.id, result.figures);
        await repo.setDeductions(tx, t.companyId, invoice.id, result.depositIds);
        total = result.figures.total;
      }
    }
    await issueDraft(tx, t, invoice, total);
    await assertFacturx(tx, t, invoice.id, log);
    if (invoice.kind === "deposit" && invoice.quote_id) await refreshFinalDraft(tx, t, invoice.quote_id);
  }

  /**
   * The issue itself (design §5.5): the next FAC (or AV) number of the company and year, today's date,
   * the due date moved to keep its term, the client's and the company's identity frozen. An invoice
   * with nothing to pay (deposits covering it) is paid at once.
   */
  async function issueDraft(
    tx: Db,
    t: TenantAccess,
    invoice: Pick<InvoiceRecord, "id" | "kind" | "client_id" | "date" | "due_date">,
    total: number,
  ) {
    const today = parisToday();
    const term = invoice.due_date
      ? Math.max(0, dayNumber(invoice.due_date) - dayNumber(invoice.date))
      : INVOICE_DEFAULTS.dueDays;
    const client = await repo.client(tx, t.companyId, invoice.client_id);
    if (!client) throw errors.notFound(INVOICE_TEXTS.clientNotFound);
    const { seller } = await repo.seller(tx, t.companyId);
    const settled = invoice.kind !== "credit_note" && toCents(total) <= 0;
    // The number is not taken here: the database gives the next FAC (or AV) number of the company and
    // year as this transaction commits (drizzle/0027, docs/domain/invoices.md#numbering), so the
    // counter row is held for the commit only. Until then the invoice keeps its provisional reference.
    await repo.issue(tx, t.companyId, invoice.id, {
      date: today,
      dueDate: invoice.kind === "credit_note" ? null : addDays(today, term),
      status: settled ? "paid" : "sent",
      paymentDate: settled ? today : null,
      client,
      seller,
    });
  }

  /** The state of an issued invoice's payments: paid once they cover its total (docs/domain/invoices.md#payments). */
  async function settle(tx: Db, t: TenantAccess, invoice: InvoiceRecord) {
    const payments = await repo.payments(tx, t.companyId, invoice.id);
    const paid = payments.reduce((sum, p) => sum + toCents(p.amount), 0);
    const covered = paid >= toCents(invoice.total);
    const lastDay = payments.reduce<string | null>((last, p) => (last === null || p.date > last ? p.date : last), null);
    await repo.setPaymentState(tx, t.companyId, invoice.id, {
      status: covered ? "paid" : "sent",
      paidAmount: fromCents(paid),
      paymentDate: covered ? (lastDay ?? parisToday()) : null,
    });
  }

  /** An issued invoice that still takes payments: 409 for a draft, a credit note, a cancelled or paid one. */
  function assertPayable(invoice: InvoiceRecord) {
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status === "draft") throw errors.conflict(INVOICE_TEXTS.notIssued);
    if (invoice.status === "cancelled") throw errors.conflict(INVOICE_TEXTS.cancelledNoPayment);
    if (invoice.status === "paid") throw errors.conflict(INVOICE_TEXTS.nothingToPay);
  }

  /** « Marquer comme payée »: the balance, on `date` by `method` (today, bank transfer by default). */
  async function markPaidIn(tx: Db, t: TenantAccess, invoiceId: string, body: MarkPaid) {
    const invoice = await locked(tx, t, invoiceId);
    assertPayable(invoice);
    const balance = toCents(invoice.total) - toCents(invoice.paid_amount);
    if (balance > 0) {
      await repo.insertPayment(
        tx,
        t.companyId,
        invoice.id,
        {
          date: body.payment_date ?? parisToday(),
          amount: fromCents(balance),
          method: body.payment_method ?? INVOICE_DEFAULTS.paymentMethod,
          reference: null,
        },
        { id: t.auth.userId, name: t.auth.user.full_name },
      );
    }
    await settle(tx, t, invoice);
  }

  /**
   * Cancels an issued invoice by a credit note (design §5.5, docs/decisions/0014-invoices-lifecycle.md):
   * the same lines and amounts, written as a draft then issued AV-YYYY-NNNN in this transaction; the
   * invoice becomes « cancelled »; a final invoice frees its deposits. Returns the credit note's id.
   */
  async function cancelIn(
    tx: Db,
    t: TenantAccess,
    invoiceId: string,
    log: RenderLog,
    body: CancelInput = {},
  ): Promise<string> {
    const { invoice } = await lockedWithQuote(tx, t, invoiceId);
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status === "draft") throw errors.conflict(INVOICE_TEXTS.draftCannotCancel);
    // A paid invoice is cancelled too since issue 32 (ADR 0030): its payments are refunded or kept as credit.
    if (invoice.status === "cancelled") throw errors.conflict(INVOICE_TEXTS.alreadyCancelled);
    const refund = refundOnCancel(invoice, body);
    let finalDraftOf: string | null = null;
    if (invoice.kind === "deposit" && invoice.deducted_by_id) {
      const final = await repo.find(tx, t.companyId, invoice.deducted_by_id, { lock: true });
      if (final && final.status !== "draft") {
        throw errors.conflict(INVOICE_TEXTS.depositDeducted, blockingInvoice(final));
      }
      await repo.freeDeposit(tx, t.companyId, invoice.id);
      finalDraftOf = invoice.quote_id;
    }
    const items = await repo.items(tx, t.companyId, invoice.id);
    const figures = invoiceFigures(
      { items, discount_percentage: invoice.discount_percentage, discount_amount: invoice.discount_amount },
      [],
    );
    if (!figures) throw new Error("lines without figures");
    const today = parisToday();
    const creditNoteId = await repo.insert(
      tx,
      t.companyId,
      {
        kind: "credit_note",
        name: invoice.name,
        clientId: invoice.client_id,
        quoteId: invoice.quote_id,
        projectId: invoice.project_id,
        creditedInvoiceId: invoice.id,
        date: today,
        dueDate: null,
        workDate: invoice.work_date,
        paymentMethod: null,
        notes: invoice.notes,
        terms: invoice.terms,
        legalMentions: invoice.legal_mentions,
        reverseCharge: invoice.reverse_charge,
        discountPercentage: invoice.discount_percentage,
        discountAmount: invoice.discount_amount,
        // The invoice's own amounts, deductions included: the credit note cancels it to the cent.
        figures: {
          lines: figures.lines,
          subtotal: invoice.subtotal,
          discount: invoice.discount,
          deposits_net: invoice.deposits_net,
          deposits_tax: invoice.deposits_tax,
          tax_amount: invoice.tax_amount,
          total: invoice.total,
          vat_breakdown: invoice.vat_breakdown,
        },
        items,
      },
      { reference: provisionalReference(), createdBy: t.auth.userId, createdByName: t.auth.user.full_name },
    );
    await issueDraft(
      tx,
      t,
      { id: creditNoteId, kind: "credit_note", client_id: invoice.client_id, date: today, due_date: null },
      invoice.total,
    );
    await assertFacturx(tx, t, creditNoteId, log);
    if (refund) {
      await repo.insertRefund(tx, t.companyId, creditNoteId, refund, {
        id: t.auth.userId,
        name: t.auth.user.full_name,
      });
    }
    await repo.setStatus(tx, t.companyId, invoice.id, "cancelled");
    if (invoice.kind === "invoice") await repo.setDeductions(tx, t.companyId, invoice.id, []);
    if (finalDraftOf) await refreshFinalDraft(tx, t, finalDraftOf);
    return creditNoteId;
  }

  /**
   * What cancelling does with the payments received (ADR 0030): `refund` — the refund asked, up to what
   * was paid (400 otherwise, nothing written); `credit` or nothing said — kept as credit on the client's
   * account (the credit note keeps what the invoice received), no refund.
   */
  function refundOnCancel(invoice: InvoiceRecord, body: CancelInput) {
    if (body.payments !== "refund") return null;
    if (!body.refund) {
      throw errors.validation(INVOICE_TEXTS.refundRequired, [
        { path: "refund", message: INVOICE_TEXTS.refundRequired },
      ]);
    }
    if (toCents(body.refund.amount) > toCents(invoice.paid_amount)) {
      throw errors.validation(INVOICE_TEXTS.refundAbovePaid, [
        { path: "refund.amount", message: INVOICE_TEXTS.refundAbovePaid },
      ]);
    }
    return {
      date: body.refund.date,
      amount: body.refund.amount,
      method: body.refund.method,
      reference: body.refund.reference ?? null,
    };
  }

  /**
   * A payment by « Avoir » (ADR 0030): the client's credit note (404 otherwise, another client's 409),
   * locked, whose available credit covers the amount (409 otherwise). Returns its id.
   */
  async function creditForPayment(tx: Db, t: TenantAccess, invoice: InvoiceRecord, input: PaymentInput) {
    if (!input.credit_note_id) {
      throw errors.validation(INVOICE_TEXTS.creditNoteRequired, [
        { path: "credit_note_id", message: INVOICE_TEXTS.creditNoteRequired },
      ]);
    }
    const credit = await repo.lockedCredit(tx, t.companyId, input.credit_note_id);
    if (!credit) throw errors.notFound(INVOICE_TEXTS.creditNoteNotFound);
    if (credit.client_id !== invoice.client_id) throw errors.conflict(INVOICE_TEXTS.creditNoteOtherClient);
    if (toCents(input.amount) > credit.available) throw errors.conflict(INVOICE_TEXTS.creditAboveAvailable);
    return credit.id;
  }

  /**
   * An invoice just issued (or the credit note just made), read after the commit with its number; its
   * Factur-X is rendered then and kept in the cache, so that its download is a cache hit. The issue is
   * committed: a rendering failure is logged, and the PDF rendered when asked.
   */
  async function issued(t: TenantAccess, id: string, log: RenderLog): Promise<Invoice> {
    const { row, doc, logos } = await db.run(t.scope, async (tx) => {
      const row = await repo.document(tx, t.companyId, id);
      if (!row) throw errors.notFound(INVOICE_TEXTS.notFound);
      const doc = row.seller ? documentOf(row, null, t.companyId) : null;
      return { row, doc, logos: doc ? await logosFor(tx, t.companyId, [doc]) : new Map<string, Buffer | null>() };
    });
    if (doc) {
      try {
        await pdfOf(doc, logos, log);
      } catch (error) {
        log.warn({ invoiceId: id, error: (error as Error).message }, "Factur-X not rendered after issue");
      }
    }
    return answer(row.invoice);
  }

  /** The fields of a draft from a creation or an edit body. */
  function draftFields(
    input: Omit<InvoiceInput, "client_id" | "quote_id" | "project_id"> | InvoiceUpdate,
    today: string,
  ) {
    const date = input.date ?? today;
    return {
      name: input.name,
      date,
      dueDate: input.due_date ?? defaultDueDate(date),
      workDate: input.work_date ?? null,
      paymentMethod: input.payment_method,
      notes: input.notes ?? null,
      terms: input.terms ?? null,
      legalMentions: input.legal_mentions === undefined ? INVOICE_DEFAULTS.legalMentions : input.legal_mentions,
      reverseCharge: input.reverse_charge,
      discountPercentage: input.discount_percentage,
      discountAmount: input.discount_amount,
    };
  }

  return {
    async list(auth: AuthContext, query: InvoiceListQuery): Promise<InvoiceList> {
      const t = tenant(auth, INVOICES_ACCESS.list, noCompany);
      const today = parisToday();
      const filter = filterOf(query);
      return db.run(t.scope, async (tx) => {
        const offset = (query.page - 1) * query.limit;
        const order = { sort: query.sort, order: query.order ?? INVOICE_SORT_ORDERS[query.sort] };
        const { total, rows } = await repo.page(tx, t.companyId, filter, { limit: query.limit, offset }, today, order);
        return {
          invoices: rows.map((row) => withOverdue(row, today)),
          pagination: {
            page: query.page,
            limit: query.limit,
            total,
            totalPages: Math.ceil(total / query.limit),
          },
        };
      });
    },

    async stats(auth: AuthContext, query: InvoiceStatsQuery): Promise<InvoiceStats> {
      const t = tenant(auth, INVOICES_ACCESS.stats, noCompany);
      const today = parisToday();
      return db.run(t.scope, (tx) => repo.stats(tx, t.companyId, filterOf(query), today));
    },

    async get(auth: AuthContext, id: string): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.get, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, (tx) => detail(tx, t.companyId, invoiceId));
    },

    /**
     * The document as a PDF (facture-{reference}.pdf, avoir-{reference}.pdf), as the quote's: read in one
     * transaction (the seller frozen at issue, the live company for a draft, watermarked), a document
     * already rendered with the same content from the cache, the logo's bytes read only to render.
     */
    async pdf(auth: AuthContext, id: string, log?: RenderLog): Promise<{ filename: string; pdf: Buffer }> {
      const t = tenant(auth, INVOICES_ACCESS.pdf, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      const { doc, logos } = await db.run(t.scope, (tx) => documentIn(tx, t.companyId, invoiceId));
      const pdf = await pdfOf(doc, logos, log);
      const prefix = doc.invoice.kind === "credit_note" ? "avoir" : "facture";
      return { filename: `${prefix}-${doc.invoice.reference}.pdf`, pdf };
    },

    /**
     * The PDF of an invoice as GET …/pdf answers it (an issued one: its Factur-X) — the same cache, so
     * the same bytes —, rendered in the caller's transaction (its company's scope): what the send and
     * remind messages attach (docs/domain/messages.md). No permission checked here (the caller's service did).
     */
    async pdfInTransaction(tx: Db, companyId: string, id: string, log?: RenderLog): Promise<Buffer> {
      const { doc, logos } = await documentIn(tx, companyId, id);
      return pdfOf(doc, logos, log);
    },

    /**
     * GET …/xml: the Factur-X XML of an issued document (CII D16B, EN 16931), as its PDF carries it;
     * 409 for a draft, which has none.
     */
    async xml(auth: AuthContext, id: string): Promise<{ filename: string; xml: string }> {
      const t = tenant(auth, INVOICES_ACCESS.xml, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      const row = await db.run(t.scope, (tx) => repo.document(tx, t.companyId, invoiceId));
      if (!row) throw errors.notFound(INVOICE_TEXTS.notFound);
      if (row.invoice.status === "draft" || !row.seller) throw errors.conflict(CII_TEXTS.draft);
      return { filename: `${row.invoice.reference}.xml`, xml: ciiOf(row, row.seller) };
    },

    /**
     * GET …/export: the issued invoices, deposit invoices and credit notes dated in the period (a year at
     * most) as one ZIP — each `<reference>.pdf` (its Factur-X, from the cache when rendered before) and
     * `recapitulatif.csv` — built in memory (docs/domain/einvoicing.md#export). 400 beyond
     * `EXPORT_MAX_DOCUMENTS`. The documents are read in one statement and rendered after the transaction.
     */
    async exportZip(
      auth: AuthContext,
      query: InvoiceExportQuery,
      log?: RenderLog,
    ): Promise<{ filename: string; zip: Uint8Array; count: number }> {
      const t = tenant(auth, INVOICES_ACCESS.export, noCompany);
      const { rows, docs, logos } = await db.run(t.scope, async (tx) => {
        const rows = await repo.issuedBetween(tx, t.companyId, query, EXPORT_MAX_DOCUMENTS + 1);
        if (rows.length > EXPORT_MAX_DOCUMENTS) {
          throw errors.validation(INVOICE_TEXTS.exportTooMany(formatNumber(EXPORT_MAX_DOCUMENTS)));
        }
        const docs = rows.map((row) => documentOf(row, null, t.companyId));
        return { rows, docs, logos: await logosFor(tx, t.companyId, docs) };
      });
      // Each document's modification time in the archive is its issue date: the same period gives the same bytes.
      const files: Record<string, [Uint8Array, { level: 0 | 6; mtime: Date }]> = {};
      for (const doc of docs) {
        const mtime = new Date(doc.invoice.issued_at ?? `${doc.invoice.date}T00:00:00Z`);
        // PDFs are compressed already: stored as they are.
        files[`${doc.invoice.reference}.pdf`] = [await pdfOf(doc, logos, log), { level: 0, mtime }];
      }
      files["recapitulatif.csv"] = [
        Buffer.from(exportSummary(rows), "utf8"),
        { level: 6, mtime: new Date(`${query.to}T00:00:00Z`) },
      ];
      return { filename: `factures-${query.from}-${query.to}.zip`, zip: zipSync(files), count: rows.length };
    },

    /** POST /api/invoices: a draft; with a quote, that quote's final invoice (its deposits deducted). */
    async create(auth: AuthContext, input: InvoiceInput): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.create, noCompany);
      return db.run(t.scope, async (tx) => {
        if (!(await repo.client(tx, t.companyId, input.client_id))) {
          throw errors.notFound(INVOICE_TEXTS.clientNotFound);
        }
        await assertLineTaxRates(tx, t.companyId, input.items);
        const quoteId = input.quote_id ?? null;
        if (quoteId) {
          const quote = await validQuote(tx, t, quoteId);
          // The quote's client only (docs/domain/invoices.md#final-invoice): another's would deduct its deposits.
          if (quote.client_id !== input.client_id) {
            throw errors.validation(INVOICE_TEXTS.clientNotQuoteClient, [
              { path: "client_id", message: INVOICE_TEXTS.clientNotQuoteClient },
            ]);
          }
          await assertNoFinalInvoice(tx, t, quoteId);
        }
        const projectId = input.project_id ?? null;
        if (projectId && !(await repo.projectExists(tx, t.companyId, projectId))) {
          throw errors.notFound(INVOICE_TEXTS.projectNotFound);
        }
        const id = await insertDraft(
          tx,
          t,
          { kind: "invoice", clientId: input.client_id, quoteId, projectId, ...draftFields(input, parisToday()) },
          input,
        );
        return detail(tx, t.companyId, id);
      });
    },

    async fromQuote(auth: AuthContext, quoteId: string): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.fromQuote, noCompany);
      const id = idOr404(quoteId, INVOICE_TEXTS.quoteNotFound);
      return db.run(t.scope, async (tx) => detail(tx, t.companyId, await draftFromQuote(tx, t, id)));
    },

    /**
     * A deposit invoice of a validated quote (docs/domain/invoices.md#deposits): a share of each VAT rate
     * in proportion to the quote, one line per rate; 400 when the quote's deposits would exceed it.
     */
    async deposit(auth: AuthContext, quoteId: string, body: { percentage?: number; amount?: number; date?: string }) {
      const t = tenant(auth, INVOICES_ACCESS.deposit, noCompany);
      const id = idOr404(quoteId, INVOICE_TEXTS.quoteNotFound);
      return db.run(t.scope, async (tx) => {
        const quote = await validQuote(tx, t, id);
        if (!isOneDepositFigure(body)) {
          throw errors.validation(INVOICE_TEXTS.depositRequired, [
            { path: "percentage", message: INVOICE_TEXTS.depositRequired },
          ]);
        }
        await assertNoFinalInvoice(tx, t, quote.id);
        const { seller } = await repo.seller(tx, t.companyId);
        const basis = quoteBasis(quote, seller.vat_franchise);
        const rates = depositRates(basis.vat, basis.total, body);
        if (!rates || rates.length === 0) throw errors.validation(INVOICE_TEXTS.depositTooLarge);
        await assertDepositsFit(tx, t, quote, "", rates);
        const share = body.amount !== undefined ? formatEuro(body.amount) : formatPercent(body.percentage ?? 0);
        const label = INVOICE_TEXTS.depositLine(share, quote.reference);
        const items: InvoiceItemInput[] = rates.map((r) => ({
          kind: "item",
          name: rates.length > 1 ? `${label} (TVA ${formatPercent(r.rate)})` : label,
          description: null,
          quantity: 1,
          unit: "forfait",
          unit_price: fromCents(r.net),
          tax_rate: r.rate,
        }));
        const date = body.date ?? parisToday();
        const depositId = await insertDraft(
          tx,
          t,
          {
            kind: "deposit",
            name: INVOICE_TEXTS.depositName(quote.name),
            clientId: quote.client_id,
            quoteId: quote.id,
            projectId: quote.project_id,
            date,
            dueDate: defaultDueDate(date),
            workDate: null,
            paymentMethod: INVOICE_DEFAULTS.paymentMethod,
            notes: null,
            terms: quote.terms,
            legalMentions: INVOICE_DEFAULTS.legalMentions,
            reverseCharge: false,
            discountPercentage: 0,
            discountAmount: 0,
          },
          { items, discount_percentage: 0, discount_amount: 0 },
        );
        return detail(tx, t.companyId, depositId);
      });
    },

    /**
     * « Facturer » a worksite (docs/domain/invoices.md#from-a-worksite): its validated quote's final
     * invoice when it has one; else a draft for its client with its priced tasks as lines, or one line
     * « Travaux — {chantier} » at its budget.
     */
    async fromProject(auth: AuthContext, projectId: string): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.fromProject, noCompany);
      const id = idOr404(projectId, INVOICE_TEXTS.projectNotFound);
      return db.run(t.scope, async (tx) => {
        const project = await repo.project(tx, t.companyId, id);
        if (!project) throw errors.notFound(INVOICE_TEXTS.projectNotFound);
        if (project.quote_id && project.quote_status === "valide") {
          return detail(tx, t.companyId, await draftFromQuote(tx, t, project.quote_id, project.id));
        }
        if (!project.client_id) throw errors.conflict(INVOICE_TEXTS.projectWithoutClient);
        const { defaultTaxRate } = await repo.seller(tx, t.companyId);
        const priced = project.tasks.filter((task) => task.unit_price !== null && task.unit_price > 0);
        // The budget is read TTC (a worksite made from a quote carries its total): the line's price is HT.
        const budgetHt = fromCents(Math.round(toCents(project.budget_total ?? 0) / (1 + defaultTaxRate / 100)));
        const items: InvoiceItemInput[] =
          priced.length > 0
            ? priced.map((task) => ({
                kind: "item",
                name: task.label,
                description: null,
                quantity: task.quantity,
                unit: INVOICE_DEFAULTS.unit,
                unit_price: task.unit_price ?? 0,
                tax_rate: defaultTaxRate,
              }))
            : [
                {
                  kind: "item",
                  name: INVOICE_TEXTS.worksiteLine(project.name),
                  description: null,
                  quantity: 1,
                  unit: "forfait",
                  unit_price: budgetHt,
                  tax_rate: defaultTaxRate,
                },
              ];
        const today = parisToday();
        const invoiceId = await insertDraft(
          tx,
          t,
          {
            kind: "invoice",
            name: project.name,
            clientId: project.client_id,
            quoteId: null,
            projectId: project.id,
            date: today,
            dueDate: defaultDueDate(today),
            workDate: null,
            paymentMethod: INVOICE_DEFAULTS.paymentMethod,
            notes: null,
            terms: null,
            legalMentions: INVOICE_DEFAULTS.legalMentions,
            reverseCharge: false,
            discountPercentage: 0,
            discountAmount: 0,
          },
          { items, discount_percentage: 0, discount_amount: 0 },
        );
        return detail(tx, t.companyId, invoiceId);
      });
    },

    /** PUT: a draft rewritten, its figures and deductions recomputed; 409 « Facture non éditable » otherwise. */
    async update(auth: AuthContext, id: string, input: InvoiceUpdate, version?: ExpectedVersion): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.update, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        await invoicesRepository.lockVersion(tx, t.companyId, invoiceId, version);
        const { invoice, quote } = await lockedWithQuote(tx, t, invoiceId);
        assertEditable(invoice);
        await assertLineTaxRates(tx, t.companyId, input.items);
        const fields = draftFields(input, parisToday());
        const computed = await compute(
          tx,
          t,
          { id: invoice.id, kind: invoice.kind, quoteId: invoice.quote_id, reverseCharge: fields.reverseCharge },
          input,
        );
        if (invoice.kind === "deposit" && quote) {
          await assertDepositsFit(tx, t, quote, invoice.id, vatInCents(computed.figures.vat_breakdown));
        }
        await repo.update(tx, t.companyId, invoice.id, {
          kind: invoice.kind,
          clientId: invoice.client_id,
          quoteId: invoice.quote_id,
          projectId: invoice.project_id,
          ...fields,
          items: computed.items,
          figures: computed.figures,
        });
        await repo.setDeductions(tx, t.companyId, invoice.id, computed.depositIds);
        return detail(tx, t.companyId, invoice.id);
      });
    },

    /** DELETE: a draft only (its deductions freed by the foreign key); 409 « Facture non éditable » otherwise. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, INVOICES_ACCESS.remove, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      await db.run(t.scope, async (tx) => {
        const { invoice } = await lockedWithQuote(tx, t, invoiceId);
        assertEditable(invoice);
        await repo.delete(tx, t.companyId, invoice.id);
      });
    },

    /** « Marquer comme envoyée »: the definitive number, in one transaction (docs/domain/invoices.md#issue). */
    async issue(auth: AuthContext, id: string, log: RenderLog = processLog): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.issue, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      await db.run(t.scope, (tx) => issueIn(tx, t, invoiceId, log));
      // Read after the commit, which gave the number.
      return issued(t, invoiceId, log);
    },

    async addPayment(auth: AuthContext, id: string, input: PaymentInput): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.pay, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const invoice = await locked(tx, t, invoiceId);
        assertPayable(invoice);
        const balance = toCents(invoice.total) - toCents(invoice.paid_amount);
        if (toCents(input.amount) > balance) {
          throw errors.validation(INVOICE_TEXTS.paymentAboveBalance, [
            { path: "amount", message: INVOICE_TEXTS.paymentAboveBalance },
          ]);
        }
        const creditNoteId = input.method === CREDIT_NOTE_METHOD ? await creditForPayment(tx, t, invoice, input) : null;
        await repo.insertPayment(
          tx,
          t.companyId,
          invoice.id,
          {
            date: input.date,
            amount: input.amount,
            method: input.method,
            reference: input.reference ?? null,
            creditNoteId,
          },
          { id: t.auth.userId, name: t.auth.user.full_name },
        );
        await settle(tx, t, invoice);
        return detail(tx, t.companyId, invoice.id);
      });
    },

    async removePayment(auth: AuthContext, id: string, paymentId: string): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.pay, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      const payment = idOr404(paymentId, INVOICE_TEXTS.paymentNotFound);
      return db.run(t.scope, async (tx) => {
        const invoice = await locked(tx, t, invoiceId);
        if (invoice.status === "cancelled") throw errors.conflict(INVOICE_TEXTS.cancelledPaymentsLocked);
        if (!(await repo.deletePayment(tx, t.companyId, invoice.id, payment))) {
          throw errors.notFound(INVOICE_TEXTS.paymentNotFound);
        }
        await settle(tx, t, invoice);
        return detail(tx, t.companyId, invoice.id);
      });
    },

    async markPaid(auth: AuthContext, id: string, body: MarkPaid): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.pay, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        await markPaidIn(tx, t, invoiceId, body);
        return detail(tx, t.companyId, invoiceId);
      });
    },

    /**
     * « Annuler la facture »: answers the credit note that cancels it. The payments received are refunded
     * (`payments: "refund"`, recorded on the credit note) or kept as credit (`credit`, or nothing said).
     * Refunding is money going out: it asks invoices:pay besides invoices:issue.
     */
    async cancel(auth: AuthContext, id: string, log: RenderLog = processLog, body: CancelInput = {}): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.cancel, noCompany);
      if (body.payments === "refund") assertCan(auth, INVOICES_ACCESS.refund);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      const creditNoteId = await db.run(t.scope, (tx) => cancelIn(tx, t, invoiceId, log, body));
      // Read after the commit, which gave the credit note its number.
      return issued(t, creditNoteId, log);
    },

    /**
     * POST …/refunds (issue 32, ADR 0030): money paid back to the client on a credit note, up to the
     * credit it keeps (400 beyond); 409 on any other document. Answers the credit note.
     */
    async refund(auth: AuthContext, id: string, input: RefundInput): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.refund, noCompany);
      const creditNoteId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const credit = await repo.lockedCredit(tx, t.companyId, creditNoteId);
        if (!credit) {
          if (!(await repo.find(tx, t.companyId, creditNoteId))) throw errors.notFound(INVOICE_TEXTS.notFound);
          throw errors.conflict(INVOICE_TEXTS.refundOnlyCreditNote);
        }
        if (toCents(input.amount) > credit.available) {
          throw errors.validation(INVOICE_TEXTS.refundAboveAvailable, [
            { path: "amount", message: INVOICE_TEXTS.refundAboveAvailable },
          ]);
        }
        await repo.insertRefund(
          tx,
          t.companyId,
          credit.id,
          { date: input.date, amount: input.amount, method: input.method, reference: input.reference ?? null },
          { id: t.auth.userId, name: t.auth.user.full_name },
        );
        return detail(tx, t.companyId, credit.id);
      });
    },

    /** GET /api/invoices/balance/:clientId: what the client owes and the credit on its account (one statement). */
    async balance(auth: AuthContext, clientId: string): Promise<ClientBalance> {
      const t = tenant(auth, INVOICES_ACCESS.balance, noCompany);
      const id = idOr404(clientId, INVOICE_TEXTS.clientNotFound);
      const found = await db.run(t.scope, (tx) => repo.clientBalance(tx, t.companyId, id));
      if (!found) throw errors.notFound(INVOICE_TEXTS.clientNotFound);
      return found;
    },

    /**
     * PATCH …/status (spec 3 §4): sent = issue (invoices:issue), paid = the balance paid (invoices:pay),
     * cancelled = a credit note (invoices:issue). Answers the invoice itself.
     */
    async setStatus(
      auth: AuthContext,
      id: string,
      body: InvoiceStatusChange,
      log: RenderLog = processLog,
    ): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.status, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      await db.run(t.scope, async (tx) => {
        if (!(await repo.find(tx, t.companyId, invoiceId))) throw errors.notFound(INVOICE_TEXTS.notFound);
        if (body.status === "sent") {
          assertCan(auth, INVOICES_ACCESS.issue);
          await issueIn(tx, t, invoiceId, log);
        } else if (body.status === "paid") {
          assertCan(auth, INVOICES_ACCESS.pay);
          await markPaidIn(tx, t, invoiceId, body);
        } else {
          assertCan(auth, INVOICES_ACCESS.cancel);
          await cancelIn(tx, t, invoiceId, log);
        }
      });
      // Read after the commit, which gave an issued invoice or a credit note its number.
      return db.run(t.scope, (tx) => detail(tx, t.companyId, invoiceId));
    },
  };
}

function filterOf(query: InvoiceStatsQuery): InvoiceFilter {
  return {
    search: query.search,
    status: query.status,
    clientId: query.client_id,
    quoteId: query.quote_id,
    projectId: query.project_id,
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
