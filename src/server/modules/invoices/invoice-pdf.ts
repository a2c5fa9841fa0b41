import { cityLine, insuranceMention, issuerFooter, legalLines } from "@server/pdf/company";
import { documentLines } from "@server/pdf/lines";
import type { CommercialDocument, DocumentIssuer, DocumentPart, MentionsPart, TotalsRow } from "@server/pdf/model";
import { discountLabel, documentFigures } from "@shared/documents";
import { formatIban } from "@shared/einvoice-rules";
import { formatDate, formatEuro } from "@shared/format";
import { formatPhone } from "@shared/format-trade";
import {
  FACTURX_PROFILE,
  FACTURX_VERSION,
  INVOICE_DEFAULTS,
  INVOICE_KIND_LABELS,
  INVOICE_TEXTS,
  type Invoice,
  OPERATION_CATEGORY_PRINTED,
  PAYMENT_METHOD_LABELS,
  PAYMENT_RECORD_LABELS,
  printedClientVatNumber,
  printedWorksiteAddress,
} from "@shared/invoices";
import { fromCents, toCents } from "@shared/money";
import { reducedRateMentions } from "@shared/vat-rules";
import { CiiError, documentVatBreakdown } from "./facturx/cii";
import type { InvoiceSeller } from "./invoice-seller";

/**
 * An invoice, a deposit invoice or a credit note as a PDF document (docs/decisions/0015-invoice-mentions.md
 * lists each mandatory mention, its source and where it is printed here). Composed from the parts of
 * the kit (src/server/pdf, ADR 0006), as the quote is. The logo is left null: the caller reads the
 * bytes of `seller.logo_file_id` and sets them just before rendering (the cache keys the document by
 * the file's id).
 */

const T = INVOICE_TEXTS.pdf;

const present = (lines: (string | null | undefined | false)[]) =>
  lines.filter((line): line is string => typeof line === "string" && line.length > 0);
const plus = (...amounts: number[]) => fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0));

/** « 812 345 678 » from nine digits, as typed otherwise. */
function sirenText(siren: string): string {
  const digits = siren.replace(/\s/g, "");
  return /^\d{9}$/.test(digits) ? digits.replace(/(\d{3})(\d{3})(\d{3})/, "$1 $2 $3") : siren;
}

/** The seller as the header and the footer print it: address, contact, then the legal lines. */
export function sellerIssuer(seller: InvoiceSeller): DocumentIssuer {
  return {
    name: seller.name,
    logo: null,
    lines: present([
      ...seller.address_lines,
      seller.phone && `Tél. ${formatPhone(seller.phone)}`,
      seller.email,
      seller.website,
    ]),
    legal: legalLines(seller),
  };
}

function headerFacts(invoice: Invoice): [string, string][] {
  const facts: [string, string][] = [["Date", formatDate(invoice.date) || "—"]];
  if (invoice.kind !== "credit_note" && invoice.due_date) facts.push([T.dueDate, formatDate(invoice.due_date)]);
  if (invoice.work_date) facts.push([T.workDate, formatDate(invoice.work_date)]);
  if (invoice.kind === "credit_note" && invoice.credited_invoice) {
    facts.push([T.creditNoteOf, invoice.credited_invoice.reference]);
  }
  if (invoice.quote) facts.push([T.quote, invoice.quote.reference]);
  if (invoice.project) facts.push([T.project, invoice.project.reference]);
  // 2026 reform: the category of the operation, the draft's or the default, frozen at issue.
  facts.push([T.operation, OPERATION_CATEGORY_PRINTED[invoice.operation_category]]);
  return facts;
}

/**
 * The VAT table: per rate, as stored; for a document that deducts deposits, the whole work's — the
 * Factur-X XML's breakdown (`documentVatBreakdown`, ADR 0016: the deposits are its prepaid amount), to
 * the cent — which adds up to « Total TVA ». The stored figures always add up (the builder checks them);
 * should they not, the stored remainder is printed rather than no document.
 */
function vatRows(invoice: Invoice, seller: InvoiceSeller, deducts: boolean) {
  const stored = invoice.vat_breakdown.map((v) => ({ rate: v.rate, net: v.net, tax: v.tax }));
  if (!deducts) return stored;
  try {
    return documentVatBreakdown(invoice, {
      vat_franchise: seller.vat_franchise,
      reverse_charge: invoice.reverse_charge,
    });
  } catch (error) {
    if (error instanceof CiiError) return stored;
    throw error;
  }
}

/**
 * The totals as stored. A final invoice that deducts deposits shows the whole work (HT, its VAT table
 * per rate, TTC), the deposits already invoiced, then « Net à payer » (its `total`). Payments received
 * and the balance follow. A credit note ends on « Montant de l'avoir » (its `total`), never « Net à payer ».
 */
