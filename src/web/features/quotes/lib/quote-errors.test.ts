import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { fieldErrorsFrom, sectionOf, toFormPath } from "./quote-errors";

describe("server errors on the form", () => {
  it("maps detail paths onto form fields", () => {
    expect(toFormPath("name", 2)).toBe("name");
    expect(toFormPath("body.client_id", 2)).toBe("client_id");
    expect(toFormPath("items.1.unit_price", 2)).toBe("items.1.unit_price");
    expect(toFormPath("items[0].name", 2)).toBe("items.0.name");
    expect(toFormPath("items.5.name", 2)).toBeNull();
    expect(toFormPath("items.0.subtotal", 2)).toBeNull();
    expect(toFormPath("total", 2)).toBeNull();
  });

  it("keeps the first message per field from an ApiError's details", () => {
    const error = new ApiError("Données invalides", 400, "Bad Request", {
      error: "Données invalides",
      code: "VALIDATION_ERROR",
      details: [
        { path: "items.0.name", message: "Le nom de l'article est obligatoire" },
        { path: "items.0.name", message: "autre" },
        { path: "discount_amount", message: "La remise ne peut pas dépasser le sous-total" },
        { path: "unknown", message: "ignoré" },
        "pas un objet",
      ],
    });
    expect(fieldErrorsFrom(error, 1)).toEqual([
      { path: "items.0.name", message: "Le nom de l'article est obligatoire" },
      { path: "discount_amount", message: "La remise ne peut pas dépasser le sous-total" },
    ]);
    expect(fieldErrorsFrom(new Error("x"), 1)).toEqual([]);
  });

  it("knows which section holds a field", () => {
    expect(sectionOf("items.3.quantity")).toBe("items");
    expect(sectionOf("discount_percentage")).toBe("totals");
    expect(sectionOf("valid_until")).toBe("info");
  });
});
