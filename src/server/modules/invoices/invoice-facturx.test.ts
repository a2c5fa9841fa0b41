import { inflateSync } from "node:zlib";
import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { TEST_JWT_SECRET } from "@server/test/helpers";
import { parseCsv } from "@shared/csv";
import { parisToday } from "@shared/dates";
import { FACTURX_PROFILE, INVOICE_TEXTS, type Invoice } from "@shared/invoices";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { CII_TEXTS } from "./facturx/cii";
import { RULES_FR, validateCii } from "./facturx/validate";
import { setupInvoicesTest } from "./invoices.fixtures";
import { createInvoicesService } from "./invoices.service";

/**
 * Issue 17 over HTTP (docs/domain/einvoicing.md): an issue checked by the EN 16931 rules before its
 * commit, the Factur-X of an issued document (GET …/pdf), its XML (GET …/xml), and the ZIP export of a
 * period (GET /api/invoices/export).
 */

const t = await setupInvoicesTest();
const { api, admin, viewer, norole, otherAdmin } = t;
const today = parisToday();
const year = today.slice(0, 4);

/** The embedded file of a PDF (pdfkit writes one stream per file, Flate-compressed): its text, null without one. */
function attachedXml(pdf: Buffer): string | null {
  const text = pdf.toString("latin1");
  const found = /\/Type \/EmbeddedFile[\s\S]*?\/Length (\d+)([\s\S]*?)>>\s*stream\r?\n/.exec(text);
  if (!found || found.index === undefined) return null;
  const start = found.index + found[0].length;
  const bytes = pdf.subarray(start, start + Number(found[1]));
  return (/\/Filter \/FlateDecode/.test(found[0]) ? inflateSync(bytes) : bytes).toString("utf8");
}

const draftOf = (extra: object = {}) => t.createInvoice(admin, { discount_percentage: 0, ...extra });
const numberOf = (reference: string) => Number(reference.split("-")[2]);

let invoice: Invoice;
beforeAll(async () => {
  invoice = await t.issue((await draftOf()).id);
});

describe("an issued document's Factur-X", () => {
  it("is stated by the detail: « EN 16931 », validated; a draft has none", async () => {
    expect(invoice.facturx).toEqual({ profile: FACTURX_PROFILE, validated: true });
    expect((await t.get(invoice.id)).facturx).toEqual({ profile: FACTURX_PROFILE, validated: true });
    expect((await draftOf()).facturx).toBeNull();
  });

  it("GET …/xml answers the XML as <reference>.xml, valid; the PDF carries the same bytes", async () => {
    const res = await api(viewer, "GET", `/api/invoices/${invoice.id}/xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${invoice.reference}.xml"`);
    expect(res.body).toContain(`<ram:ID>${invoice.reference}</ram:ID>`);
    expect(validateCii(res.body).fatal).toEqual([]);
    const pdf = await api(viewer, "GET", `/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 8).toString("latin1")).toBe("%PDF-1.7");
    expect(attachedXml(pdf.rawPayload)).toBe(res.body);
    // The second download is the same document (the cache, or the same bytes rendered again).
    expect((await api(viewer, "GET", `/api/invoices/${invoice.id}/pdf`)).rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it("GET …/xml: 409 for a draft, 404 for another company's invoice, 403 without invoices:view", async () => {
    const draft = await draftOf();
    const res = await api(admin, "GET", `/api/invoices/${draft.id}/xml`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CII_TEXTS.draft);
    expect((await api(otherAdmin, "GET", `/api/invoices/${invoice.id}/xml`)).statusCode).toBe(404);
    expect((await api(norole, "GET", `/api/invoices/${invoice.id}/xml`)).statusCode).toBe(403);
  });

  it("a draft's PDF stays a plain PDF, without XML", async () => {
    const draft = await draftOf();
    const pdf = await api(admin, "GET", `/api/invoices/${draft.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 8).toString("latin1")).not.toBe("%PDF-1.7");
    expect(attachedXml(pdf.rawPayload)).toBeNull();
  });

  it("a credit note made by cancelling is a Factur-X too (381, the invoice it credits)", async () => {
    const cancelled = await t.issue((await draftOf()).id);
    const res = await api(admin, "POST", `/api/invoices/${cancelled.id}/cancel`);
    expect(res.statusCode, res.body).toBe(201);
    const creditNote = res.json() as Invoice;
    expect(creditNote.facturx).toEqual({ profile: FACTURX_PROFILE, validated: true });
    const xml = await api(admin, "GET", `/api/invoices/${creditNote.id}/xml`);
    expect(xml.body).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xml.body).toContain(`<ram:IssuerAssignedID>${cancelled.reference}</ram:IssuerAssignedID>`);
    expect(validateCii(xml.body).fatal).toEqual([]);
  });
});

