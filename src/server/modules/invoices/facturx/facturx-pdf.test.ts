import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderCommercialDocument } from "@server/pdf/document";
import { FACTURX_NAMESPACE } from "@server/pdf/pdfa";
import type { Invoice } from "@shared/invoices";
import { afterAll, describe, expect, it } from "vitest";
import { invoiceFixture, SELLER_FIXTURE } from "../invoice-document.fixtures";
import { invoiceDocument } from "../invoice-pdf";
import type { InvoiceSeller } from "../invoice-seller";
import { buildCii } from "./cii";
import { validateCii } from "./validate";

/**
 * An issued invoice's PDF is a Factur-X (ADR 0016, docs/domain/einvoicing.md#the-pdf): PDF/A-3b (PDF 1.7,
 * the XMP identification, the sRGB output intent, every font embedded), `factur-x.xml` attached as the
 * « Alternative » of the document and listed in the catalogue's /AF, the Factur-X XMP extension schema
 * and its values. A draft is a plain PDF. Checked with Debian's poppler-utils (pdfinfo, pdfdetach,
 * pdffonts; `scripts/test.mjs` installs them) and on the PDF's own dictionaries.
 */

const SELLER: InvoiceSeller = {
  ...SELLER_FIXTURE,
  // « & » and « < »: the XMP must escape them (pdfkit writes its properties raw).
  name: "Durand & Fils <Rénovation>",
  website: null,
  siret: "81234567600017",
  iban: "FR7630006000011234567890189",
  bic: "AGRIFRPP",
};

const invoice = (overrides: Partial<Invoice> = {}): Invoice =>
  invoiceFixture({
    name: "Rénovation de la cuisine & de l'entrée",
    notes: null,
    issued_at: "2026-03-12T09:30:00.000Z",
    ...overrides,
  });

