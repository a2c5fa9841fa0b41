import { COLORS, type Frame, PAGE } from "../layout";

/** On every page, in the bottom margin: the issuer's identity (two lines at most) and « Page n / N ». */
export function drawFooter(frame: Frame, footer: string): void {
  const { pdf, left, right, width } = frame;
  const range = pdf.bufferedPageRange();
  const y = PAGE.height - PAGE.margin;
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0; // the footer sits in the margin: no automatic page break
    pdf.font("regular").fontSize(7.5).fillColor(COLORS.muted);
    // Two lines at most (a company's full legal identity is long); never a page break.
    pdf.text(footer, left, y, { width: width - 70, height: 20 });
    pdf.text(`Page ${i + 1} / ${range.count}`, right - 60, y, { width: 60, align: "right", lineBreak: false });
  }
}
