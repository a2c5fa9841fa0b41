import { formatDeduction, formatEuro, formatPercent } from "@shared/format";
import { fromCents, toCents } from "@shared/money";
import { COLORS, type Frame } from "../layout";
import type { TotalsPart } from "../model";

const ROW = 14;
const TOTALS_WIDTH = 220;

/** The VAT breakdown per rate on the left and the totals on the right, kept together on one page. */
export function drawTotals(frame: Frame, part: TotalsPart): void {
  const { pdf, left, width } = frame;
  frame.keep(40 + part.vat.length * ROW + 80);
  frame.y += 10;
  const top = frame.y;

  let y = top;
  pdf.font("medium").fontSize(8).fillColor(COLORS.muted).text("TAUX", left, y, { width: 50 });
  pdf.text("BASE HT", left + 50, y, { width: 90, align: "right" });
  pdf.text("TVA", left + 140, y, { width: 80, align: "right" });
  y += ROW;
  pdf.font("regular").fontSize(9).fillColor(COLORS.ink);
  for (const vat of part.vat) {
    pdf.text(formatPercent(vat.rate), left, y, { width: 50 });
    pdf.text(formatEuro(vat.net), left + 50, y, { width: 90, align: "right" });
    pdf.text(formatEuro(vat.tax), left + 140, y, { width: 80, align: "right" });
    y += ROW;
  }
  const vatBottom = y;

  const x = left + width - TOTALS_WIDTH;
  let ty = top;
  const row = (label: string, value: string, strong = false) => {
    pdf
      .font(strong ? "bold" : "regular")
      .fontSize(strong ? 11 : 9)
      .fillColor(COLORS.ink);
    pdf.text(label, x, ty, { width: 120 });
    pdf.text(value, x + 120, ty, { width: TOTALS_WIDTH - 120, align: "right" });
    ty += strong ? 20 : 15;
  };
  row("Total HT", formatEuro(part.subtotal));
  if (part.discount) {
    row(part.discount.label, formatDeduction(part.discount.amount));
    row("Total HT après remise", formatEuro(fromCents(toCents(part.subtotal) - toCents(part.discount.amount))));
  }
  row("Total TVA", formatEuro(part.taxAmount));
  pdf.rect(x - 8, ty - 4, TOTALS_WIDTH + 8, 26).fill(COLORS.highlight);
  ty += 2;
  row("Total TTC", formatEuro(part.total), true);
  frame.y = Math.max(vatBottom, ty) + 16;
}
