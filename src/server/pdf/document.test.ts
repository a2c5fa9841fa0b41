import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type CommercialDocument, renderCommercialDocument } from "./document";

/** The PDF without what changes at each render (creation date, file identifier). */
const stable = (pdf: Buffer) =>
  pdf
    .toString("latin1")
    .replace(/\(D:\d{14}Z?\)/g, "")
    .replace(/\/ID \[[^\]]*\]/, "");

describe("renderCommercialDocument", () => {
  it("renders the same bytes whether its words are shaped afresh or come from the fonts' cache", async () => {
    // Words no earlier document used: the first render shapes them, the second reuses them.
    const unique = `Mot${randomUUID().replace(/-/g, "")}`;
    const doc: CommercialDocument = {
      title: "Devis",
      reference: "DEV-2026-0042",
      facts: [["Date", "20/11/2026"]],
      subject: `Travaux ${unique}`,
      company: { name: `Durand ${unique}`, lines: ["12 avenue des Artisans", "69003 Lyon"], legal: [], logo: null },
      client: { name: "Famille Lefèvre", lines: ["Tête d'Or, Œuvre « AVATAR »"] },
      lines: [
        {
          name: `Pose ${unique} faïence`,
          description: "Faïence 20×20 blanche",
          quantity: 2.5,
          unit: "m²",
          unit_price: 42.5,
          tax_rate: 10,
          subtotal: 106.25,
        },
      ],
      vat: [{ rate: 10, net: 106.25, tax: 10.63 }],
      totals: { subtotal: 106.25, discount: 0, discountLabel: "Remise", taxAmount: 10.63, total: 116.88 },
      notes: null,
      terms: `Conditions ${unique}`,
      mentions: [],
      signature: { title: "Bon pour accord", lines: ["Date :"] },
      footer: "Durand",
    };
    const first = await renderCommercialDocument(doc);
    const second = await renderCommercialDocument(doc);
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
    expect(stable(second)).toBe(stable(first));
  });
});
