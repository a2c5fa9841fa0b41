import { COLORS, type Frame } from "../layout";
import type { SignaturePart } from "../model";

/** Signed or not, the same box: the signed PDF keeps the pages of the one the client read. */
const HEIGHT = 110;
/** The room the box takes on its page, its margin under it included. */
export const SIGNATURE_HEIGHT = HEIGHT + 10;

/**
 * A box on the right half for the client's agreement, kept whole on one page. Signed on the app, it
 * holds the « Bon pour accord » lines (signer, date) and the drawn signature under them
 * (docs/domain/signing.md#the-signed-pdf).
 */
export function drawSignature(frame: Frame, part: SignaturePart): void {
  const { pdf } = frame;
  const height = HEIGHT;
  frame.keep(height);
  const half = frame.width / 2;
  const x = frame.left + half;
  const { y } = frame;
  pdf.roundedRect(x, y, half, height, 6).lineWidth(0.8).strokeColor(COLORS.rule).stroke();
  pdf
    .font("bold")
    .fontSize(9)
    .fillColor(COLORS.ink)
    .text(part.title, x + 12, y + 10, { width: half - 24 });
  if (part.signed) {
    pdf.font("regular").fontSize(8).fillColor(COLORS.ink);
    for (const line of part.signed.lines) pdf.text(line, x + 12, pdf.y + 3, { width: half - 24 });
    const top = pdf.y + 6;
    const bottom = y + height - 10;
    if (bottom - top > 20) {
      pdf.image(Buffer.from(part.signed.imagePng, "base64"), x + 12, top, {
        fit: [half - 24, bottom - top],
        align: "center",
        valign: "center",
      });
    }
  } else {
    pdf.font("regular").fontSize(8).fillColor(COLORS.muted);
    for (const line of part.lines) pdf.text(line, x + 12, pdf.y + 3, { width: half - 24 });
  }
  frame.y = y + height + 10;
}