const folder = mkdtempSync(path.join(os.tmpdir(), "propulse-facturx-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

/** Runs a poppler tool on `pdf` written to a file: its standard output. */
function poppler(tool: string, args: string[], pdf: Buffer): string {
  const file = path.join(folder, `document-${++files}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file], { encoding: "utf8", cwd: folder });
}

/** The embedded file `index` (1-based) of `pdf`, extracted by pdfdetach. */
function attachment(pdf: Buffer, index: number): Buffer {
  const out = path.join(folder, `attachment-${++files}`);
  poppler("pdfdetach", ["-save", String(index), "-o", out], pdf);
  return readFileSync(out);
}

/** The fonts table of pdffonts: one row per font, its columns split. */
function fonts(pdf: Buffer) {
  return poppler("pdffonts", [], pdf)
    .split("\n")
    .slice(2)
    .filter((row) => row.trim().length > 0)
    .map((row) => ({ name: row.split(/\s+/)[0] ?? "", row }));
}

/** The XMP packet is well-formed XML (xmllint), whatever the properties hold. */
function wellFormed(xml: string): string {
  const file = path.join(folder, `xmp-${++files}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", file], { stdio: "pipe" });
    return "";
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const issued = invoice();
const xml = buildCii({ invoice: issued, seller: SELLER, bank: { iban: SELLER.iban ?? "", bic: SELLER.bic } });
const facturx = await renderCommercialDocument(invoiceDocument(issued, SELLER, { xml }));
const draft = await renderCommercialDocument(
  invoiceDocument(invoice({ status: "draft", reference: "PROV-7F3A2C1B9D", issued_at: null, facturx: null }), SELLER, {
    xml,
  }),
);
const raw = facturx.toString("latin1");

describe("an issued invoice's PDF: Factur-X (PDF/A-3b, EN 16931)", () => {
  it("attaches factur-x.xml, whose bytes are the XML and pass the EN 16931 rules", () => {
    expect(poppler("pdfdetach", ["-list"], facturx)).toMatch(/^1 embedded files\n1: factur-x\.xml\n$/);
    const attached = attachment(facturx, 1);
    expect(attached.equals(Buffer.from(xml, "utf8"))).toBe(true);
    expect(validateCii(attached.toString("utf8")).fatal).toEqual([]);
  });

  it("declares the XML the document's alternative, in the catalogue's /AF, as text/xml with its dates", () => {
    expect(raw).toMatch(/\/Type \/Filespec\s*\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/F \(factur-x\.xml\)/);
    expect(raw).toMatch(/\/UF \(factur-x\.xml\)/);
    expect(raw).toMatch(/\/Type \/Catalog[\s\S]*?\/AF \[\d+ 0 R\]/);
    expect(raw).toMatch(/\/Type \/EmbeddedFile\s*\/Params <<[\s\S]*?\/ModDate \(D:20260312093000Z\)/);
    expect(raw).toContain("/Subtype /text#2Fxml");
  });

  it("is PDF 1.7 with the XMP of PDF/A-3b and of Factur-X (INVOICE, factur-x.xml, 1.0, EN 16931), well-formed", () => {
    expect(poppler("pdfinfo", [], facturx)).toMatch(/PDF version:\s+1\.7/);
    const xmp = poppler("pdfinfo", ["-meta"], facturx);
    expect(wellFormed(xmp)).toBe("");
    expect(xmp).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(xmp).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    // The extension schema declares the fx properties (PDF/A asks it of every non-standard schema).
    expect(xmp).toContain(`<pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>`);
    expect(xmp).toContain("<pdfaSchema:prefix>fx</pdfaSchema:prefix>");
    for (const name of ["DocumentFileName", "DocumentType", "Version", "ConformanceLevel"]) {
      expect(xmp).toContain(`<pdfaProperty:name>${name}</pdfaProperty:name>`);
    }
    expect(xmp).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
    expect(xmp).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
    expect(xmp).toContain("<fx:Version>1.0</fx:Version>");
    expect(xmp).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
  });

  it("has the same title, author, producer and creation date in its properties and its XMP", () => {
    const info = poppler("pdfinfo", ["-isodates"], facturx);
    const xmp = poppler("pdfinfo", ["-meta"], facturx);
    expect(info).toMatch(/Title:\s+Facture FAC-2026-0042\n/);
    expect(info).toMatch(/Author:\s+Durand & Fils <Rénovation>\n/);
    expect(info).toMatch(/Producer:\s+Propulse \(PDFKit\)\n/);
    expect(info).toMatch(/CreationDate:\s+2026-03-12T09:30:00Z\n/);
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Facture FAC-2026-0042</rdf:li>');
    expect(xmp).toContain("<rdf:li>Durand &amp; Fils &lt;Rénovation&gt;</rdf:li>");
    expect(xmp).toContain("<pdf:Producer>Propulse (PDFKit)</pdf:Producer>");
    expect(xmp).toContain("<xmp:CreateDate>2026-03-12T09:30:00Z</xmp:CreateDate>");
    expect(xmp).toContain("<xmp:CreatorTool>Propulse</xmp:CreatorTool>");
  });

  it("has the sRGB output intent of PDF/A with its ICC profile", () => {
    expect(raw).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(raw).toMatch(/\/Type \/OutputIntent\s*\/S \/GTS_PDFA1/);
    expect(raw).toContain("/OutputConditionIdentifier (sRGB IEC61966-2.1)");
    expect(raw).toMatch(/\/DestOutputProfile \d+ 0 R/);
  });

  it("embeds every font it uses (TrueType subsets, FontFile2), no standard font", () => {
    const used = fonts(facturx);
    expect(used.length).toBeGreaterThan(0);
    for (const font of used) {
      expect(font.row, font.name).toMatch(/CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
      expect(font.name).toMatch(/^[A-Z]{6}\+Inter/);
    }
    expect(raw.match(/\/FontFile2 /g)?.length).toBe(used.length);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it("is the same bytes for the same content (dated by its issue): the cache and the export agree", async () => {
    const again = await renderCommercialDocument(invoiceDocument(issued, SELLER, { xml }));
    expect(again.equals(facturx)).toBe(true);
  });
});

describe("a draft's PDF", () => {
  it("is a plain PDF: no XML, no XMP identification, no output intent", () => {
    expect(poppler("pdfdetach", ["-list"], draft)).toMatch(/^0 embedded files/);
    const text = draft.toString("latin1");
    expect(text).not.toContain("/AF ");
    expect(text).not.toContain("/OutputIntents");
    expect(text).not.toContain("pdfaid");
    expect(poppler("pdfinfo", [], draft)).not.toMatch(/PDF version:\s+1\.7/);
    for (const font of fonts(draft)) expect(font.row, font.name).toMatch(/yes\s+yes\s+yes/);
  });
});
