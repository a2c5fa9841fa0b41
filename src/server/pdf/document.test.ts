import { randomUUID } from "node:crypto";
import { inflateSync } from "node:zlib";
import { formatDeduction, formatEuro, formatPercent, formatQuantity } from "@shared/format";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { renderCommercialDocument } from "./document";
import type { CommercialDocument, DocumentLine, DocumentPart } from "./model";

/** The PDF without what changes at each render (creation date, file identifier). */
const stable = (pdf: Buffer) =>
  pdf
    .toString("latin1")
    .replace(/\(D:\d{14}Z?\)/g, "")
    .replace(/\/ID \[[^\]]*\]/, "");

/** The text each glyph of the embedded fonts reads as (their ToUnicode maps). */
function toUnicode(pdf: Buffer): string {
  const maps: string[] = [];
  for (const [, stream] of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      const text = inflateSync(Buffer.from(stream ?? "", "latin1")).toString("latin1");
      if (text.includes("beginbfrange")) maps.push(text);
    } catch {
      // Not a compressed stream.
    }
  }
  return maps.join("\n");
}

/** Each page's text as a reader would copy it. */
async function pagesText(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).pages.map((page) => page.text);
  } finally {
    await parser.destroy();
  }
}

const item = (
  name: string,
  subtotal: number,
  description: string | null = null,
): Extract<DocumentLine, { kind: "item" }> => ({
  kind: "item",
  name,
  description,
  quantity: 1,
  unit: "u",
  unit_price: subtotal,
  tax_rate: 20,
  subtotal,
});

const document = (parts: DocumentPart[], subject = "Rénovation"): CommercialDocument => ({
  title: "Devis",
  reference: "DEV-2026-0042",
  subject,
  company: { name: "Durand", lines: ["12 avenue des Artisans", "69003 Lyon"], legal: [], logo: null },
  parts,
  footer: "Durand",
});

