import { COLORS, type Frame } from "../layout";
import type { CommercialDocument, PartiesPart } from "../model";

/** The subject on the left, the client's box on the right. */
export function drawParties(frame: Frame, part: PartiesPart, doc: CommercialDocument): void {
  const { pdf, left, width } = frame;
  const top = frame.y;
  const half = width / 2;
  const boxX = left + half;
  const textWidth = half - 24;
  pdf
    .font("medium")
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text("CLIENT", boxX + 12, top + 10);
  pdf
    .font("bold")
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text(part.client.name, boxX + 12, pdf.y + 3, { width: textWidth });
  pdf.font("regular").fontSize(9).fillColor(COLORS.ink);
  for (const line of part.client.lines) pdf.text(line, boxX + 12, pdf.y + 1, { width: textWidth });
  const boxBottom = pdf.y + 10;
  pdf
    .roundedRect(boxX, top, half, boxBottom - top, 6)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();

  pdf
    .font("medium")
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text("OBJET", left, top + 10);
  pdf
    .font("bold")
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text(doc.subject, left, pdf.y + 3, { width: textWidth });
  if (part.worksite) {
    pdf
      .font("medium")
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text("ADRESSE DU CHANTIER", left, pdf.y + 10);
    pdf
      .font("medium")
      .fontSize(9.5)
      .fillColor(COLORS.ink)
      .text(part.worksite.name, left, pdf.y + 3, { width: textWidth });
    pdf.font("regular").fontSize(9).fillColor(COLORS.ink);
    for (const line of part.worksite.lines) pdf.text(line, left, pdf.y + 1, { width: textWidth });
  }
  frame.y = Math.max(boxBottom, pdf.y) + 20;
}
