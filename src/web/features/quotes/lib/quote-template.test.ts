import { QUOTE_TEXTS } from "@shared/quote-rules";
import { quoteTemplateInputSchema, quoteTemplateUpdateSchema } from "@shared/quote-templates";
import { emptyLine } from "@web/components/document-lines/line-fields";
import { describe, expect, it } from "vitest";
import { createDefaults } from "./quote-form";
import {
  applyTemplate,
  losesAmountDiscount,
  type QuoteTemplate,
  renamedTemplate,
  templateFromForm,
  templateSummary,
} from "./quote-template";

const template: QuoteTemplate = {
  id: "t1",
  name: "Salle de bain standard",
  description: "Créé à partir du devis DEV-2026-0003",
  items: [
    {
      kind: "item",
      library_item_id: null,
      name: "Faïence",
      description: null,
      quantity: 12,
      unit: "m²",
      unit_price: 38.5,
      tax_rate: 10,
      position: 2,
    },
    {
      kind: "item",
      library_item_id: null,
      name: "Dépose",
      description: "Ancienne baignoire",
      quantity: 1,
      unit: "forfait",
      unit_price: 250,
      tax_rate: 10,
      position: 1,
    },
  ],
  discount_percentage: 5,
  terms: "Acompte de 30 %",
  created_at: "2026-03-01T10:00:00.000Z",
  updated_at: "2026-03-01T10:00:00.000Z",
};

describe("applying a template", () => {
  it("copies the name suffixed with the date, the lines in order, the discount and the terms", () => {
    const before = { ...createDefaults({ today: "2026-03-12", clientId: "client-1" }), discount_amount: "40" };
    const after = applyTemplate(before, template, "2026-03-12");
    expect(after.name).toBe("Salle de bain standard - 12/03/2026");
    expect(after.items).toEqual([
      {
        ...emptyLine(),
        name: "Dépose",
        description: "Ancienne baignoire",
        quantity: "1",
        unit: "forfait",
        unit_price: "250.00",
        tax_rate: "10",
      },
      { ...emptyLine(), name: "Faïence", quantity: "12", unit: "m²", unit_price: "38.50", tax_rate: "10" },
    ]);
    expect(after.discount_percentage).toBe("5");
    expect(after.discount_amount).toBe("0");
    expect(after.terms).toBe("Acompte de 30 %");
    // The rest of the form stays as it was.
    expect(after.client_id).toBe("client-1");
    expect(after.date).toBe("2026-03-12");
    expect(after.valid_until).toBe(before.valid_until);
    expect(after.status).toBe("en cours de redaction");
  });

  it("keeps the form's terms when the template has none", () => {
    const before = { ...createDefaults({ today: "2026-03-12" }), terms: "Paiement à 30 jours" };
    expect(applyTemplate(before, { ...template, terms: null }, "2026-03-12").terms).toBe("Paiement à 30 jours");
  });

  it("summarises a template under its name", () => {
    expect(templateSummary(template)).toBe("2\u00a0lignes · remise 5\u00a0%");
    expect(templateSummary({ ...template, items: [], discount_percentage: 0 })).toBe("Aucune ligne");
    expect(templateSummary({ ...template, items: template.items.slice(0, 1), discount_percentage: 2.5 })).toBe(
      "1\u00a0ligne · remise 2,5\u00a0%",
    );
  });

  it("renames a template and keeps its lines in order, its discount and its terms, as the API accepts it", () => {
    const body = renamedTemplate(template, { name: "Salle d'eau", description: "" });
    expect(body.name).toBe("Salle d'eau");
    expect(body.items?.map((i) => i.name)).toEqual(
      [...template.items].sort((a, b) => a.position - b.position).map((i) => i.name),
    );
    expect(body.discount_percentage).toBe(template.discount_percentage);
    expect(body.terms).toBe(template.terms);
    // A PUT of the whole template: the server's PUT schema, which requires every key, takes it as it is.
    const parsed = quoteTemplateUpdateSchema.parse(body);
    expect(parsed.description).toBeNull();
    expect(parsed.items).toHaveLength(template.items.length);
    expect(parsed).toMatchObject({ discount_percentage: template.discount_percentage, terms: template.terms });
  });
});

describe("saving the form as a template", () => {
  const fields = {
    ...createDefaults({ today: "2026-03-12", clientId: "client-1" }),
    name: "Rénovation cuisine",
    terms: "Acompte de 30 %",
    discount_percentage: "7.5",
    items: [
      { ...emptyLine(), name: " Dépose ", quantity: "1", unit: "forfait", unit_price: "250", tax_rate: "10" },
      {
        ...emptyLine(),
        name: "Crédence",
        description: "Verre",
        quantity: "2.5",
        unit: "m²",
        unit_price: "80.10",
        tax_rate: "20",
        cost_price: "50",
      },
    ],
  };

  it("keeps the lines in screen order, the percentage discount and the terms; the schema coerces the texts", () => {
    const body = templateFromForm(fields, "percentage", { name: " Cuisine type ", description: "" });
    expect(quoteTemplateInputSchema.parse(body)).toEqual({
      name: "Cuisine type",
      description: null,
      // Never a cost: all who see quotes read templates.
      items: [
        {
          kind: "item",
          library_item_id: null,
          name: "Dépose",
          description: null,
          quantity: 1,
          unit: "forfait",
          unit_price: 250,
          tax_rate: 10,
        },
        {
          kind: "item",
          library_item_id: null,
          name: "Crédence",
          description: "Verre",
          quantity: 2.5,
          unit: "m²",
          unit_price: 80.1,
          tax_rate: 20,
        },
      ],
      discount_percentage: 7.5,
      terms: "Acompte de 30 %",
    });
  });

  it("leaves an amount discount out, and says so", () => {
    const amount = { ...fields, discount_percentage: "0", discount_amount: "120" };
    expect(templateFromForm(amount, "amount", { name: "Cuisine", description: "" }).discount_percentage).toBe(0);
    expect(losesAmountDiscount(amount, "amount")).toBe(true);
    expect(losesAmountDiscount({ discount_amount: "0" }, "amount")).toBe(false);
    expect(losesAmountDiscount(amount, "percentage")).toBe(false);
  });

  it("refuses a template without a name", () => {
    const parsed = quoteTemplateInputSchema.safeParse(
      templateFromForm(fields, "percentage", { name: " ", description: "" }),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(QUOTE_TEXTS.templateNameRequired);
  });
});