describe("renderCommercialDocument", () => {
  it("renders the same bytes whether its words are shaped afresh or come from the fonts' cache", async () => {
    // Words no earlier document used: the first render shapes them, the second reuses them.
    const unique = `Mot${randomUUID().replace(/-/g, "")}`;
    const doc: CommercialDocument = {
      ...document([], `Travaux ${unique}`),
      company: { name: `Durand ${unique}`, lines: ["12 avenue des Artisans", "69003 Lyon"], legal: [], logo: null },
      parts: [
        { kind: "header", facts: [["Date", "20/11/2026"]] },
        { kind: "parties", client: { name: "Famille Lefèvre", lines: ["Tête d'Or, Œuvre «\u00a0AVATAR\u00a0»"] } },
        {
          kind: "lines",
          lines: [
            {
              kind: "item",
              name: `Pose ${unique} faïence`,
              description: "Faïence 20×20 blanche",
              quantity: 2.5,
              unit: "m²",
              unit_price: 1042.5,
              tax_rate: 10,
              subtotal: 2606.25,
            },
          ],
        },
        {
          kind: "totals",
          vat: [{ rate: 10, net: 2606.25, tax: 260.63 }],
          subtotal: 2606.25,
          discount: null,
          taxAmount: 260.63,
          total: 2866.88,
        },
        { kind: "mentions", paragraphs: [{ title: "Conditions", body: `Conditions ${unique}` }] },
        { kind: "signature", title: "Bon pour accord", lines: ["Date\u00a0:"] },
      ],
    };
    const first = await renderCommercialDocument(doc);
    const second = await renderCommercialDocument(doc);
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
    expect(stable(second)).toBe(stable(first));
  });

  it("draws the parts in their order, with the amounts written by the shared French format", async () => {
    const pdf = await renderCommercialDocument(
      document([
        { kind: "header", facts: [["Date", "20/11/2026"]] },
        { kind: "parties", client: { name: "Famille Lefèvre", lines: ["69006 Lyon"] } },
        { kind: "lines", lines: [{ ...item("Pose de faïence", 1234.5), quantity: 1250.5, tax_rate: 5.5 }] },
        {
          kind: "totals",
          vat: [{ rate: 5.5, net: 1111.05, tax: 61.11 }],
          subtotal: 1234.5,
          discount: { label: "Remise (10 %)", amount: 123.45 },
          taxAmount: 61.11,
          total: 1172.16,
        },
        { kind: "mentions", paragraphs: [{ title: "Conditions", body: "Acompte de 30 % à la commande." }] },
        { kind: "signature", title: "Bon pour accord", lines: ["Signature du client"] },
      ]),
    );
    const [page, ...others] = await pagesText(pdf);
    expect(others).toEqual([]);
    // Text extraction writes every space as U+0020; the characters drawn are checked below.
    const plain = (text: string) => text.replace(/\s+/g, " ");
    const text = plain(page ?? "");
    for (const expected of [
      `Pose de faïence ${formatQuantity(1250.5)} u ${formatEuro(1234.5)} ${formatPercent(5.5)} ${formatEuro(1234.5)}`,
      `${formatPercent(5.5)} ${formatEuro(1111.05)} ${formatEuro(61.11)}`,
      `Remise (10 %) ${formatDeduction(123.45)}`,
      `Total HT après remise ${formatEuro(1111.05)}`,
      `Total TTC ${formatEuro(1172.16)}`,
    ]) {
      expect(text).toContain(plain(expected));
    }
    // Copying an amount gives the narrow no-break space the font has no glyph of its own for.
    expect(toUnicode(pdf)).toContain("<202f>");
    const order = [
      "DEVIS",
      "DEV-2026-0042",
      "CLIENT",
      "Famille Lefèvre",
      "OBJET",
      "Rénovation",
      "DÉSIGNATION",
      "Pose de faïence",
    ]
      .concat(["TAUX", "Total TTC", "CONDITIONS", "Acompte de 30 %", "Bon pour accord", "Page 1 / 1"])
      .map((needle) => text.indexOf(needle));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("draws section headings, section subtotals and free text lines in the lines table", async () => {
    const lines: DocumentLine[] = [
      { kind: "section", title: "Salle de bain" },
      item("Dépose baignoire", 450),
      item("Receveur extra-plat", 1289.99),
      { kind: "subtotal", label: "Sous-total Salle de bain", amount: 1739.99 },
      { kind: "section", title: "Cuisine" },
      { kind: "text", text: "Les meubles sont fournis par le client." },
      item("Pose des meubles", 880),
      { kind: "subtotal", label: "Sous-total Cuisine", amount: 880 },
    ];
    const [text = ""] = await pagesText(await renderCommercialDocument(document([{ kind: "lines", lines }])));
    const rows = text.split("\n").map((row) => row.replace(/\s+/g, " ").trim());
    const rowOf = (start: string) => rows.find((row) => row.startsWith(start));
    expect(rowOf("Sous-total Salle de bain")).toBe(
      `Sous-total Salle de bain ${formatEuro(1739.99).replace(/\s/g, " ")}`,
    );
    expect(rowOf("Sous-total Cuisine")).toBe(`Sous-total Cuisine ${formatEuro(880).replace(/\s/g, " ")}`);
    expect(rowOf("Les meubles")).toBe("Les meubles sont fournis par le client.");
    const order = [
      "Salle de bain",
      "Dépose baignoire",
      "Receveur extra-plat",
      "Sous-total Salle de bain",
      "Cuisine",
      "Les meubles sont fournis",
      "Pose des meubles",
      "Sous-total Cuisine",
    ].map((start) => rows.findIndex((row) => row.startsWith(start)));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("draws the watermark across every page, light, and nothing without one", async () => {
    const lines = Array.from({ length: 45 }, (_, n) => item(`Poste ${n + 1}`, 100));
    const marked = await renderCommercialDocument({ ...document([{ kind: "lines", lines }]), watermark: "BROUILLON" });
    const pages = await pagesText(marked);
    expect(pages.length).toBe(2);
    for (const page of pages) expect(page.match(/BROUILLON/g)).toHaveLength(1);
    // Drawn translucent: an ExtGState with a fill opacity below 1.
    expect(marked.toString("latin1")).toMatch(/\/ca 0\.1\d*/);
    const plainPages = await pagesText(await renderCommercialDocument(document([{ kind: "lines", lines }])));
    expect(plainPages.join("\n")).not.toContain("BROUILLON");
  });

  it("prints rows after the total, highlighting the last amount due", async () => {
    const [text = ""] = await pagesText(
      await renderCommercialDocument(
        document([
          {
            kind: "totals",
            vat: [],
            vatTitle: "TVA non applicable, art. 293 B du CGI",
            subtotal: 1000,
            discount: null,
            taxAmount: 0,
            total: 1000,
            after: [
              { label: "Acomptes déjà facturés", amount: 300, deduction: true },
              { label: "Net à payer", amount: 700, due: true },
            ],
          },
        ]),
      ),
    );
    const rows = text.split("\n").map((row) => row.replace(/\s+/g, " ").trim());
    expect(rows).toContain(`Acomptes déjà facturés ${formatDeduction(300).replace(/\s/g, " ")}`);
    expect(rows).toContain(`Net à payer ${formatEuro(700).replace(/\s/g, " ")}`);
    expect(text).toContain("TVA non applicable, art. 293 B du CGI");
    // No rate to break down: no table header.
    expect(text).not.toContain("BASE HT");
  });

  it("never leaves the « Bon pour accord » box alone on a page: it goes with the totals (issue 32)", async () => {
    const totals: DocumentPart = {
      kind: "totals",
      vat: [{ rate: 20, net: 12_345, tax: 2469 }],
      subtotal: 12_345,
      discount: null,
      taxAmount: 2469,
      total: 14_814,
    };
    const signature: DocumentPart = { kind: "signature", title: "Bon pour accord", lines: ["Date\u00a0:"] };
    // From lines that leave room for both to lines that leave room for the totals only.
    for (let count = 18; count <= 30; count += 1) {
      const lines = Array.from({ length: count }, (_, n) => item(`Poste ${n + 1}`, 100));
      const parts: DocumentPart[] = [{ kind: "lines", lines }, totals, signature];
      const pages = await pagesText(await renderCommercialDocument(document(parts)));
      const withBox = pages.filter((page) => page.includes("Bon pour accord"));
      expect(withBox, `${count} lines`).toHaveLength(1);
      expect(withBox[0], `${count} lines`).toContain("Total TTC");
    }
  });

  it("repeats the table's header on each page and never leaves a section heading last on a page", async () => {
    // A page holds about thirty lines: whatever the number before it, the heading goes with its first line.
    for (let before = 24; before <= 38; before += 1) {
      const lines: DocumentLine[] = [
        ...Array.from({ length: before }, (_, n) => item(`Poste ${n + 1}`, 100)),
        { kind: "section", title: "Lot suivant" },
        item("Premier poste du lot", 100),
      ];
      const pages = await pagesText(await renderCommercialDocument(document([{ kind: "lines", lines }])));
      expect(pages.join("\n")).toContain("Lot suivant");
      for (const [index, page] of pages.entries()) {
        const rows = page
          .split("\n")
          .map((row) => row.trim())
          .filter((row) => row && !/^Durand|^Page \d/.test(row));
        expect(rows[0], `${before} lines, page ${index + 1}`).toMatch(/^DÉSIGNATION/);
        expect(rows.at(-1), `${before} lines, page ${index + 1}`).not.toBe("Lot suivant");
      }
    }
  });
});
