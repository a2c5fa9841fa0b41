/** The page and the cursor the document's parts draw with, and the few styles they share. */

export const PAGE = { margin: 48, width: 595.28, height: 841.89 };

export const COLORS = {
  ink: "#0f172a",
  muted: "#64748b",
  rule: "#e2e8f0",
  brand: "#4338ca",
  /** Table header band. */
  band: "#f1f5f9",
  /** Subtotal rows. */
  soft: "#f8fafc",
  /** The amount due (Total TTC). */
  highlight: "#eef2ff",
};

/**
 * A part draws from `y` down, between `left` and `right`, and leaves `y` where the next part starts.
 * Parts flow over pages: before drawing a block that must stay whole, a part asks for its height.
 */
export class Frame {
  readonly left = PAGE.margin;
  readonly right = PAGE.width - PAGE.margin;
  readonly width = this.right - this.left;
  /** The lowest point of the content: the footer sits below. */
  readonly bottom = PAGE.height - PAGE.margin - 24;
  y = PAGE.margin;

  constructor(readonly pdf: PDFKit.PDFDocument) {}

  /** Whether `height` points still fit below the cursor on this page. */
  fits(height: number): boolean {
    return this.y + height <= this.bottom;
  }

  newPage(): void {
    this.pdf.addPage();
    this.y = PAGE.margin;
  }

  /** Starts a new page unless `height` points fit below the cursor; true when it did. */
  keep(height: number): boolean {
    if (this.fits(height)) return false;
    this.newPage();
    return true;
  }
}
