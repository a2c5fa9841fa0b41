import type { Db } from "@server/db/client";
import { type AuthContext, idOr404, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { RenderLog } from "@server/pdf/document";
import { csvNumber, toCsv } from "@shared/csv";
import { formatDate, formatNumber } from "@shared/format";
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceExportQuery,
} from "@shared/invoices";
import { fromCents, toCents } from "@shared/money";
import { formatReference } from "@shared/references";
import { zipSync } from "fflate";
import { createDocumentPdfs } from "../documents/document-pdf";
import { buildCii, CII_TEXTS, CiiError } from "./facturx/cii";
import { briefFailure } from "./facturx/validate";
import { INVOICES_ACCESS, type InvoiceContext, noCompany, repo } from "./invoice-context";
import { invoiceDocument } from "./invoice-pdf";
import type { InvoiceSeller } from "./invoice-seller";
import type { InvoiceDocumentRow } from "./invoices.repository";

/** At most this many documents in one export (each a Factur-X PDF rendered, or read from the cache). */
export const EXPORT_MAX_DOCUMENTS = 1000;

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

/**
 * An invoice's documents: its PDF (an issued one's Factur-X), its XML, the export of a period; and, for
 * the lifecycle, the EN 16931 check at issue and the rendering after it.
 */
export function invoiceDocuments(ctx: InvoiceContext) {
  const { db, validate, answer } = ctx;
  const pdfs = createDocumentPdfs();

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
   * The document of an invoice as it prints: an issued one is its Factur-X (PDF/A-3b with its XML), the
   * seller frozen at issue; a draft is watermarked, the live company printing it.
   */
  function documentOf(row: InvoiceDocumentRow, live: InvoiceSeller | null) {
    const seller = row.seller ?? live;
    if (!seller) throw new Error("invoice without seller");
    const invoice = answer(row.invoice);
    const xml = invoice.status === "draft" ? null : ciiOf(row, seller);
    const print = {
      document: invoiceDocument(invoice, seller, xml === null ? null : { xml }),
      logoFileId: seller.logo_file_id,
    };
    return { invoice, print };
  }

  /** The document of an invoice (the live company for a draft), prepared to render, read in `tx`. */
  async function documentIn(tx: Db, companyId: string, id: string) {
    const row = await repo.document(tx, companyId, id);
    if (!row) throw errors.notFound(INVOICE_TEXTS.notFound);
    const live = row.seller ? null : (await repo.seller(tx, companyId)).seller;
    const { invoice, print } = documentOf(row, live);
    const [prepared] = await pdfs.prepare(tx, companyId, [print]);
    if (!prepared) throw new Error("invoice document not prepared");
    return { invoice, prepared };
  }

  /**
   * An invoice just issued (or the credit note just made), read after the commit with its number; its
   * Factur-X is rendered then and kept in the cache, so that its download is a cache hit. The issue is
   * committed: a rendering failure is logged, and the PDF rendered when asked.
   */
  async function issued(t: TenantAccess, id: string, log: RenderLog): Promise<Invoice> {
    const { row, prepared } = await db.run(t.scope, async (tx) => {
      const row = await repo.document(tx, t.companyId, id);
      if (!row) throw errors.notFound(INVOICE_TEXTS.notFound);
      const prepared = row.seller ? await pdfs.prepare(tx, t.companyId, [documentOf(row, null).print]) : [];
      return { row, prepared };
    });
    for (const doc of prepared) {
      try {
        await pdfs.render(doc, log);
      } catch (error) {
        log.warn({ invoiceId: id, error: (error as Error).message }, "Factur-X not rendered after issue");
      }
    }
    return answer(row.invoice);
  }

  return {
    assertFacturx,
    issued,
    methods: {
      /**
       * The document as a PDF (facture-{reference}.pdf, avoir-{reference}.pdf), as the quote's: read in one
       * transaction (the seller frozen at issue, the live company for a draft, watermarked), a document
       * already rendered with the same content from the cache, the logo's bytes read only to render.
       */
      async pdf(auth: AuthContext, id: string, log?: RenderLog): Promise<{ filename: string; pdf: Buffer }> {
        const t = tenant(auth, INVOICES_ACCESS.pdf, noCompany);
        const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
        const { invoice, prepared } = await db.run(t.scope, (tx) => documentIn(tx, t.companyId, invoiceId));
        const pdf = await pdfs.render(prepared, log);
        const prefix = invoice.kind === "credit_note" ? "avoir" : "facture";
        return { filename: `${prefix}-${invoice.reference}.pdf`, pdf };
      },

      /**
       * The PDF of an invoice as GET …/pdf answers it (an issued one: its Factur-X) — the same cache, so
       * the same bytes —, rendered in the caller's transaction (its company's scope): what the send and
       * remind messages attach (docs/domain/messages.md). No permission checked here (the caller's service did).
       */
      async pdfInTransaction(tx: Db, companyId: string, id: string, log?: RenderLog): Promise<Buffer> {
        const { prepared } = await documentIn(tx, companyId, id);
        return pdfs.render(prepared, log);
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
        const { rows, docs } = await db.run(t.scope, async (tx) => {
          const rows = await repo.issuedBetween(tx, t.companyId, query, EXPORT_MAX_DOCUMENTS + 1);
          if (rows.length > EXPORT_MAX_DOCUMENTS) {
            throw errors.validation(INVOICE_TEXTS.exportTooMany(formatNumber(EXPORT_MAX_DOCUMENTS)));
          }
          const docs = rows.map((row) => documentOf(row, null));
          const prepared = await pdfs.prepare(
            tx,
            t.companyId,
            docs.map((doc) => doc.print),
          );
          return { rows, docs: docs.map((doc, index) => ({ invoice: doc.invoice, prepared: prepared[index] })) };
        });
        // Each document's modification time in the archive is its issue date: the same period gives the same bytes.
        const files: Record<string, [Uint8Array, { level: 0 | 6; mtime: Date }]> = {};
        for (const doc of docs) {
          if (!doc.prepared) throw new Error("invoice document not prepared");
          const mtime = new Date(doc.invoice.issued_at ?? `${doc.invoice.date}T00:00:00Z`);
          // PDFs are compressed already: stored as they are.
          files[`${doc.invoice.reference}.pdf`] = [await pdfs.render(doc.prepared, log), { level: 0, mtime }];
        }
        files["recapitulatif.csv"] = [
          Buffer.from(exportSummary(rows), "utf8"),
          { level: 6, mtime: new Date(`${query.to}T00:00:00Z`) },
        ];
        return { filename: `factures-${query.from}-${query.to}.zip`, zip: zipSync(files), count: rows.length };
      },
    },
  };
}

export type InvoiceDocuments = ReturnType<typeof invoiceDocuments>;
