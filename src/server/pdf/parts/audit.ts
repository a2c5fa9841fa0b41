import { COLORS, type Frame } from "../layout";
import type { AuditPart } from "../model";

const LABEL_WIDTH = 150;

/** A page of its own: a title, a sentence, then label / value rows (long values wrap). */
export function drawAudit(frame: Frame, part: AuditPart): void {
  const { pdf, left, width } = frame;
  frame.newPage();
  pdf.font("bold").fontSize(14).fillColor(COLORS.ink).text(part.title, left, frame.y, { width });
  pdf
    .font("regular")
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(part.intro, left, pdf.y + 6, { width });
  frame.y = pdf.y + 14;
  const valueWidth = width - LABEL_WIDTH;
  for (const [label, value] of part.rows) {
    pdf.font("regular").fontSize(9);
    const valueHeight = pdf.heightOfString(value, { width: valueWidth });
    pdf.font("medium").fontSize(8.5);
    const labelHeight = pdf.heightOfString(label, { width: LABEL_WIDTH - 10 });
    const height = Math.max(valueHeight, labelHeight, 12) + 10;
    frame.keep(height);
    const { y } = frame;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    pdf
      .font("medium")
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(label, left, y + 5, { width: LABEL_WIDTH - 10 });
    pdf
      .font("regular")
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text(value, left + LABEL_WIDTH, y + 5, { width: valueWidth });
    frame.y = Math.max(pdf.y, y + height - 5) + 5;
  }
}
