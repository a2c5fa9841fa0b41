import { formatEuro, formatPercent, formatQuantity } from "@shared/format";
import { unitAfter } from "@shared/format-trade";
import { COLORS, type Frame } from "../layout";
import type { DocumentLine, LinesPart } from "../model";

type Align = "left" | "right";
interface Column {
  label: string;
  x: number;
  w: number;
  align: Align;
}

/** Room kept under a row for what follows the table on the page (a row never sits alone at the bottom). */
const RESERVE = 40;
/** The least a section heading needs below it: one row, so a heading is never last on a page. */
const KEEP_WITH_NEXT = 24;

function columns(left: number, width: number) {
  return {
    designation: { label: "Désignation", x: left, w: 225, align: "left" },
    quantity: { label: "Qté", x: left + 225, w: 50, align: "right" },
    unit: { label: "Unité", x: left + 280, w: 45, align: "left" },
    price: { label: "PU HT", x: left + 325, w: 65, align: "right" },
    vat: { label: "TVA", x: left + 395, w: 40, align: "right" },
    total: { label: "Total HT", x: left + 435, w: width - 435, align: "right" },
  } satisfies Record<string, Column>;
}

/**
 * The lines table: priced lines, section headings, section subtotals and free text, with the
 * table's header at its top and again on each new page.
 */
export function drawLines(frame: Frame, part: LinesPart): void {
  const { pdf, left, right, width } = frame;
  const cols = columns(left, width);
  const textWidth = width - 8;

  const header = () => {
    pdf.rect(left, frame.y, width, 20).fill(COLORS.band);
    pdf.font("medium").fontSize(8).fillColor(COLORS.muted);
    for (const col of Object.values(cols)) {
      pdf.text(col.label.toUpperCase(), col.x + 4, frame.y + 6, { width: col.w - 8, align: col.align });
    }
    frame.y += 24;
  };
  /** A new page (with the table's header) unless `height` points fit, with the reserve under them. */
  const room = (height: number) => {
    if (frame.keep(height + RESERVE)) header();
  };
  const rule = () => {
    pdf
      .moveTo(left, frame.y - 4)
      .lineTo(right, frame.y - 4)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
  };
  const cell = (col: Column, text: string) =>
    pdf.text(text, col.x + 4, frame.y, { width: col.w - 8, align: col.align });

  const drawLine = (line: DocumentLine) => {
    switch (line.kind) {
      case "item": {
        const designation = cols.designation.w - 8;
        pdf.font("medium").fontSize(9);
        const nameHeight = pdf.heightOfString(line.name, { width: designation });
        pdf.font("regular").fontSize(8);
        const descHeight = line.description ? pdf.heightOfString(line.description, { width: designation }) + 2 : 0;
        const height = Math.max(nameHeight + descHeight, 12) + 8;
        room(height);
        pdf
          .font("medium")
          .fontSize(9)
          .fillColor(COLORS.ink)
          .text(line.name, left + 4, frame.y, { width: designation });
        if (line.description) {
          pdf
            .font("regular")
            .fontSize(8)
            .fillColor(COLORS.muted)
            .text(line.description, left + 4, pdf.y + 2, { width: designation });
        }
        pdf.font("regular").fontSize(9).fillColor(COLORS.ink);
        cell(cols.quantity, formatQuantity(line.quantity));
        cell(cols.unit, unitAfter(line.quantity, line.unit));
        cell(cols.price, formatEuro(line.unit_price));
        cell(cols.vat, formatPercent(line.tax_rate));
        cell(cols.total, formatEuro(line.subtotal));
        frame.y += height;
        rule();
        return;
      }
      case "section": {
        pdf.font("bold").fontSize(10);
        const height = pdf.heightOfString(line.title, { width: textWidth }) + 14;
        room(height + KEEP_WITH_NEXT);
        pdf.fillColor(COLORS.brand).text(line.title, left + 4, frame.y + 6, { width: textWidth });
        frame.y += height;
        rule();
        return;
      }
      case "subtotal": {
        const labelCol = { label: "", x: left, w: cols.total.x - left, align: "right" as const };
        pdf.font("medium").fontSize(9);
        const height = Math.max(pdf.heightOfString(line.label, { width: labelCol.w - 8 }), 12) + 8;
        room(height);
        // Between the rules above and below the row.
        pdf.rect(left, frame.y - 3.75, width, height - 0.5).fill(COLORS.soft);
        pdf.fillColor(COLORS.ink);
        cell(labelCol, line.label);
        cell(cols.total, formatEuro(line.amount));
        frame.y += height;
        rule();
        return;
      }
      case "text": {
        pdf.font("regular").fontSize(9);
        const height = Math.max(pdf.heightOfString(line.text, { width: textWidth }), 12) + 8;
        room(height);
        pdf.fillColor(COLORS.ink).text(line.text, left + 4, frame.y, { width: textWidth });
        frame.y += height;
        rule();
        return;
      }
    }
  };

  header();
  for (const line of part.lines) drawLine(line);
}
