import { COLORS, type Frame, PAGE } from "../layout";

/** On every page, in the bottom margin: the issuer's identity and « Page n / N ». */
export function drawFooter(frame: Frame, footer: string): void {
  const { pdf, left, right, width } = frame;
  const range = pdf.bufferedPageRange();
  const y = PAGE.height - PAGE.margin;
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0; // the footer sits in the margin: no automatic page break
    pdf.font("regular").fontSize(7.5).fillColor(COLORS.muted);
    pdf.text(footer, left, y, { width: width - 60, lineBreak: false, height: 12 });
    pdf.text(`Page ${i + 1} / ${range.count}`, right - 60, y, { width: 60, align: "right", lineBreak: false });
  }
}
