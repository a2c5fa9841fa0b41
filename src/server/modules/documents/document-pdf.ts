import type { Db } from "@server/db/client";
import { DocumentCache, documentKey } from "@server/pdf/cache";
import { type RenderLog, renderCommercialDocument } from "@server/pdf/document";
import type { CommercialDocument } from "@server/pdf/model";
import { companyInfoQueries } from "../company/company.queries";

/**
 * The one PDF pipeline of commercial documents (docs/architecture.md « Document core », ADR 0006):
 * each kind composes its `CommercialDocument` (quote-pdf.ts, invoice-pdf.ts: what it prints); this
 * reads what rendering needs in the caller's transaction (`prepare`: the key, the cached PDF or the
 * logo's bytes), and renders after the commit (`render`), keeping the PDF in a per-process cache keyed
 * per company and by the document's content — its version: any change of what it prints is a new key.
 */

/** Rendered PDFs kept per process and per kind (src/server/pdf/cache.ts). */
const PDF_CACHE_BYTES = 32 * 1024 * 1024;

/** A document as a kind composed it, printed without its logo's bytes (`company.logo` null), and its logo's file. */
export interface DocumentToPrint {
  document: CommercialDocument;
  logoFileId: string | null;
}

/** A document ready to render, read in the transaction: from the cache, or with its logo's bytes. */
export interface PreparedPdf {
  key: string;
  document: CommercialDocument;
  cached: Buffer | undefined;
}

export function createDocumentPdfs(maxBytes = PDF_CACHE_BYTES) {
  const cache = new DocumentCache(maxBytes);

  /** The cache key: per company (no tenant can learn from timing that another rendered the same document), then the content. */
  const keyOf = (companyId: string, doc: DocumentToPrint) =>
    `${companyId}:${documentKey(doc.document, doc.logoFileId)}`;

  return {
    /**
     * In the caller's transaction (its company's scope): each document keyed; a document not in the
     * cache gets its logo's bytes, each file read once (stored files never change).
     */
    async prepare(tx: Db, companyId: string, docs: readonly DocumentToPrint[]): Promise<PreparedPdf[]> {
      const logos = new Map<string, Buffer | null>();
      const prepared: PreparedPdf[] = [];
      for (const doc of docs) {
        const key = keyOf(companyId, doc);
        const cached = cache.get(key);
        const fileId = doc.logoFileId;
        if (cached || !fileId) {
          prepared.push({ key, document: doc.document, cached });
          continue;
        }
        if (!logos.has(fileId)) logos.set(fileId, await companyInfoQueries.logoData(tx, companyId, fileId));
        const logo = logos.get(fileId) ?? null;
        prepared.push({ key, document: { ...doc.document, company: { ...doc.document.company, logo } }, cached });
      }
      return prepared;
    },

    /** After the commit: the cached PDF, or the document rendered and kept; a logo that cannot be printed is left out with a warning in `log`. */
    async render(doc: PreparedPdf, log?: RenderLog): Promise<Buffer> {
      const cached = doc.cached ?? cache.get(doc.key);
      if (cached) return cached;
      const pdf = await renderCommercialDocument(doc.document, log);
      cache.set(doc.key, pdf);
      return pdf;
    },
  };
}

export type DocumentPdfs = ReturnType<typeof createDocumentPdfs>;
