/**
 * PDF/A-3b with an attached e-invoice: what makes an issued invoice's PDF a Factur-X
 * (docs/decisions/0016-factur-x.md, docs/domain/einvoicing.md#the-pdf). pdfkit writes the PDF/A part
 * itself when asked (`subset: "PDF/A-3b"`, PDF 1.7): the XMP identification `pdfaid` part 3 conformance B
 * and the sRGB IEC61966-2.1 output intent (its ICC profile read from pdfkit's own `data/` folder: the
 * server bundle keeps npm packages external, scripts/build-server.mjs). This module adds the rest:
 * the XML as an associated file (`AFRelationship`, in the catalogue's `/AF` and its embedded files),
 * the Factur-X XMP extension schema and its values, and the document's properties written into the XMP
 * escaped (pdfkit writes them raw: « Dupont & Fils » would break the packet) and equal to the document
 * information dictionary, as PDF/A requires.
 */
/** The Factur-X namespace of the XMP (Factur-X 1.0, § 6.2.2). */
export const FACTURX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
/** The attachment's name, fixed by Factur-X. */
export const FACTURX_FILENAME = "factur-x.xml";

/** What the PDF/A options of pdfkit are for an e-invoice. */
export const PDFA_OPTIONS = { pdfVersion: "1.7", subset: "PDF/A-3b" } as const;

export interface FacturxAttachment {
  /** The CII XML. */
  xml: string;
  /** When the document was issued (ISO 8601): the PDF's creation date and the attachment's dates. */
  date: string;
  /** Factur-X's conformance level (« EN 16931 ») and version. */
  conformance: string;
  version: string;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** An XMP date as pdfkit writes the information dictionary's (`D:…Z`): UTC, to the second. */
const xmpDate = (date: Date) => `${date.toISOString().split(".")[0]}Z`;

/** The extension schema that declares the `fx` properties (PDF/A requires every non-standard schema declared). */
function facturxExtensionSchema(): string {
  const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;
  return `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${[
                    property("DocumentFileName", "The name of the embedded XML document"),
                    property(
                      "DocumentType",
                      "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER",
                    ),
                    property("Version", "The actual version of the standard applying to the embedded XML document"),
                    property("ConformanceLevel", "The conformance level of the embedded XML document"),
                  ].join("")}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;
}

function facturxProperties(attachment: FacturxAttachment): string {
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
          <fx:Version>${escapeXml(attachment.version)}</fx:Version>
          <fx:ConformanceLevel>${escapeXml(attachment.conformance)}</fx:ConformanceLevel>
        </rdf:Description>`;
}

interface DocumentInfo {
  Title?: string;
  Author?: string;
  Subject?: string;
  Creator?: string;
  Producer?: string;
  CreationDate?: Date;
}

/**
 * The document information as XMP (dc:title, dc:creator, dc:description, xmp:CreateDate,
 * xmp:CreatorTool, pdf:Producer), escaped, in place of pdfkit's unescaped version.
 */
function infoXmp(info: DocumentInfo): string {
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  return `
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
          ${info.CreationDate ? `<xmp:CreateDate>${xmpDate(info.CreationDate)}</xmp:CreateDate>` : ""}
          ${info.Creator ? `<xmp:CreatorTool>${escapeXml(info.Creator)}</xmp:CreatorTool>` : ""}
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <dc:format>application/pdf</dc:format>
          ${info.Title ? `<dc:title>${alt(info.Title)}</dc:title>` : ""}
          ${info.Author ? `<dc:creator><rdf:Seq><rdf:li>${escapeXml(info.Author)}</rdf:li></rdf:Seq></dc:creator>` : ""}
          ${info.Subject ? `<dc:description>${alt(info.Subject)}</dc:description>` : ""}
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
          ${info.Producer ? `<pdf:Producer>${escapeXml(info.Producer)}</pdf:Producer>` : ""}
        </rdf:Description>`;
}

/** pdfkit's internals this module reaches: the information, and the method that writes it into the XMP. */
interface PdfkitInternals {
  info: DocumentInfo;
  _addInfo: () => void;
}

/**
 * Makes `pdf` (created with `PDFA_OPTIONS`) a Factur-X: the XML attached as `factur-x.xml` (text/xml,
 * AFRelationship « Alternative »: the XML is the invoice the PDF shows), the Factur-X XMP, and the
 * document's properties written escaped. Call before `pdf.end()`.
 */
export function attachFacturx(pdf: PDFKit.PDFDocument, facturx: FacturxAttachment): void {
  const date = new Date(facturx.date);
  pdf.file(Buffer.from(facturx.xml, "utf8"), {
    name: FACTURX_FILENAME,
    type: "text/xml",
    description: `Factur-X ${facturx.conformance}`,
    creationDate: date,
    modifiedDate: date,
    // Typed by pdfkit, not by @types/pdfkit.
    relationship: "Alternative",
  } as PDFKit.Mixins.PDFAttachmentOptions);
  pdf.appendXML(facturxExtensionSchema());
  pdf.appendXML(facturxProperties(facturx));
  const internals = pdf as unknown as PdfkitInternals;
  internals._addInfo = () => pdf.appendXML(infoXmp(internals.info));
}
