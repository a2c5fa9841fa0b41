import { describe, expect, it } from "vitest";
import { clientFormSchema } from "../../../../shared/clients";
import { ApiError } from "../../../lib/api-client";
import { fieldErrorsFrom, toClientPayload } from "./client-payload";

describe("toClientPayload", () => {
  it("omits empty optional values (spec 1 §5) and sends is_active only when editing", () => {
    const values = clientFormSchema.parse({
      name: "  Jean Dupont ",
      email: "",
      phone: " 06 12 34 56 78 ",
      address: "   ",
      postal_code: "69001",
      city: "Lyon",
      notes: "",
      is_active: false,
    });
    expect(toClientPayload(values, "create")).toEqual({
      name: "Jean Dupont",
      phone: "06 12 34 56 78",
      postal_code: "69001",
      city: "Lyon",
    });
    expect(toClientPayload(values, "edit")).toEqual({
      name: "Jean Dupont",
      phone: "06 12 34 56 78",
      postal_code: "69001",
      city: "Lyon",
      is_active: false,
    });
  });
});

describe("fieldErrorsFrom", () => {
  it("keeps the server's details that name a form field, first message per field", () => {
    const error = new ApiError("Email invalide", 400, "Bad Request", {
      code: "VALIDATION_ERROR",
      details: [
        { path: "email", message: "Email invalide" },
        { path: "email", message: "autre" },
        { path: "body.phone", message: "Numéro de téléphone invalide" },
        { path: "unknown", message: "ignoré" },
        { nope: true },
      ],
    });
    expect(fieldErrorsFrom(error)).toEqual([
      { field: "email", message: "Email invalide" },
      { field: "phone", message: "Numéro de téléphone invalide" },
    ]);
  });

  it("is empty for anything else", () => {
    expect(fieldErrorsFrom(new Error("x"))).toEqual([]);
    expect(fieldErrorsFrom(new ApiError("Conflit", 409, "Conflict", { code: "CONFLICT" }))).toEqual([]);
  });
});
