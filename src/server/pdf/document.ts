/**
 * One renderer for commercial documents (quotes now, invoices later): pdfkit, embedded Inter
 * fonts, real text (searchable), A4. See docs/decisions/0006-server-side-pdf.md.
 */
import PDFDocument from "pdfkit";
import { documentFonts } from "./fonts";

export interface DocumentParty {
  name: string;
  lines: string[];
}

export interface DocumentLine {
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  tax_rate: number;
  subtotal: number;
}

export interface CommercialDocument {
  title: string;
  reference: string;
  /** e.g. [["Date", "22/11/2026"], ["Valable jusqu'au", "22/12/2026"]] */
  facts: [string, string][];
  subject: string;
  company: DocumentParty & { legal: string[]; logo: Buffer | null };
  client: DocumentParty;
  lines: DocumentLine[];
  vat: { rate: number; net: number; tax: number }[];
  totals: { subtotal: number; discount: number; discountLabel: string | null; taxAmount: number; total: number };
  notes: string | null;
  terms: string | null;
  /** Mentions printed after the totals (legal notices). */
  mentions: string[];
  signature: { title: string; lines: string[] } | null;
  footer: string;
}

const euro = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const num = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });
const pct = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
/** fr-FR groups digits with U+202F, absent from the embedded Latin subset: use U+00A0 (same meaning). */
const nbsp = (text: string) => text.replace(/\u202f/g, "\u00a0");
export const formatEuro = (value: number) => nbsp(euro.format(value));
export const formatPercent = (value: number) => `${nbsp(pct.format(value))}\u00a0%`;
const formatQuantity = (value: number) => nbsp(num.format(value));

const INK = "#0f172a";
const MUTED = "#64748b";
const LINE = "#e2e8f0";
const BRAND = "#4338ca";
const PAGE = { margin: 48, width: 595.28, height: 841.89 };

