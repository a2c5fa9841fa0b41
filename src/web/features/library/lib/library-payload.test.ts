import { libraryItemInputSchema } from "@shared/library";
import { priceOuvrage } from "@shared/library-rules";
import { describe, expect, it } from "vitest";
import {
  type LibraryFormFields,
  libraryFormDefaults,
  libraryFormSchema,
  partsOf,
  toLibraryPayload,
} from "./library-payload";

const part = (changes: Partial<LibraryFormFields["components"][number]> = {}) => ({
  article_id: "9f1c2a7e-3b4d-4c5e-8f60-718293a4b5c6",
  name: "Carreau",
  unit: "m²",
  category: "fourniture" as const,
  unit_price: 32.5,
  cost_price: 21.4,
  quantity: "1,05",
  ...changes,
});

describe("toLibraryPayload", () => {
  it("sends an article's own fields, numbers typed with a comma or a point", () => {
    const fields = {
      ...libraryFormDefaults("article"),
      name: " Colle ",
      unit: "kg",
      unit_price: "1,20",
      cost_price: "0.8",
    };
    const payload = toLibraryPayload(fields);
    expect(payload).toEqual({
      kind: "article",
      name: " Colle ",
      description: "",
      unit: "kg",
      tax_rate: 20,
      unit_price: 1.2,
      cost_price: 0.8,
      category: "fourniture",
      supplier_reference: "",
    });
    expect(libraryItemInputSchema.parse(payload)).toMatchObject({ name: "Colle", description: null });
  });

  it("sends an ouvrage's parts and only the figure of its pricing", () => {
    const fields: LibraryFormFields = {
      ...libraryFormDefaults("ouvrage"),
      name: "Pose carrelage",
      pricing: "forced",
      forced_price: "79",
      coefficient: "1.5",
      components: [part()],
    };
    const payload = toLibraryPayload(fields);
    expect(payload).toMatchObject({
      kind: "ouvrage",
      pricing: "forced",
      coefficient: null,
      forced_price: 79,
      components: [{ article_id: part().article_id, quantity: 1.05 }],
    });
    expect(libraryItemInputSchema.safeParse(payload).success).toBe(true);
  });

  it("leaves a missing price for the schema to refuse, in French", () => {
    const result = libraryItemInputSchema.safeParse(toLibraryPayload({ ...libraryFormDefaults("article"), name: "X" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain("Indiquez le prix de vente HT");
  });
});

describe("libraryFormSchema", () => {
  it("says the shared schema's messages at the fields, a part's under its quantity", () => {
    const article = libraryFormSchema.safeParse({ ...libraryFormDefaults("article"), name: "X" });
    expect(article.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
      "unit_price",
      "Indiquez le prix de vente HT",
    ]);
    const ouvrage = libraryFormSchema.safeParse({
      ...libraryFormDefaults("ouvrage"),
      name: "Carrelage posé",
      components: [part({ quantity: "-1" })],
    });
    expect(ouvrage.error?.issues.map((i) => i.path.join("."))).toEqual(["components.0.quantity"]);
  });

  it("hands over the body of its kind as built (« 1,05 » read as 1.05)", () => {
    const fields = { ...libraryFormDefaults("ouvrage"), name: "Carrelage posé", components: [part()] };
    expect(libraryFormSchema.parse(fields)).toEqual(toLibraryPayload(fields));
  });
});

describe("partsOf", () => {
  it("prices the parts as typed, the way the server will", () => {
    const parts = partsOf({ components: [part(), part({ quantity: "" })] });
    expect(priceOuvrage({ parts, pricing: "parts" })).toMatchObject({ cost_cents: 2247, sale_cents: 3413 });
  });
});
