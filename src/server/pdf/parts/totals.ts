import { totalsRows } from "@shared/documents";
import { formatDeduction, formatEuro, formatPercent } from "@shared/format";
import { fromCents } from "@shared/money";
import { COLORS, type Frame } from "../layout";
import type { TotalsPart } from "../model";

const ROW = 14;
const TOTALS_WIDTH = 220;

/**
 * The VAT breakdown per rate on the left and the totals on the right, kept together on one page. Rows
 * after « Total TTC » (deposits, payments) follow it; the last figure due is the one highlighted.
 */
export function drawTotals(frame: Frame, part: TotalsPart): void {
  const { pdf, left, width } = frame;
  const after = part.after ?? [];
  frame.keep(totalsHeight(part));
  frame.y += 10;
  const top = frame.y;

  let y = top;
  if (part.vatTitle) {
    pdf.font("medium").fontSize(8).fillColor(COLORS.ink).text(part.vatTitle, left, y, { width: 220 });
    y = pdf.y + 4;
  }
  // No rate to break down (a VAT franchise): no table, only its title.
  if (part.vat.length > 0) {
    pdf.font("medium").fontSize(8).fillColor(COLORS.muted).text("TAUX", left, y, { width: 50 });
    pdf.text("BASE HT", left + 50, y, { width: 90, align: "right" });
    pdf.text("TVA", left + 140, y, { width: 80, align: "right" });
    y += ROW;
  }
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
  const highlighted = (label: string, value: string) => {
    pdf.rect(x - 8, ty - 4, TOTALS_WIDTH + 8, 26).fill(COLORS.highlight);
    ty += 2;
    row(label, value, true);
  };
  // The rows and their figures are every screen's (`totalsRows`, in cents): Total HT, the discount and
  // « Total HT après remise » when there is one, Total TVA, Total TTC.
  const totals = totalsRows({
    subtotal: part.subtotal,
    discount: part.discount?.amount ?? 0,
    vat_breakdown: [],
    tax_amount: part.taxAmount,
    total: part.total,
  });
  for (const r of totals.rows) {
    const label = r.key === "discount" && part.discount ? part.discount.label : r.label;
    row(label, r.tone === "deduction" ? formatDeduction(fromCents(r.amount)) : formatEuro(fromCents(r.amount)));
  }
  const lastDue = after.findLastIndex((r) => r.due);
  let dueTop = ty;
  const grand = formatEuro(fromCents(totals.grand.amount));
  if (lastDue < 0) highlighted(totals.grand.label, grand);
  else row(totals.grand.label, grand, true);
  after.forEach((r, index) => {
    const value = r.deduction ? formatDeduction(r.amount) : formatEuro(r.amount);
    if (index === lastDue) {
      dueTop = ty;
      highlighted(r.label, value);
    } else row(r.label, value, r.due);
  });
  let paymentBottom = 0;
  const payment = part.payment ?? [];
  if (payment.length > 0) {
    // On the baseline of the figure due (its 11 pt text starts 2 pt lower), or under the VAT table.
    let py = Math.max(dueTop + 4, vatBottom + 8);
    const paymentWidth = width - TOTALS_WIDTH - 24;
    payment.forEach((line, index) => {
      pdf
        .font(index === 0 ? "bold" : "regular")
        .fontSize(9)
        .fillColor(COLORS.ink)
        .text(line, left, py, { width: paymentWidth });
      py = pdf.y + 2;
    });
    paymentBottom = py;
  }
  frame.y = Math.max(vatBottom, ty, paymentBottom) + 16;
}

/** The height the totals take (kept whole on one page; the quote's signature asks for it too). */
export function totalsHeight(part: TotalsPart): number {
  const payment = part.payment?.length ?? 0;
  // Conservative: both columns stacked, as the VAT table and the payment lines may pass the totals.
  return 40 + (part.vatTitle ? 14 : 0) + part.vat.length * ROW + 80 + (part.after?.length ?? 0) * 20 + payment * 13;
}
