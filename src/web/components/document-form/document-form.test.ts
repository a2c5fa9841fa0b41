import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { emptyLine } from "../document-lines/line-fields";
import {
  documentFieldErrors,
  documentFormPath,
  documentSectionOf,
  invalidPaths,
  liveDocumentFigures,
  openedFor,
  otherDiscount,
  withChosenDiscount,
} from "./document-form";

const FIELDS = ["name", "client_id", "discount_percentage", "discount_amount", "items"];

const validation = (details: unknown[]) =>
  new ApiError("Données invalides", 400, "Bad Request", {
    error: "Données invalides",
    code: "VALIDATION_ERROR",
    details,
  });

describe("document form: server errors", () => {
  it("maps a server path onto a form field or a line's field of a line the form holds", () => {
    expect(documentFormPath("body.name", FIELDS, 2)).toBe("name");
    expect(documentFormPath("items", FIELDS, 2)).toBe("items");
    expect(documentFormPath("items[1].unit_price", FIELDS, 2)).toBe("items.1.unit_price");
    expect(documentFormPath("body/items/0/tax_rate", FIELDS, 2)).toBe("items.0.tax_rate");
    expect(documentFormPath("items.2.name", FIELDS, 2)).toBeNull();
    expect(documentFormPath("items.0.subtotal", FIELDS, 2)).toBeNull();
    expect(documentFormPath("valid_until", FIELDS, 2)).toBeNull();
  });

  it("keeps the first message per field, in the server's order, and nothing of another error", () => {
    const error = validation([
      { path: "items.1.quantity", message: "La quantité doit être positive" },
      { path: "name", message: "Le nom est obligatoire" },
      { path: "items.1.quantity", message: "autre" },
      { path: "items.4.name", message: "ligne absente" },
      { path: "total", message: "ignoré" },
      "pas un objet",
    ]);
    expect(documentFieldErrors(error, FIELDS, 2)).toEqual([
      { path: "items.1.quantity", message: "La quantité doit être positive" },
      { path: "name", message: "Le nom est obligatoire" },
    ]);
    expect(documentFieldErrors(new Error("réseau"), FIELDS, 2)).toEqual([]);
  });
});

describe("document form: invalid fields and sections", () => {
  it("lists the invalid fields in the form's order, a line's as items.N.field", () => {
    const errors = {
      discount_amount: { message: "trop" },
      items: [undefined, { unit_price: { message: "x" }, name: { message: "y" } }],
      name: { message: "z" },
    };
    expect(invalidPaths(errors, ["name", "client_id", "items", "discount_percentage", "discount_amount"])).toEqual([
      "name",
      "items.1.name",
      "items.1.unit_price",
      "discount_amount",
    ]);
    expect(invalidPaths({ items: { message: "Au moins une ligne" } }, ["name", "items"])).toEqual(["items"]);
  });

  it("places a field in its section and opens the sections holding errors", () => {
    expect(documentSectionOf("items.3.quantity")).toBe("items");
    expect(documentSectionOf("discount_amount")).toBe("totals");
    expect(documentSectionOf("valid_until")).toBe("info");
    expect(documentSectionOf("terms", { terms: "notes" })).toBe("notes");
    const open = { info: false, items: false, totals: false };
    expect(openedFor(open, ["items.0.name", "discount_percentage"], (path) => documentSectionOf(path))).toEqual({
      info: false,
      items: true,
      totals: true,
    });
    expect(open.items).toBe(false);
  });
});

describe("document form: the discount", () => {
  it("keeps one discount: the mode chosen, the other at 0", () => {
    expect(otherDiscount("percentage")).toBe("discount_amount");
    expect(otherDiscount("amount")).toBe("discount_percentage");
    const values = { name: "Cuisine", discount_percentage: 10, discount_amount: 50 };
    expect(withChosenDiscount(values, "percentage")).toEqual({ ...values, discount_amount: 0 });
    expect(withChosenDiscount(values, "amount")).toEqual({ ...values, discount_percentage: 0 });
  });
});

describe("document form: live figures", () => {
  const line = (unit_price: string, tax_rate = "20") => ({ ...emptyLine(), name: "Pose", unit_price, tax_rate });

  it("counts the priced lines and reads only the chosen discount", () => {
    const watched = {
      items: [{ ...emptyLine("section"), name: "Salle de bain" }, line("100"), line("50", "10")],
      discount_percentage: "10",
      discount_amount: "30",
    };
    const byPercentage = liveDocumentFigures(watched, "percentage");
    expect(byPercentage.lineCount).toBe(2);
    expect(byPercentage.discountPercentage).toBe(10);
    expect(byPercentage.totals.subtotal).toBe(150);
    expect(byPercentage.totals.discount).toBe(15);
    const byAmount = liveDocumentFigures(watched, "amount");
    expect(byAmount.discountPercentage).toBe(0);
    expect(byAmount.totals.discount).toBe(30);
    expect(byAmount.live.discount_percentage).toBe("0");
  });

  it("puts every line at 0 % VAT when the document is exempt (reverse charge)", () => {
    const watched = { items: [line("100")], discount_percentage: "0", discount_amount: "0" };
    expect(liveDocumentFigures(watched, "percentage").totals.total).toBe(120);
    const exempt = liveDocumentFigures(watched, "percentage", true).totals;
    expect(exempt.tax_amount).toBe(0);
    expect(exempt.total).toBe(100);
  });

  it("reads half-typed lines as nothing rather than failing", () => {
    const figures = liveDocumentFigures({ items: [undefined, { unit_price: "abc" }] }, "percentage");
    expect(figures.lineCount).toBe(2);
    expect(figures.totals.total).toBe(0);
  });
});
