import type { FacturxAttachment } from "./pdfa";

/**
 * The document model: a commercial document (quote, invoice, credit note, deposit invoice) is its
 * identity (title, reference, subject, issuer, footer) and an ordered list of parts, each carrying
 * the data it draws. A module composes the parts its document needs (`modules/quotes/quote-pdf.ts`);
 * `document.ts` draws them top to bottom, flowing over pages. Plain data: the render cache keys a
 * document by its JSON (`cache.ts`). See docs/decisions/0006-server-side-pdf.md.
 */

/** Who issues the document: drawn by the header, named in the footer and in the PDF's properties. */
export interface DocumentIssuer {
  name: string;
  /** Address and contact lines. */
  lines: string[];
  /** SIRET, VAT number: under the address and in the footer. */
  legal: string[];
  /** The logo's bytes, set just before rendering (the cache key stands for them by the logo file's id). */
  logo: Buffer | null;
}

/** The client (or any recipient): a name and the lines under it. */
export interface DocumentParty {
  name: string;
  lines: string[];
}

/** A row of the lines table: a priced line, a section heading, a section's subtotal or free text. */
export type DocumentLine =
  | {
      kind: "item";
      name: string;
      description: string | null;
      quantity: number;
      unit: string;
      unit_price: number;
      tax_rate: number;
      /** Excluding VAT, as stored. */
      subtotal: number;
    }
  | { kind: "section"; title: string }
  | { kind: "subtotal"; label: string; amount: number }
  | { kind: "text"; text: string };

export interface VatRow {
  rate: number;
  /** Taxable base after the discount. */
  net: number;
  tax: number;
}

/** Header: the logo and the issuer's identity on the left; title, reference and facts on the right. */
export interface HeaderPart {
  kind: "header";
  /** e.g. [["Date", "22/11/2026"], ["Valable jusqu'au", "22/12/2026"]] */
  facts: [label: string, value: string][];
}

/** Parties: the document's subject on the left, the client's box on the right. */
export interface PartiesPart {
  kind: "parties";
  client: DocumentParty;
  /** Where the work is done, under the subject (a quote's worksite address); none: the client's. */
  worksite?: DocumentParty | null;
}

/** The lines table (Désignation, Qté, Unité, PU HT, TVA, Total HT); its header repeats on each page. */
export interface LinesPart {
  kind: "lines";
  lines: DocumentLine[];
}

/** A row of the totals after « Total TTC »: an amount taken off (deposits, payments) or a figure due. */
export interface TotalsRow {
  label: string;
  amount: number;
  /** Printed « − 1 234,00 € ». */
  deduction?: boolean;
  /** A figure due (« Net à payer », « Reste à payer »): bold; the last one is highlighted. */
  due?: boolean;
}

/**
 * VAT breakdown per rate (left) and the totals (right), the amounts as stored (euros): the right column is
 * drawn from the shared rows (`totalsRows`, src/shared/documents/totals.ts), which derive « Total HT
 * après remise » for every reader.
 */
export interface TotalsPart {
  kind: "totals";
  vat: VatRow[];
  /** Over the VAT table when its figures need saying (an invoice that deducts deposits). */
  vatTitle?: string | null;
  subtotal: number;
  /** Printed with « Total HT après remise » (the shared rows' figure) when there is one. */
  discount: { label: string; amount: number } | null;
  taxAmount: number;
  total: number;
  /** Rows after « Total TTC » (deposits deducted, « Net à payer », payments received, balance). */
  after?: TotalsRow[];
  /**
   * Printed on the left, level with the highlighted figure due: how to pay it (an invoice's due date,
   * IBAN and BIC), so that the reader finds them next to « Net à payer ». The first line is bold.
   */
  payment?: string[] | null;
}

/** Titled paragraphs: legal mentions, terms. */
export interface MentionsPart {
  kind: "mentions";
  paragraphs: { title: string; body: string }[];
}

/** A box for the client's agreement; a signed quote's box holds the signature, the name and the date. */
export interface SignaturePart {
  kind: "signature";
  title: string;
  lines: string[];
  /** Signed on the app (docs/domain/signing.md#the-signed-pdf): drawn in the box instead of the blank lines. */
  signed?: {
    /** The drawn signature, a PNG in base64 (checked by content when it was received). */
    imagePng: string;
    /** « Bon pour accord », the signer's name, the date and time. */
    lines: string[];
  } | null;
}

/** A last page of facts, label by label (a signed quote's « Journal de signature »). */
export interface AuditPart {
  kind: "audit";
  title: string;
  intro: string;
  rows: [label: string, value: string][];
}

export type DocumentPart = HeaderPart | PartiesPart | LinesPart | TotalsPart | MentionsPart | SignaturePart | AuditPart;

export interface CommercialDocument {
  /** « Devis », « Facture »… : the header's title, and with the reference the PDF's title. */
  title: string;
  reference: string;
  /** What the document is about: the parties part prints it; the PDF's subject property. */
  subject: string;
  company: DocumentIssuer;
  /** Drawn in this order. */
  parts: DocumentPart[];
  /** At the bottom of every page, with the page number. */
  footer: string;
  /**
   * When the document was made (ISO 8601): the PDF's creation date, so that its bytes depend on its
   * content only (a quote's: its last change; the SHA-256 kept at signing can be checked again).
   */
  date?: string | null;
  /** Across every page, diagonal and light (a draft's « BROUILLON »); none when absent. */
  watermark?: string | null;
  /**
   * An issued invoice's e-invoice: the document is then written as PDF/A-3b with this XML attached
   * (`pdfa.ts`, ADR 0016). Part of the cache key, as the rest.
   */
  facturx?: FacturxAttachment | null;
}
