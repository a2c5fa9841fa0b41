import { COLORS, type Frame } from "../layout";
import type { SignaturePart } from "../model";

const HEIGHT = 110;

/** A box on the right half for the client's agreement, kept whole on one page. */
export function drawSignature(frame: Frame, part: SignaturePart): void {
  const { pdf } = frame;
  frame.keep(HEIGHT);
  const half = frame.width / 2;
  const x = frame.left + half;
  const { y } = frame;
  pdf.roundedRect(x, y, half, HEIGHT, 6).lineWidth(0.8).strokeColor(COLORS.rule).stroke();
  pdf
    .font("bold")
    .fontSize(9)
    .fillColor(COLORS.ink)
    .text(part.title, x + 12, y + 10, { width: half - 24 });
  pdf.font("regular").fontSize(8).fillColor(COLORS.muted);
  for (const line of part.lines) pdf.text(line, x + 12, pdf.y + 3, { width: half - 24 });
  frame.y = y + HEIGHT + 10;
}
