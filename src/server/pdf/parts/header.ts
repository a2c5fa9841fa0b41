import { COLORS, type Frame } from "../layout";
import type { CommercialDocument, HeaderPart } from "../model";

const LOGO = 72;
const IDENTITY_WIDTH = 250;

/** The logo and the issuer's identity on the left; the title, the reference and the facts on the right. */
export function drawHeader(frame: Frame, part: HeaderPart, doc: CommercialDocument): void {
  const { pdf, left, width } = frame;
  const { company } = doc;
  const top = frame.y;
  let identityX = left;
  if (company.logo) {
    try {
      pdf.image(company.logo, left, top, { fit: [LOGO, LOGO] });
      identityX = left + LOGO + 12;
    } catch {
      // An unreadable logo must not prevent the document.
    }
  }
  pdf.font("bold").fontSize(13).fillColor(COLORS.ink).text(company.name, identityX, top, { width: IDENTITY_WIDTH });
  pdf.font("regular").fontSize(8.5).fillColor(COLORS.muted);
  for (const line of [...company.lines, ...company.legal]) {
    pdf.text(line, identityX, pdf.y + 1, { width: IDENTITY_WIDTH });
  }
  const identityBottom = Math.max(pdf.y, company.logo ? top + LOGO : 0);

  const half = { width: width / 2, align: "right" as const };
  const x = left + width / 2;
  pdf.font("bold").fontSize(22).fillColor(COLORS.brand).text(doc.title.toUpperCase(), x, top, half);
  pdf
    .font("medium")
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text(doc.reference, x, pdf.y + 2, half);
  pdf.font("regular").fontSize(9).fillColor(COLORS.muted);
  for (const [label, value] of part.facts) pdf.text(`${label}\u00a0: ${value}`, x, pdf.y + 2, half);
  frame.y = Math.max(identityBottom, pdf.y) + 24;
}
