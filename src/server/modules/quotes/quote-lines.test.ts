import { createTestUserWithPermissions, login } from "@server/test/helpers";
import { LIBRARY_TEXTS } from "@shared/library-rules";
import { computeTotals, fromCents } from "@shared/money";
import { QUOTE_TEXTS, quoteMargin } from "@shared/quotes";
import { VAT_RULE_TEXTS } from "@shared/vat-rules";
import { describe, expect, it } from "vitest";
import { pdfText, QUOTE_LINES, quoteBody, setupQuotesTest } from "./quotes.fixtures";

const { app, db, api, company, admin, compagnon, otherAdmin, clientId, createQuote } = await setupQuotesTest();

const [tiles, faience, insulation] = QUOTE_LINES as [
  (typeof QUOTE_LINES)[number],
  (typeof QUOTE_LINES)[number],
  (typeof QUOTE_LINES)[number],
];

/** Two lots with a text line: the same three priced lines as QUOTE_LINES, two with a cost. */
const SECTIONED: ({ kind?: string; name: string } & Record<string, unknown>)[] = [
  { kind: "section", name: "Lot 1 — Salle de bain", quantity: 9, unit_price: 999, tax_rate: 20 },
  { ...tiles, cost_price: 90 },
  { kind: "text", name: "Évacuation des gravats en déchetterie comprise" },
  { ...faience, cost_price: 20 },
  { kind: "section", name: "Lot 2 — Isolation" },
  insulation,
];

/** A user who writes quotes without seeing costs (quotes:view, create, edit; not quotes:margins). */
const writer = (
  await login(app, await createTestUserWithPermissions(db, company.id, ["quotes:view", "quotes:create", "quotes:edit"]))
).token;

interface Line {
  kind: string;
  name: string;
  subtotal: number;
  cost_price?: number | null;
  library_item_id: string | null;
}

