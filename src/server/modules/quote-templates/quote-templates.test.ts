import { QUOTE_TEXTS } from "@shared/quotes";
import { describe, expect, it } from "vitest";
import { QUOTE_LINES as items, setupQuotesTest } from "../quotes/quotes.fixtures";

const { api, admin, compagnon, otherAdmin, createQuote } = await setupQuotesTest();

describe("quote templates", () => {
  it("turns a quote into a template and manages templates", async () => {
    const quote = await createQuote(admin);
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/duplicate-as-template`, {
      name: "Salle de bain type",
    });
    expect(res.statusCode).toBe(201);
    const template = res.json();
    expect(template).toMatchObject({ name: "Salle de bain type", discount_percentage: 10 });
    expect(template.items.map((i: { name: string }) => i.name)).toEqual(items.map((i) => i.name));

    const list = (await api(admin, "GET", "/api/quote-templates")).json();
    expect(list.data.map((t: { id: string }) => t.id)).toContain(template.id);
    const whole = {
      name: "Salle de bain",
      description: template.description,
      items: [items[0]],
      discount_percentage: template.discount_percentage,
      terms: template.terms,
    };
    const updated = await api(admin, "PUT", `/api/quote-templates/${template.id}`, whole);
    expect(updated.json()).toMatchObject({
      name: "Salle de bain",
      discount_percentage: 10,
      items: [{ name: "Dépose carrelage", position: 1 }],
    });
    const invalid = await api(admin, "POST", "/api/quote-templates", { name: "" });
    expect(invalid.json().error).toBe("Le nom du modèle est obligatoire");
    expect((await api(otherAdmin, "PUT", `/api/quote-templates/${template.id}`, whole)).statusCode).toBe(404);
    expect((await api(otherAdmin, "DELETE", `/api/quote-templates/${template.id}`)).statusCode).toBe(404);
    expect((await api(admin, "DELETE", `/api/quote-templates/${template.id}`)).statusCode).toBe(204);
    expect((await api(admin, "DELETE", `/api/quote-templates/${template.id}`)).statusCode).toBe(404);
  });

  it("creates a template from a quote being written (« Enregistrer ce devis comme template »)", async () => {
    const body = {
      name: "  Cuisine type ",
      description: "",
      items: [
        { name: "Meuble bas", description: null, quantity: 3, unit: "unité", unit_price: 189.9, tax_rate: 20 },
        { name: "Pose", description: "Jour de pose", quantity: 1.5, unit: "jour", unit_price: 320, tax_rate: 10 },
      ],
      discount_percentage: 7.5,
      terms: "Acompte de 30 %",
    };
    const res = await api(admin, "POST", "/api/quote-templates", body);
    expect(res.statusCode).toBe(201);
    const template = res.json();
    expect(template).toMatchObject({
      name: "Cuisine type",
      description: null,
      discount_percentage: 7.5,
      terms: "Acompte de 30 %",
      items: body.items.map((item, index) => ({ ...item, position: index + 1 })),
    });
    const ids = async (token: string) =>
      (await api(token, "GET", "/api/quote-templates")).json().data.map((t: { id: string }) => t.id);
    expect(await ids(admin)).toContain(template.id);
    expect(await ids(otherAdmin)).not.toContain(template.id);

    const badLine = await api(admin, "POST", "/api/quote-templates", {
      ...body,
      items: [{ ...body.items[0], name: "" }],
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().error).toBe(QUOTE_TEXTS.itemNameRequired);
    expect((await api(compagnon, "POST", "/api/quote-templates", body)).statusCode).toBe(403);
  });
});

describe("template lines", () => {
  it("are numbered by the server in their order: a sent position or id is ignored", async () => {
    const res = await api(admin, "POST", "/api/quote-templates", {
      name: "Ordre",
      items: items.map((item, index) => ({ ...item, position: 10 - index, id: "ligne", subtotal: 1 })),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().items).toEqual(
      items.map((item, index) => ({
        kind: "item",
        library_item_id: null,
        description: null,
        ...item,
        position: index + 1,
      })),
    );
  });

  it("take the company's own library items only: another company's is 404 « Élément de la bibliothèque introuvable » (issue 31)", async () => {
    const article = {
      kind: "article",
      unit: "m²",
      unit_price: 10,
      cost_price: 5,
      tax_rate: 20,
      category: "fourniture",
    };
    const mine = await api(admin, "POST", "/api/library/items", { ...article, name: "Faïence maison" });
    const theirs = await api(otherAdmin, "POST", "/api/library/items", { ...article, name: "Faïence concurrente" });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    const withItem = (id: string) => [{ ...items[0], library_item_id: id }];
    const created = await api(admin, "POST", "/api/quote-templates", {
      name: "Biblio",
      items: withItem(mine.json().id),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().items[0].library_item_id).toBe(mine.json().id);
    const whole = { name: "Biblio", description: null, discount_percentage: 0, terms: null };
    for (const res of [
      await api(admin, "POST", "/api/quote-templates", { name: "Biblio", items: withItem(theirs.json().id) }),
      await api(admin, "PUT", `/api/quote-templates/${created.json().id}`, {
        ...whole,
        items: withItem(theirs.json().id),
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe(QUOTE_TEXTS.libraryItemNotFound);
    }
    // Nothing changed: the template keeps its own item.
    const listed = (await api(admin, "GET", "/api/quote-templates")).json().data;
    const kept = listed.find((t: { id: string }) => t.id === created.json().id);
    expect(kept.items[0].library_item_id).toBe(mine.json().id);
    // A template that does not exist stays 404 « Modèle introuvable », whatever its lines.
    const missing = await api(admin, "PUT", "/api/quote-templates/00000000-0000-4000-8000-000000000000", {
      ...whole,
      items: withItem(theirs.json().id),
    });
    expect(missing.json().error).toBe(QUOTE_TEXTS.templateNotFound);
  });

  it("keep the quote's order when a template is made from a quote", async () => {
    const quote = await createQuote(admin, { items: [items[2], items[0]] });
    const template = (await api(admin, "POST", `/api/quotes/${quote.id}/duplicate-as-template`, {})).json();
    expect(template).toMatchObject({ name: quote.name, description: `Créé à partir du devis ${quote.reference}` });
    expect(template.items.map((i: { position: number; name: string }) => [i.position, i.name])).toEqual([
      [1, "Isolation"],
      [2, "Dépose carrelage"],
    ]);
    expect((await api(compagnon, "POST", `/api/quotes/${quote.id}/duplicate-as-template`, {})).statusCode).toBe(403);
    const unknown = await api(admin, "POST", "/api/quotes/pas-un-id/duplicate-as-template", {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(QUOTE_TEXTS.notFound);
  });
});

describe("PUT /api/quote-templates/:id carries the whole template", () => {
  const whole = {
    name: "Modèle entier",
    description: "Cuisine type",
    items: [items[0], items[1]],
    discount_percentage: 7.5,
    terms: "Acompte de 30 %",
  };
  const stored = async (id: string) =>
    (await api(admin, "GET", "/api/quote-templates")).json().data.find((t: { id: string }) => t.id === id);

  it.each(["description", "items", "discount_percentage", "terms"])(
    "refuses a body without %s (« Champ obligatoire ») and keeps the template as it was",
    async (key) => {
      const created = await api(admin, "POST", "/api/quote-templates", whole);
      expect(created.statusCode, created.body).toBe(201);
      const template = created.json();
      const { [key as "items"]: _left, ...body } = { ...whole, name: "Renommé" };
      const res = await api(admin, "PUT", `/api/quote-templates/${template.id}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual([{ path: key, message: "Champ obligatoire" }]);
      expect(await stored(template.id)).toEqual(template);
      expect(template).toMatchObject({ name: "Modèle entier", discount_percentage: 7.5 });
      expect(template.items).toHaveLength(2);
    },
  );

  it("empties what the body says is empty: null or empty text, no line, no discount", async () => {
    const template = (await api(admin, "POST", "/api/quote-templates", whole)).json();
    const res = await api(admin, "PUT", `/api/quote-templates/${template.id}`, {
      name: "Modèle vidé",
      description: "",
      items: [],
      discount_percentage: 0,
      terms: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Modèle vidé",
      description: null,
      items: [],
      discount_percentage: 0,
      terms: null,
    });
    expect(await stored(template.id)).toEqual(res.json());
  });
});
