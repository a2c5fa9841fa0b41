import { COLORS, type Frame } from "../layout";
import type { MentionsPart } from "../model";

/** Titled paragraphs across the page (legal mentions, terms), each kept whole on one page. */
export function drawMentions(frame: Frame, part: MentionsPart): void {
  const { pdf, left, width } = frame;
  for (const { title, body } of part.paragraphs) {
    pdf.font("medium").fontSize(8);
    frame.keep(pdf.heightOfString(body, { width }) + 20);
    pdf.fillColor(COLORS.muted).text(title.toUpperCase(), left, frame.y);
    pdf
      .font("regular")
      .fontSize(8.5)
      .fillColor(COLORS.ink)
      .text(body, left, pdf.y + 3, { width });
    frame.y = pdf.y + 12;
  }
}