describe("issuing checks the EN 16931 rules before the commit", () => {
  it("refuses (409) a reverse charge to a private client (BR-AE-02): the invoice stays a draft, no number taken", async () => {
    const before = await t.issue((await draftOf()).id);
    const refused = await draftOf({ reverse_charge: true });
    const res = await api(admin, "POST", `/api/invoices/${refused.id}/issue`);
    expect(res.statusCode, res.body).toBe(409);
    const error = res.json().error as string;
    expect(error.startsWith("La facture ne respecte pas la norme EN 16931\u00a0: Règle BR-AE-02\u00a0: ")).toBe(true);
    expect(error).toContain("l’autoliquidation exige");
    // The same through PATCH …/status.
    const patched = await api(admin, "PATCH", `/api/invoices/${refused.id}/status`, { status: "sent" });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().error).toBe(error);
    const still = await t.get(refused.id);
    expect(still).toMatchObject({ status: "draft", issued_at: null, facturx: null });
    expect(still.reference).toMatch(/^PROV-/);
    // No number was taken: the next issue follows the last one.
    const next = await t.issue((await draftOf()).id);
    expect(numberOf(next.reference)).toBe(numberOf(before.reference) + 1);
    expect(next.reference.startsWith(`FAC-${year}-`)).toBe(true);
  });

  it("refuses a document the rules reject, with every rule named, and logs the rule ids (an injected validator)", async () => {
    const auth = await createAuthService(t.db, new TokenService(TEST_JWT_SECRET)).authenticate(admin);
    const warnings: { details: Record<string, unknown>; message: string }[] = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details: { ...details }, message }) };
    const seen: string[] = [];
    const failure = (id: string, text: string) => ({
      id,
      flag: "fatal",
      text,
      location: "/",
      message: `Règle ${id}\u00a0: ${text}`,
    });
    const service = createInvoicesService(t.db, {
      validate: (xml) => {
        seen.push(/<ram:ID>([^<]+)<\/ram:ID>/.exec(xml.slice(xml.indexOf("<rsm:ExchangedDocument>")))?.[1] ?? "");
        return {
          valid: false,
          fatal: [
            failure("BR-CO-15", "total"),
            failure("BR-S-08", "base"),
            failure("BR-CO-15", "total"),
            failure("CII-XX-1", "unknown"),
          ],
          warnings: [],
        };
      },
    });
    const draft = await draftOf();
    await expect(service.issue(auth, draft.id, log)).rejects.toMatchObject({
      statusCode: 409,
      // Each rule once, in French when the rule is known.
      message: INVOICE_TEXTS.notEn16931([
        `Règle BR-CO-15\u00a0: ${RULES_FR["BR-CO-15"]}`,
        `Règle BR-S-08\u00a0: ${RULES_FR["BR-S-08"]}`,
        "Règle CII-XX-1\u00a0: unknown",
      ]),
    });
    // Validated as it would be committed: a number of the same form, not the provisional reference.
    expect(seen).toEqual([`FAC-${year}-0000`]);
    expect(warnings).toEqual([
      {
        message: "Factur-X refused at issue",
        details: {
          invoiceId: draft.id,
          companyId: t.company.id,
          kind: "invoice",
          rules: ["BR-CO-15", "BR-S-08", "CII-XX-1"],
        },
      },
    ]);
    expect((await t.get(draft.id)).status).toBe("draft");

    // Cancelling issues a credit note: checked the same way, the invoice stays issued, no credit note.
    const issued = await t.issue((await draftOf()).id);
    await expect(service.cancel(auth, issued.id, log)).rejects.toMatchObject({ statusCode: 409 });
    expect(seen.at(-1)).toBe(`AV-${year}-0000`);
    const after = await t.get(issued.id);
    expect(after).toMatchObject({ status: "sent", credit_note: null });
    const creditNotes = await t.db.run("platform", (tx) =>
      tx.execute(sql`SELECT id FROM invoices WHERE credited_invoice_id = ${issued.id}`),
    );
    expect(creditNotes.rows).toEqual([]);
  });
});