function totalsPart(invoice: Invoice, seller: InvoiceSeller): DocumentPart {
  // The figures derived once, in cents (src/shared/documents/totals.ts): the deposits TTC, the whole work.
  const figures = documentFigures(invoice);
  const depositsTotal = fromCents(figures.deposits);
  const deducts = figures.deposits > 0;
  const after: TotalsRow[] = [];
  const credit = invoice.kind === "credit_note";
  if (deducts) {
    after.push({ label: T.depositsDeducted, amount: depositsTotal, deduction: true });
    // A credit note owes nothing to anyone by itself: its net is what it credits (issue 32).
    after.push({ label: credit ? T.creditNoteAmount : T.netDue, amount: invoice.total, due: true });
  } else if (credit) {
    after.push({ label: T.creditNoteAmount, amount: invoice.total, due: true });
  } else {
    // The figure the client pays, named so: its due date and the bank details are printed beside it.
    after.push({ label: T.netDue, amount: invoice.total, due: true });
  }
  if (invoice.kind !== "credit_note" && invoice.paid_amount > 0) {
    after.push({ label: T.paid, amount: invoice.paid_amount, deduction: true });
    after.push({ label: T.balance, amount: invoice.balance_due, due: true });
  }
  return {
    kind: "totals",
    // Under the franchise there is no VAT to break down: the mention stands in its place.
    vat: seller.vat_franchise ? [] : vatRows(invoice, seller, deducts),
    vatTitle: seller.vat_franchise
      ? INVOICE_TEXTS.franchiseMention
      : invoice.reverse_charge
        ? T.reverseChargeTitle
        : deducts
          ? T.vatWholeWork
          : null,
    subtotal: invoice.subtotal,
    discount:
      invoice.discount > 0 ? { label: discountLabel(invoice.discount_percentage), amount: invoice.discount } : null,
    taxAmount: deducts ? fromCents(figures.whole_tax) : invoice.tax_amount,
    total: deducts ? fromCents(figures.whole_total) : invoice.total,
    after,
    payment: credit ? null : paymentBox(invoice, seller),
  };
}

/** A transfer (or no method named) with the company's IBAN: the bank details the client pays to. */
const paysByTransfer = (invoice: Invoice, seller: InvoiceSeller) =>
  (invoice.payment_method === null || invoice.payment_method === "bank_transfer") && Boolean(seller.iban);

/**
 * Beside « Net à payer » (issue 32): « Échéance : 12/04/2026 » (or « À réception »), then the IBAN and
 * the BIC for a transfer. Nothing once the invoice is paid.
 */
function paymentBox(invoice: Invoice, seller: InvoiceSeller): string[] | null {
  if (invoice.status === "paid") return null;
  return present([
    `${T.dueDate}\u00a0: ${invoice.due_date ? formatDate(invoice.due_date) : T.onReceipt}`,
    paysByTransfer(invoice, seller) && seller.iban ? `IBAN ${formatIban(seller.iban, "\u00a0")}` : null,
    paysByTransfer(invoice, seller) && seller.bic ? `BIC ${seller.bic}` : null,
  ]);
}

/**
 * The VAT mentions: reverse charge, or the client's certification of each reduced rate used (10 %:
 * art. 279-0 bis, 5,5 %: art. 278-0 bis A; ADR 0029). The franchise's is
 * printed in place of the VAT table (`totalsPart`), once.
 */
function vatMentions(invoice: Invoice, seller: InvoiceSeller): string[] {
  if (seller.vat_franchise) return [];
  if (invoice.reverse_charge) return [INVOICE_TEXTS.reverseChargeMention];
  // 2026 reform: the company opted to pay VAT on debits (CGI art. 269-2 c), frozen in its seller.
  const debits = seller.vat_on_debits ? [T.debitsOption] : [];
  const rates = new Set([
    ...invoice.items.filter((i) => i.kind === "item").map((i) => i.tax_rate),
    ...invoice.vat_breakdown.map((v) => v.rate),
  ]);
  return [...debits, ...reducedRateMentions(rates)];
}

/**
 * « À régler au plus tard le 12/04/2026 par virement bancaire. » (the bank details are printed once,
 * beside the figure due: `paymentBox`), the invoice's terms, and when it was paid.
 */
function paymentTerms(invoice: Invoice): string {
  const method = invoice.payment_method ? PAYMENT_METHOD_LABELS[invoice.payment_method].toLowerCase() : null;
  const when = invoice.due_date ? `au plus tard le ${formatDate(invoice.due_date)}` : "à réception de la facture";
  return present([
    `À régler ${when}${method ? ` par ${method}` : ""}.`,
    invoice.terms,
    invoice.status === "paid" && invoice.payment_date
      ? `Facture acquittée le ${formatDate(invoice.payment_date)}.`
      : null,
  ]).join("\n");
}