export function renderCommercialDocument(doc: CommercialDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${doc.title} ${doc.reference}`,
      Author: doc.company.name,
      Subject: doc.subject,
      Creator: "Propulse",
    },
    lang: "fr-FR",
    // No standard font (Helvetica's metrics parsed in each document): the embedded fonts only.
    font: null as unknown as string,
  });
  const fonts = documentFonts();
  // pdfkit accepts parsed fontkit fonts (typed as a path or buffer in @types/pdfkit).
  pdf.registerFont("regular", fonts.regular as unknown as string);
  pdf.registerFont("medium", fonts.medium as unknown as string);
  pdf.registerFont("bold", fonts.bold as unknown as string);
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  const bottom = PAGE.height - PAGE.margin - 24;

  // Header: logo + company identity on the left, title and facts on the right.
  let y = PAGE.margin;
  let identityX = left;
  if (doc.company.logo) {
    try {
      pdf.image(doc.company.logo, left, y, { fit: [72, 72] });
      identityX = left + 84;
    } catch {
      // An unreadable logo must not prevent the document.
    }
  }
  pdf.font("bold").fontSize(13).fillColor(INK).text(doc.company.name, identityX, y, { width: 250 });
  pdf.font("regular").fontSize(8.5).fillColor(MUTED);
  for (const line of [...doc.company.lines, ...doc.company.legal]) pdf.text(line, identityX, pdf.y + 1, { width: 250 });
  const identityBottom = Math.max(pdf.y, doc.company.logo ? y + 72 : 0);

  pdf
    .font("bold")
    .fontSize(22)
    .fillColor(BRAND)
    .text(doc.title.toUpperCase(), left + width / 2, y, { width: width / 2, align: "right" });
  pdf
    .font("medium")
    .fontSize(11)
    .fillColor(INK)
    .text(doc.reference, left + width / 2, pdf.y + 2, { width: width / 2, align: "right" });
  pdf.font("regular").fontSize(9).fillColor(MUTED);
  for (const [label, value] of doc.facts) {
    pdf.text(`${label}\u00a0: ${value}`, left + width / 2, pdf.y + 2, { width: width / 2, align: "right" });
  }
  y = Math.max(identityBottom, pdf.y) + 24;

  // Client block.
  const boxX = left + width / 2;
  pdf
    .font("medium")
    .fontSize(8)
    .fillColor(MUTED)
    .text("CLIENT", boxX + 12, y + 10);
  pdf
    .font("bold")
    .fontSize(11)
    .fillColor(INK)
    .text(doc.client.name, boxX + 12, pdf.y + 3, { width: width / 2 - 24 });
  pdf.font("regular").fontSize(9).fillColor(INK);
  for (const line of doc.client.lines) pdf.text(line, boxX + 12, pdf.y + 1, { width: width / 2 - 24 });
  const boxBottom = pdf.y + 10;
  pdf
    .roundedRect(boxX, y, width / 2, boxBottom - y, 6)
    .lineWidth(0.8)
    .strokeColor(LINE)
    .stroke();
  pdf
    .font("medium")
    .fontSize(8)
    .fillColor(MUTED)
    .text("OBJET", left, y + 10);
  pdf
    .font("bold")
    .fontSize(11)
    .fillColor(INK)
    .text(doc.subject, left, pdf.y + 3, { width: width / 2 - 24 });
  y = Math.max(boxBottom, pdf.y) + 20;

  // Lines table.
  const cols = [
    { key: "designation", label: "Désignation", x: left, w: 225, align: "left" as const },
    { key: "qty", label: "Qté", x: left + 225, w: 50, align: "right" as const },
    { key: "unit", label: "Unité", x: left + 280, w: 45, align: "left" as const },
    { key: "price", label: "PU HT", x: left + 325, w: 65, align: "right" as const },
    { key: "vat", label: "TVA", x: left + 395, w: 40, align: "right" as const },
    { key: "total", label: "Total HT", x: left + 435, w: width - 435, align: "right" as const },
  ];
  const header = () => {
    pdf.rect(left, y, width, 20).fill("#f1f5f9");
    pdf.font("medium").fontSize(8).fillColor(MUTED);
    for (const col of cols) pdf.text(col.label.toUpperCase(), col.x + 4, y + 6, { width: col.w - 8, align: col.align });
    y += 24;
  };
  header();
  for (const line of doc.lines) {
    pdf.font("medium").fontSize(9);
    const nameHeight = pdf.heightOfString(line.name, { width: cols[0]?.w ?? 200 });
    pdf.font("regular").fontSize(8);
    const descHeight = line.description
      ? pdf.heightOfString(line.description, { width: (cols[0]?.w ?? 200) - 8 }) + 2
      : 0;
    const rowHeight = Math.max(nameHeight + descHeight, 12) + 8;
    if (y + rowHeight > bottom - 40) {
      pdf.addPage();
      y = PAGE.margin;
      header();
    }
    const values: Record<string, string> = {
      qty: formatQuantity(line.quantity),
      unit: line.unit,
      price: formatEuro(line.unit_price),
      vat: formatPercent(line.tax_rate),
      total: formatEuro(line.subtotal),
    };
    pdf
      .font("medium")
      .fontSize(9)
      .fillColor(INK)
      .text(line.name, left + 4, y, { width: (cols[0]?.w ?? 200) - 8 });
    if (line.description) {
      pdf
        .font("regular")
        .fontSize(8)
        .fillColor(MUTED)
        .text(line.description, left + 4, pdf.y + 2, { width: (cols[0]?.w ?? 200) - 8 });
    }
    pdf.font("regular").fontSize(9).fillColor(INK);
    for (const col of cols.slice(1))
      pdf.text(values[col.key] ?? "", col.x + 4, y, { width: col.w - 8, align: col.align });
    y += rowHeight;
    pdf
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  }

  // VAT breakdown (left) and totals (right).
  const blockHeight = 40 + doc.vat.length * 14 + 80;
  if (y + blockHeight > bottom) {
    pdf.addPage();
    y = PAGE.margin;
  }
  y += 10;
  const vatTop = y;
  pdf.font("medium").fontSize(8).fillColor(MUTED).text("TAUX", left, y, { width: 50 });
  pdf.text("BASE HT", left + 50, y, { width: 90, align: "right" });
  pdf.text("TVA", left + 140, y, { width: 80, align: "right" });
  y += 14;
  pdf.font("regular").fontSize(9).fillColor(INK);
  for (const v of doc.vat) {
    pdf.text(formatPercent(v.rate), left, y, { width: 50 });
    pdf.text(formatEuro(v.net), left + 50, y, { width: 90, align: "right" });
    pdf.text(formatEuro(v.tax), left + 140, y, { width: 80, align: "right" });
    y += 14;
  }
  const vatBottom = y;

  let ty = vatTop;
  const totalsX = left + width - 220;
  const row = (label: string, value: string, strong = false) => {
    pdf
      .font(strong ? "bold" : "regular")
      .fontSize(strong ? 11 : 9)
      .fillColor(INK);
    pdf.text(label, totalsX, ty, { width: 120 });
    pdf.text(value, totalsX + 120, ty, { width: 100, align: "right" });
    ty += strong ? 20 : 15;
  };
  row("Total HT", formatEuro(doc.totals.subtotal));
  if (doc.totals.discount > 0) {
    row(doc.totals.discountLabel ?? "Remise", `− ${formatEuro(doc.totals.discount)}`);
    row("Total HT après remise", formatEuro(doc.totals.subtotal - doc.totals.discount));
  }
  row("Total TVA", formatEuro(doc.totals.taxAmount));
  pdf.rect(totalsX - 8, ty - 4, 228, 26).fill("#eef2ff");
  ty += 2;
  row("Total TTC", formatEuro(doc.totals.total), true);
  y = Math.max(vatBottom, ty) + 16;

  const paragraph = (title: string, body: string) => {
    pdf.font("medium").fontSize(8);
    const h = pdf.heightOfString(body, { width }) + 20;
    if (y + h > bottom) {
      pdf.addPage();
      y = PAGE.margin;
    }
    pdf.fillColor(MUTED).text(title.toUpperCase(), left, y);
    pdf
      .font("regular")
      .fontSize(8.5)
      .fillColor(INK)
      .text(body, left, pdf.y + 3, { width });
    y = pdf.y + 12;
  };
  for (const mention of doc.mentions) paragraph("Mention", mention);
  if (doc.notes) paragraph("Notes", doc.notes);
  if (doc.terms) paragraph("Conditions", doc.terms);

  if (doc.signature) {
    const h = 110;
    if (y + h > bottom) {
      pdf.addPage();
      y = PAGE.margin;
    }
    const sx = left + width / 2;
    pdf
      .roundedRect(sx, y, width / 2, h, 6)
      .lineWidth(0.8)
      .strokeColor(LINE)
      .stroke();
    pdf
      .font("bold")
      .fontSize(9)
      .fillColor(INK)
      .text(doc.signature.title, sx + 12, y + 10, { width: width / 2 - 24 });
    pdf.font("regular").fontSize(8).fillColor(MUTED);
    for (const line of doc.signature.lines) pdf.text(line, sx + 12, pdf.y + 3, { width: width / 2 - 24 });
    y += h + 10;
  }

  // Footer on every page: identity and page numbers.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0; // the footer sits in the margin: no automatic page break
    pdf.font("regular").fontSize(7.5).fillColor(MUTED);
    pdf.text(doc.footer, left, PAGE.height - PAGE.margin, { width: width - 60, lineBreak: false, height: 12 });
    pdf.text(`Page ${i + 1} / ${range.count}`, right - 60, PAGE.height - PAGE.margin, {
      width: 60,
      align: "right",
      lineBreak: false,
    });
  }
  pdf.end();
  return done;
}