describe("GET /api/invoices/export", () => {
  const exportOf = (query: string, token = admin) => api(token, "GET", `/api/invoices/export${query}`);

  it("answers a ZIP of each issued document's Factur-X and recapitulatif.csv (drafts and other companies left out)", async () => {
    const draft = await draftOf();
    const rival = await t.created(otherAdmin, "/api/invoices", {
      client_id: t.otherClientId,
      name: "Concurrente",
      items: [{ name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate: 20 }],
    });
    const rivalIssued = await t.issue(rival.id, otherAdmin);
    const res = await exportOf(`?from=${today}&to=${today}`, viewer);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="factures-${today}-${today}.zip"`);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(entries);
    expect(names).toContain("recapitulatif.csv");
    expect(names).toContain(`${invoice.reference}.pdf`);
    expect(names).not.toContain(`${draft.reference}.pdf`);
    // Every document of the company issued today, no other.
    const listed = await t.db.run("platform", (tx) =>
      tx.execute<{ reference: string }>(sql`
        SELECT reference FROM invoices WHERE company_id = ${t.company.id} AND status <> 'draft' AND date = ${today}::date
        ORDER BY date, reference`),
    );
    expect(names.filter((n) => n.endsWith(".pdf"))).toEqual(listed.rows.map((r) => `${r.reference}.pdf`));
    // Each PDF is the document's Factur-X: its XML is the …/xml answer.
    const xml = await api(admin, "GET", `/api/invoices/${invoice.id}/xml`);
    expect(attachedXml(Buffer.from(entries[`${invoice.reference}.pdf`] ?? []))).toBe(xml.body);

    const csvBytes = Buffer.from(entries["recapitulatif.csv"] ?? []);
    expect(csvBytes.subarray(0, 3).toString("hex")).toBe("efbbbf");
    const rows = parseCsv(csvBytes.toString("utf8"));
    expect(rows[0]).toEqual(["Référence", "Type", "Date", "Client", "SIREN", "Total HT", "TVA", "Total TTC", "Statut"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.rows.map((r) => r.reference));
    // The other company's invoice of the same day (its own numbering: maybe the same reference) is not there.
    expect(rivalIssued.status).toBe("sent");
    expect(rows.some((r) => r[3] === "Client concurrent")).toBe(false);
    const [d, m, y] = [today.slice(8), today.slice(5, 7), today.slice(0, 4)];
    // 573,40 HT of LINES at 20 %, 10 %, 5,5 %.
    expect(rows.find((r) => r[0] === invoice.reference)).toEqual([
      invoice.reference,
      "Facture",
      `${d}/${m}/${y}`,
      "Famille Martin",
      "",
      "573,40",
      "81,79",
      "655,19",
      "Envoyée",
    ]);
    const creditNote = rows.find((r) => r[1] === "Avoir");
    expect(creditNote?.slice(5, 8)).toEqual(["-573,40", "-81,79", "-655,19"]);
  });

  it("recapitulatif.csv is safe to open in a spreadsheet: a client's name never runs as a formula, amounts stay numbers", async () => {
    const name = '=HYPERLINK("http://pirate.example";"Voir")';
    const client = await t.created(admin, "/api/clients", { name, phone: "+33 6 12 34 56 78" });
    const issued = await t.issue((await draftOf({ client_id: client.id })).id);
    const cancelled = await api(admin, "POST", `/api/invoices/${issued.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const creditNote = cancelled.json() as Invoice;
    const res = await exportOf(`?from=${today}&to=${today}`);
    const csv = Buffer.from(unzipSync(new Uint8Array(res.rawPayload))["recapitulatif.csv"] ?? []).toString("utf8");
    const lines = csv.split("\r\n");
    const [d, m, y] = [today.slice(8), today.slice(5, 7), today.slice(0, 4)];
    expect(lines).toContain(
      `${issued.reference};Facture;${d}/${m}/${y};"'=HYPERLINK(""http://pirate.example"";""Voir"")";;573,40;81,79;655,19;Annulée`,
    );
    // The credit note's amounts are numbers, negative: never behind a single quote.
    expect(lines.find((line) => line.startsWith(`${creditNote.reference};`))).toMatch(
      /;"'=HYPERLINK\(.*\)";;-573,40;-81,79;-655,19;[^;]+$/,
    );
    expect(parseCsv(csv).find((r) => r[0] === issued.reference)?.[3]).toBe(name);
  });

  it("gives the same bytes for the same period (documents from the cache, fixed dates)", async () => {
    const first = await exportOf(`?from=${today}&to=${today}`);
    const second = await exportOf(`?from=${today}&to=${today}`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("an empty period: only the summary's header", async () => {
    const res = await exportOf("?from=2001-01-01&to=2001-12-31");
    expect(res.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toEqual(["recapitulatif.csv"]);
  });

  it.each([
    ["", INVOICE_TEXTS.exportFromInvalid],
    ["?from=2026-01-01", INVOICE_TEXTS.exportToInvalid],
    ["?from=01/01/2026&to=2026-01-31", INVOICE_TEXTS.exportFromInvalid],
    ["?from=2026-02-01&to=2026-02-30", INVOICE_TEXTS.exportToInvalid],
    ["?from=2026-03-01&to=2026-02-01", INVOICE_TEXTS.exportPeriodOrder],
    ["?from=2026-01-01&to=2027-01-01", INVOICE_TEXTS.exportPeriodTooLong],
  ])("refuses %s: 400 « %s »", async (query, message) => {
    const res = await exportOf(query);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it("takes a whole year (1 January to 31 December), and asks for invoices:view", async () => {
    expect((await exportOf("?from=2026-01-01&to=2026-12-31")).statusCode).toBe(200);
    expect((await exportOf("?from=2028-02-29&to=2029-02-28")).statusCode).toBe(200);
    expect((await exportOf(`?from=${today}&to=${today}`, norole)).statusCode).toBe(403);
  });
});
