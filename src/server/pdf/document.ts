/**
 * One renderer for commercial documents (quotes now; invoices, credit notes and deposit invoices
 * next): pdfkit, embedded Inter fonts, real text (searchable), A4. It draws the document's parts in
 * their order (`model.ts`, one file per part in `parts/`), then the footer on every page and, for a
 * draft, its watermark. An issued invoice's document carries its Factur-X XML: it is written as
 * PDF/A-3b with the XML attached (`pdfa.ts`, docs/decisions/0016-factur-x.md).
 * See docs/decisions/0006-server-side-pdf.md.
 */
import PDFDocument from "pdfkit";
import { documentFonts } from "./fonts";
import { Frame, PAGE } from "./layout";
import { printableLogo } from "./logo";
import type { CommercialDocument, DocumentPart } from "./model";
import { drawAudit } from "./parts/audit";
import { drawFooter } from "./parts/footer";
import { drawHeader } from "./parts/header";
import { drawLines } from "./parts/lines";
import { drawMentions } from "./parts/mentions";
import { drawParties } from "./parts/parties";
import { drawSignature, SIGNATURE_HEIGHT } from "./parts/signature";
import { drawTotals, totalsHeight } from "./parts/totals";
import { drawWatermark } from "./parts/watermark";
import { attachFacturx, PDFA_OPTIONS } from "./pdfa";

function drawPart(frame: Frame, part: DocumentPart, doc: CommercialDocument): void {
  switch (part.kind) {
    case "header":
      drawHeader(frame, part, doc);
      break;
    case "parties":
      drawParties(frame, part, doc);
      break;
    case "lines":
      drawLines(frame, part);
      break;
    case "totals":
      drawTotals(frame, part);
      break;
    case "mentions":
      drawMentions(frame, part);
      break;
    case "signature":
      drawSignature(frame, part);
      break;
    case "audit":
      drawAudit(frame, part);
      break;
  }
}

/** Where the renderer says what it left out: a request's logger (pino's `warn(details, message)`). */
export interface RenderLog {
  warn(details: object, message: string): void;
}

const processWarnings: RenderLog = {
  warn: (details, message) =>
    process.emitWarning(message, { type: "DocumentWarning", detail: JSON.stringify(details) }),
};

/**
 * The logo is checked before pdfkit sees it (`logo.ts`): one that cannot be used is left out, with a
 * warning naming why (never its bytes), and the document is drawn without it.
 */
export function renderCommercialDocument(
  document: CommercialDocument,
  log: RenderLog = processWarnings,
): Promise<Buffer> {
  const logo = document.company.logo ? printableLogo(document.company.logo) : null;
  if (logo && !logo.ok) {
    log.warn({ logo: { bytes: document.company.logo?.length, reason: logo.reason } }, "logo left out of the document");
  }
  const doc = { ...document, company: { ...document.company, logo: logo?.ok ? logo.logo : null } };
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    // An issued invoice: PDF/A-3b (Factur-X), dated by its issue, so that its bytes depend on its content only.
    ...(doc.facturx ? PDFA_OPTIONS : {}),
    info: {
      Title: `${doc.title} ${doc.reference}`,
      Author: doc.company.name,
      Subject: doc.subject,
      Creator: "Propulse",
      Producer: "Propulse (PDFKit)",
      ...(doc.facturx
        ? { CreationDate: new Date(doc.facturx.date) }
        : doc.date
          ? { CreationDate: new Date(doc.date) }
          : {}),
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

  const frame = new Frame(pdf);
  doc.parts.forEach((part, index) => {
    // A quote's « Bon pour accord » box is never alone on a page: it goes with the totals it accepts,
    // both to the next page when they do not fit together (issue 32).
    if (part.kind === "totals" && doc.parts[index + 1]?.kind === "signature") {
      frame.keep(totalsHeight(part) + SIGNATURE_HEIGHT);
    }
    drawPart(frame, part, doc);
  });
  drawFooter(frame, doc.footer);
  if (doc.watermark) drawWatermark(frame, doc.watermark);
  if (doc.facturx) attachFacturx(pdf, doc.facturx);
  pdf.end();
  return done;
}
