import { clientCreateSchema, clientFormSchema, clientUpdateSchema } from "@shared/clients";
import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { fieldErrorsFrom, toClientPayload } from "./client-payload";

describe("toClientPayload", () => {
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

  it("leaves the empty optional values out of a creation (docs/domain/clients.md#form), without is_active", () => {
    expect(toClientPayload(values, "create")).toEqual({
      name: "Jean Dupont",
      phone: "06 12 34 56 78",
      postal_code: "69001",
      city: "Lyon",
    });
    expect(clientCreateSchema.safeParse(toClientPayload(values, "create")).success).toBe(true);
  });

  it("sends the whole client on an edit: every field, null when emptied, and is_active", () => {
    const payload = toClientPayload(values, "edit");
    expect(payload).toEqual({
      name: "Jean Dupont",
      email: null,
      phone: "06 12 34 56 78",
      address: null,
      postal_code: "69001",
      city: "Lyon",
      notes: null,
      is_active: false,
    });
    // What the server enforces for a PUT: every key, as published.
    const parsed = clientUpdateSchema.safeParse(payload);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toEqual(payload);
  });
});

describe("fieldErrorsFrom", () => {
  it("keeps the server's details that name a form field, first message per field", () => {
    const error = new ApiError("Adresse e-mail invalide", 400, "Bad Request", {
      code: "VALIDATION_ERROR",
      details: [
        { path: "email", message: "Adresse e-mail invalide" },
        { path: "email", message: "autre" },
        { path: "body.phone", message: "Numéro de téléphone invalide" },
        { path: "unknown", message: "ignoré" },
        { nope: true },
      ],
    });
    expect(fieldErrorsFrom(error)).toEqual([
      { field: "email", message: "Adresse e-mail invalide" },
      { field: "phone", message: "Numéro de téléphone invalide" },
    ]);
  });

  it("is empty for anything else", () => {
    expect(fieldErrorsFrom(new Error("x"))).toEqual([]);
    expect(fieldErrorsFrom(new ApiError("Conflit", 409, "Conflict", { code: "CONFLICT" }))).toEqual([]);
  });
});
