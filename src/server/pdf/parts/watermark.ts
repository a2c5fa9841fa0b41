import { type Frame, PAGE } from "../layout";

const SIZE = 110;
const ANGLE = -52;
const GREY = "#94a3b8";

/**
 * Across every page, on top of its content: `mark` diagonally, large and light (a draft's
 * « BROUILLON »), so that a printed draft can never pass for the issued document.
 */
export function drawWatermark(frame: Frame, mark: string): void {
  const { pdf } = frame;
  const range = pdf.bufferedPageRange();
  const cx = PAGE.width / 2;
  const cy = PAGE.height / 2;
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0; // drawn anywhere on the page: no automatic page break
    pdf.font("bold").fontSize(SIZE);
    const width = pdf.widthOfString(mark);
    pdf.save();
    pdf.rotate(ANGLE, { origin: [cx, cy] });
    pdf.fillColor(GREY).fillOpacity(0.18);
    pdf.text(mark, cx - width / 2, cy - SIZE * 0.6, { lineBreak: false });
    pdf.restore();
  }
}