describe("line kinds", () => {
  it("keeps headings and text lines in their place; totals, VAT and items_count read the priced lines only", async () => {
    const quote = await createQuote(admin, { items: SECTIONED });
    const plain = computeTotals({ items: QUOTE_LINES, discount_percentage: 10 });
    expect(quote).toMatchObject({
      subtotal: fromCents(plain.subtotal),
      discount: fromCents(plain.discount),
      tax_amount: fromCents(plain.tax_amount),
      total: fromCents(plain.total),
      items_count: 3,
    });
    expect(quote.vat_breakdown.map((v: { rate: number }) => v.rate)).toEqual([20, 10, 5.5]);
    const lines = quote.items as Line[];
    expect(lines.map((l) => [l.kind, l.name])).toEqual(SECTIONED.map((l) => [l.kind ?? "item", l.name]));
    // A heading carries its section's subtotal HT (figures sent with it are dropped); a text line nothing.
    expect(lines[0]).toMatchObject({ subtotal: 450, quantity: 0, unit: "", unit_price: 0, tax_rate: 0, total: 0 });
    expect(lines[2]).toMatchObject({ subtotal: 0, total: 0 });
    expect(lines[4]).toMatchObject({ subtotal: 123.4 });
  });

  it("prints each lot with its subtotal and the text lines, never a cost", async () => {
    const quote = await createQuote(admin, {
      items: SECTIONED.map((l) => (l.kind === undefined ? { ...l, cost_price: 77.77 } : l)),
    });
    const res = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Lot 1 — Salle de bain");
    expect(text).toMatch(/Sous-total Lot 1 — Salle de bain 450,00\s?€/);
    expect(text).toContain("Évacuation des gravats en déchetterie comprise");
    expect(text).toMatch(/Sous-total Lot 2 — Isolation 123,40\s?€/);
    expect(text).not.toContain("77,77");
  });

  it("answers 400 for a heading without title, an unknown kind or a negative cost", async () => {
    for (const [line, message] of [
      [{ kind: "section", name: "  " }, QUOTE_TEXTS.sectionTitleRequired],
      [{ kind: "text" }, QUOTE_TEXTS.textRequired],
      [{ kind: "remise", name: "Geste" }, QUOTE_TEXTS.lineKindInvalid],
      [{ ...tiles, cost_price: -1 }, QUOTE_TEXTS.costPositive],
    ] as const) {
      const res = await api(admin, "POST", "/api/quotes", {
        name: "Q",
        client_id: clientId,
        date: "2026-11-20",
        items: [line],
      });
      expect(res.statusCode, JSON.stringify(line)).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it("keeps a quote of headings and texts only a draft", async () => {
    const res = await api(admin, "POST", "/api/quotes", {
      name: "Q",
      client_id: clientId,
      date: "2026-11-20",
      status: "envoye au client",
      items: [
        { kind: "section", name: "Lot 1" },
        { kind: "text", name: "À définir" },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_TEXTS.linesRequired);
  });
});

describe("costs and margins", () => {
  it("shows the lines' costs and the quote's margin to quotes:margins holders only", async () => {
    const quote = await createQuote(admin, { items: SECTIONED });
    const expected = quoteMargin({ items: SECTIONED as never, discount_percentage: 10, discount_amount: 0 });
    // 573.40 − 57.34 = 516.06 HT against 2 × 90 + 4 × 20 = 260 of cost; the isolation has none.
    expect(expected).toEqual({ cost: 260, amount: 256.06, rate: 49.62, missing_costs: 1 });
    expect(quote.margin).toEqual(expected);
    expect((quote.items as Line[]).map((l) => l.cost_price)).toEqual([null, 90, null, 20, null, null]);

    for (const token of [compagnon, writer]) {
      const seen = (await api(token, "GET", `/api/quotes/${quote.id}`)).json();
      expect(seen.margin).toBeUndefined();
      expect(seen.items.some((l: object) => "cost_price" in l)).toBe(false);
      const listed = (await api(token, "GET", `/api/quotes?search=${quote.reference}`)).json().data[0];
      expect(listed.id).toBe(quote.id);
      expect(listed.margin).toBeUndefined();
      expect(listed.items.some((l: object) => "cost_price" in l)).toBe(false);
    }
  });

  it("never lets a user without quotes:margins erase or set a cost; a body that leaves costs out keeps them", async () => {
    const quote = await createQuote(admin, { items: SECTIONED });
    const seen = (await api(writer, "GET", `/api/quotes/${quote.id}`)).json();
    // The writer moves the isolation lot first and tries to set costs he cannot see.
    const [s1, l1, t1, l2, s2, l3] = quoteBody(seen).items;
    const moved = [s2, { ...l3, cost_price: 5 }, s1, { ...l1, cost_price: 999 }, t1, l2];
    const res = await api(writer, "PUT", `/api/quotes/${quote.id}`, quoteBody(seen, { items: moved }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].subtotal).toBe(123.4);
    const after = (await api(admin, "GET", `/api/quotes/${quote.id}`)).json();
    expect(after.items.map((l: Line) => [l.name, l.cost_price])).toEqual([
      ["Lot 2 — Isolation", null],
      [insulation.name, null],
      ["Lot 1 — Salle de bain", null],
      [tiles.name, 90],
      ["Évacuation des gravats en déchetterie comprise", null],
      [faience.name, 20],
    ]);
    // The admin's body without costs keeps them too; a cost said is stored, null erases it.
    const kept = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(after));
    expect(kept.json().margin.cost).toBe(260);
    const items = quoteBody(after).items.map((l) => (l.name === tiles.name ? { ...l, cost_price: null } : l));
    const erased = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(after, { items }));
    expect(erased.json().margin).toMatchObject({ cost: 80, missing_costs: 2 });
  });

  it("takes a library line's cost from the library; such an item is archived, never deleted", async () => {
    const item = (
      await api(admin, "POST", "/api/library/items", {
        kind: "article",
        name: "Mitigeur thermostatique",
        unit: "unité",
        unit_price: 189,
        cost_price: 112.5,
        tax_rate: 10,
        category: "fourniture",
      })
    ).json();
    const line = {
      library_item_id: item.id,
      name: item.name,
      quantity: 2,
      unit: "unité",
      unit_price: 189,
      tax_rate: 10,
    };
    const byWriter = await api(writer, "POST", "/api/quotes", {
      name: "Douche",
      client_id: clientId,
      date: "2026-11-20",
      items: [line],
    });
    expect(byWriter.statusCode, byWriter.body).toBe(201);
    const stored = (await api(admin, "GET", `/api/quotes/${byWriter.json().id}`)).json();
    expect(stored.items[0]).toMatchObject({ library_item_id: item.id, cost_price: 112.5 });
    expect(stored.margin).toEqual({ cost: 225, amount: 153, rate: 40.48, missing_costs: 0 });

    const removed = await api(admin, "DELETE", `/api/library/items/${item.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe(LIBRARY_TEXTS.usedByDocuments(1));
    expect((await api(admin, "POST", `/api/library/items/${item.id}/archive`)).statusCode).toBe(200);
  });

  it("answers 404 for a library item of another company, and copies kinds and costs on duplicate", async () => {
    const foreign = (
      await api(otherAdmin, "POST", "/api/library/items", {
        kind: "article",
        name: "Article concurrent",
        unit: "unité",
        unit_price: 10,
        cost_price: 5,
        tax_rate: 20,
        category: "fourniture",
      })
    ).json();
    const res = await api(admin, "POST", "/api/quotes", {
      name: "Q",
      client_id: clientId,
      date: "2026-11-20",
      items: [{ ...tiles, library_item_id: foreign.id }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(QUOTE_TEXTS.libraryItemNotFound);

    const quote = await createQuote(admin, { items: SECTIONED });
    const copy = (await api(writer, "POST", `/api/quotes/${quote.id}/duplicate`, {})).json();
    const seenByAdmin = (await api(admin, "GET", `/api/quotes/${copy.id}`)).json();
    expect(seenByAdmin.items.map((l: Line) => [l.kind, l.cost_price])).toEqual(
      quote.items.map((l: Line) => [l.kind, l.cost_price]),
    );
    expect(seenByAdmin.margin).toEqual(quote.margin);
  });

  it("gives templates the kinds and library items of a quote's lines, never their costs", async () => {
    const quote = await createQuote(admin, { items: SECTIONED });
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/duplicate-as-template`, {
      name: "Salle de bain en lots",
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().items as Line[];
    expect(lines.map((l) => l.kind)).toEqual(["section", "item", "text", "item", "section", "item"]);
    expect(lines.some((l) => "cost_price" in l)).toBe(false);
  });
});

describe("worksite address", () => {
  it("is copied onto the quote, kept by a PUT that leaves it out, printed, copied by a duplicate", async () => {
    const site = { label: "Maison de campagne", address: "12 chemin des Vignes", postal_code: "69620", city: "Oingt" };
    const quote = await createQuote(admin, { worksite: site });
    expect(quote.worksite).toEqual(site);
    // A body written to the spec (no worksite) keeps it; null clears it.
    const kept = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { name: "Renommé" }));
    expect(kept.json().worksite).toEqual(site);
    const pdf = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("ADRESSE DU CHANTIER Maison de campagne 12 chemin des Vignes 69620 Oingt");
    const copy = (await api(admin, "POST", `/api/quotes/${quote.id}/duplicate`, {})).json();
    expect(copy.worksite).toEqual(site);
    const cleared = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { worksite: null }));
    expect(cleared.json().worksite).toBeNull();
    const bad = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { worksite: { city: "Lyon" } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(QUOTE_TEXTS.worksiteAddressRequired);
  });
});

describe("« Logement achevé depuis plus de 2 ans ? » (issue 32, ADR 0029)", () => {
  it("is kept on the quote and remembered on the client's worksite address it names", async () => {
    const site = { label: "Appartement", address: "8 rue des Capucins", postal_code: "69001", city: "Lyon" };
    const made = await api(admin, "POST", "/api/clients", {
      name: "Famille Girard",
      phone: "0611223344",
      addresses: [site, { label: "Boutique", address: "2 place Sathonay", postal_code: "69001", city: "Lyon" }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const girard = made.json();
    // A client's addresses carry the answer remembered, none at first.
    expect(girard.addresses.map((a: { premises: unknown }) => a.premises)).toEqual([null, null]);

    const quote = await createQuote(admin, { client_id: girard.id, worksite: site, premises: "old_dwelling" });
    expect(quote.premises).toBe("old_dwelling");
    const read = (await api(admin, "GET", `/api/clients/${girard.id}`)).json();
    expect(read.addresses.map((a: { premises: unknown }) => a.premises)).toEqual(["old_dwelling", null]);

    // A PUT that leaves it out (the spec's body) keeps it; another answer is remembered again.
    const kept = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { name: "Renommé" }));
    expect(kept.json().premises).toBe("old_dwelling");
    const changed = await api(
      admin,
      "PUT",
      `/api/quotes/${quote.id}`,
      quoteBody(quote, { premises: "non_residential" }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().premises).toBe("non_residential");
    const again = (await api(admin, "GET", `/api/clients/${girard.id}`)).json();
    expect(again.addresses[0].premises).toBe("non_residential");

    // Saving the client's form (addresses without the answer) keeps what was remembered.
    const { id: addressId, label, address, postal_code, city } = again.addresses[0];
    const saved = await api(admin, "PUT", `/api/clients/${girard.id}`, {
      name: girard.name,
      email: null,
      phone: "0611223344",
      address: null,
      postal_code: null,
      city: null,
      notes: null,
      is_active: true,
      addresses: [{ id: addressId, label, address, postal_code, city }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().addresses[0].premises).toBe("non_residential");

    // A duplicate keeps the quote's answer.
    const copy = (await api(admin, "POST", `/api/quotes/${quote.id}/duplicate`, {})).json();
    expect(copy.premises).toBe("non_residential");
  });

  it("is optional (null when not answered) and refuses an unknown answer on `premises`", async () => {
    const quote = await createQuote(admin);
    expect(quote.premises).toBeNull();
    const bad = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { premises: "bureau" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(VAT_RULE_TEXTS.premisesInvalid);
  });
});