function mentionsPart(invoice: Invoice, seller: InvoiceSeller): MentionsPart {
  const paragraphs: MentionsPart["paragraphs"] = [];
  if (invoice.kind === "credit_note" && invoice.credited_invoice) {
    paragraphs.push({
      title: "Avoir",
      body: `Avoir annulant la facture ${invoice.credited_invoice.reference} (${invoice.credited_invoice.name})\u00a0: il en reprend les lignes et les montants.`,
    });
  }
  if (invoice.kind === "deposit" && invoice.quote) {
    paragraphs.push({
      title: "Acompte",
      body: `Facture d’acompte sur le devis ${invoice.quote.reference} (${invoice.quote.name})\u00a0; l’acompte sera déduit de la facture de solde.`,
    });
  }
  if (invoice.deposits.length > 0) {
    paragraphs.push({
      title: T.depositsDeducted,
      body: invoice.deposits
        .map((d) => {
          const tax = d.vat.reduce((sum, v) => plus(sum, v.tax), 0);
          return `Facture d’acompte ${d.reference} du ${formatDate(d.date)}\u00a0: ${formatEuro(d.total)} TTC, dont TVA ${formatEuro(tax)}`;
        })
        .join("\n"),
    });
  }
  const vat = vatMentions(invoice, seller);
  if (vat.length > 0) paragraphs.push({ title: "TVA", body: vat.join("\n") });
  if (invoice.kind !== "credit_note") {
    paragraphs.push({ title: "Conditions de paiement", body: paymentTerms(invoice) });
    // A cancelled payment (« Annuler le règlement », issue 34) was not received: not printed.
    const received = invoice.payments.filter((p) => p.cancellation === null);
    if (received.length > 0) {
      paragraphs.push({
        title: "Règlements reçus",
        body: received
          .map((p) =>
            present([
              formatDate(p.date),
              PAYMENT_RECORD_LABELS[p.method],
              p.credit_note?.reference,
              p.reference,
              formatEuro(p.amount),
            ]).join(" · "),
          )
          .join("\n"),
      });
    }
    paragraphs.push({
      title: "Pénalités de retard",
      body: invoice.legal_mentions ?? INVOICE_DEFAULTS.legalMentions,
    });
  }
  const insurance = insuranceMention(seller);
  if (insurance) paragraphs.push({ title: "Assurance décennale", body: insurance });
  return { kind: "mentions", paragraphs };
}

/**
 * The client's box: name, address, a business's SIREN and — on a reverse-charge or intra-EU invoice — its
 * VAT number (2026 e-invoicing reform).
 */
function clientParty(invoice: Invoice) {
  const { client } = invoice;
  const vat = printedClientVatNumber(invoice);
  return {
    name: client.name,
    lines: present([
      client.address,
      cityLine(client.postal_code, client.city),
      client.siren && `${T.siren} ${sirenText(client.siren)}`,
      vat && `${T.clientVatNumber} ${vat}`,
      client.email,
    ]),
  };
}

/** The worksite's address under the subject (2026 reform: the delivery address, every worksite's invoice). */
function worksiteParty(invoice: Invoice) {
  const address = printedWorksiteAddress(invoice);
  return address ? { name: invoice.project?.name ?? T.deliveryAddress, lines: [address] } : null;
}

/**
 * The document of `invoice`. An issued one's Factur-X XML (`buildCii`) makes it a PDF/A-3b carrying
 * that XML (`src/server/pdf/pdfa.ts`); a draft has none and stays a plain PDF, watermarked.
 */
export function invoiceDocument(
  invoice: Invoice,
  seller: InvoiceSeller,
  facturx: { xml: string } | null = null,
): CommercialDocument {
  const issuer = sellerIssuer(seller);
  return {
    title: INVOICE_KIND_LABELS[invoice.kind],
    reference: invoice.reference,
    subject: invoice.name,
    company: issuer,
    parts: [
      { kind: "header", facts: headerFacts(invoice) },
      { kind: "parties", client: clientParty(invoice), worksite: worksiteParty(invoice) },
      { kind: "lines", lines: documentLines(invoice.items) },
      totalsPart(invoice, seller),
      mentionsPart(invoice, seller),
    ],
    footer: issuerFooter(issuer),
    watermark: invoice.status === "draft" ? INVOICE_TEXTS.watermark : null,
    facturx:
      facturx && invoice.status !== "draft"
        ? {
            xml: facturx.xml,
            date: invoice.issued_at ?? `${invoice.date}T00:00:00.000Z`,
            conformance: FACTURX_PROFILE,
            version: FACTURX_VERSION,
          }
        : null,
  };
}
