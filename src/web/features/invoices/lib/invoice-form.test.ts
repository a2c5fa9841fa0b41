import { INVOICE_DEFAULTS, INVOICE_TEXTS, invoiceInputSchema, invoiceUpdateSchema } from "@shared/invoices";
import { emptyLine } from "@web/components/document-lines/line-fields";
import { describe, expect, it } from "vitest";
import { makeQuote, PROJECT_ID, QUOTE_ID } from "../test/form-fixtures";
import { CLIENT_ID, makeInvoice } from "../test/list-fixtures";
import {
  createInvoiceDefaults,
  dueDateFor,
  invoiceToFields,
  quoteToInvoiceFields,
  sectionOfField,
  toInvoiceCreatePayload,
  toInvoiceUpdatePayload,
} from "./invoice-form";

const line = (name: string, price: string, rate = "20") => ({
  ...emptyLine(),
  name,
  unit_price: price,
  tax_rate: rate,
});

describe("a new invoice", () => {
  it("is dated today, due 30 days later, by bank transfer, with the default legal mentions and one line at 20 %", () => {
    const fields = createInvoiceDefaults({ today: "2026-12-15" });
    expect(fields).toMatchObject({
      client_id: "",
      date: "2026-12-15",
      due_date: "2027-01-14",
      payment_method: "bank_transfer",
      work_date: "",
      reverse_charge: false,
      operation_category: "services",
      discount_percentage: "0",
      discount_amount: "0",
      legal_mentions: INVOICE_DEFAULTS.legalMentions,
    });
    expect(fields.items).toEqual([emptyLine("item", 20)]);
    expect(createInvoiceDefaults({ today: "2026-12-15", clientId: "abc" }).client_id).toBe("abc");
  });

  it("follows the date with its due date, and leaves it empty while the date is not a day", () => {
    expect(dueDateFor("2026-02-01")).toBe("2026-03-03");
    expect(dueDateFor("")).toBe("");
    expect(dueDateFor("2026-02")).toBe("");
  });

  it("gives the spec's messages through the shared schema", () => {
    const issues = invoiceInputSchema.safeParse(createInvoiceDefaults({ today: "2026-12-15" })).error?.issues ?? [];
    const messages = issues.map((issue) => issue.message);
    expect(messages).toContain(INVOICE_TEXTS.clientRequired);
    expect(messages).toContain(INVOICE_TEXTS.nameRequired);
    expect(messages).toContain(INVOICE_TEXTS.linesInvalid);
  });
});

describe("from a quote, and back from a draft", () => {
  it("takes the quote's client, name, notes, terms, discounts and lines in position order", () => {
    const fields = quoteToInvoiceFields(makeQuote(), "2026-03-20");
    expect(fields).toMatchObject({
      client_id: CLIENT_ID,
      name: "Rénovation salle de bain",
      notes: "Portail bleu",
      terms: "Acompte de 30 % à la commande",
      discount_percentage: "5",
      discount_amount: "0",
      date: "2026-03-20",
      due_date: "2026-04-19",
      legal_mentions: INVOICE_DEFAULTS.legalMentions,
    });
    expect(fields.items.map((item) => [item.kind, item.name])).toEqual([
      ["section", "Salle de bain"],
      ["item", "Carrelage"],
      ["item", "Peinture"],
    ]);
    expect(fields.items[1]).toMatchObject({ quantity: "10", unit: "m²", unit_price: "20.00", tax_rate: "10" });
  });

  it("shows a stored draft with '' for nothing", () => {
    const fields = invoiceToFields(makeInvoice({ due_date: null, payment_method: null, notes: null }));
    expect(fields).toMatchObject({ due_date: "", payment_method: "", notes: "", work_date: "2026-03-02" });
    expect(fields.items.map((item) => item.name)).toEqual(["Salle de bain", "Carrelage mural", "Pose de la faïence"]);
  });
});

describe("bodies of POST and PUT", () => {
  const fields = {
    ...createInvoiceDefaults({ today: "2026-03-20", clientId: CLIENT_ID }),
    name: "  Salle de bain ",
    work_date: "2026-03-02",
    due_date: "",
    payment_method: "" as const,
    discount_percentage: "10",
    discount_amount: "30",
    items: [{ ...emptyLine("section"), name: "Lot 1", unit_price: "99" }, line("Carrelage", "20", "10")],
  };

  it("sends the trimmed fields, headings by their words, only the discount that applies, the quote and its worksite", () => {
    const body = toInvoiceCreatePayload(invoiceInputSchema.parse(fields), { quoteId: QUOTE_ID, projectId: PROJECT_ID });
    expect(body).toEqual({
      client_id: CLIENT_ID,
      quote_id: QUOTE_ID,
      project_id: PROJECT_ID,
      name: "Salle de bain",
      date: "2026-03-20",
      due_date: null,
      work_date: "2026-03-02",
      payment_method: null,
      notes: null,
      terms: null,
      legal_mentions: INVOICE_DEFAULTS.legalMentions,
      reverse_charge: false,
      operation_category: "services",
      discount_percentage: 10,
      discount_amount: 0,
      items: [
        { kind: "section", name: "Lot 1" },
        {
          kind: "item",
          name: "Carrelage",
          description: null,
          quantity: 1,
          unit: "unité",
          unit_price: 20,
          tax_rate: 10,
        },
      ],
    });
    // What the web sends, the server's schema reads back unchanged.
    expect(invoiceInputSchema.safeParse(body).error?.issues).toBeUndefined();
  });

  it("keeps a fixed discount when the percentage is 0, and leaves client, quote and worksite out of an update", () => {
    const values = invoiceUpdateSchema.parse({ ...fields, discount_percentage: "0", discount_amount: "15" });
    const body = toInvoiceUpdatePayload(values);
    expect(body).toMatchObject({ discount_percentage: 0, discount_amount: 15 });
    expect(body).not.toHaveProperty("client_id");
    expect(body).not.toHaveProperty("quote_id");
    expect(body).not.toHaveProperty("project_id");
    expect(invoiceUpdateSchema.safeParse(body).error?.issues).toBeUndefined();
  });

  it("opens the section that holds an invalid field", () => {
    expect(sectionOfField("client_id")).toBe("info");
    expect(sectionOfField("items.2.unit_price")).toBe("items");
    expect(sectionOfField("discount_amount")).toBe("totals");
    expect(sectionOfField("legal_mentions")).toBe("notes");
  });
});
