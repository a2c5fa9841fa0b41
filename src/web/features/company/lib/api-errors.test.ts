import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { errorMessageOf, failureToastMessage, fieldErrorsFrom } from "./api-errors";

const validation = new ApiError("Données invalides", 400, "Bad Request", {
  error: "Données invalides",
  message: "Données invalides",
  code: "VALIDATION_ERROR",
  details: [
    { path: "email_contact", message: "Adresse e-mail invalide" },
    { path: "body.siret", message: "Le SIRET doit contenir 14 chiffres" },
    { path: "email_contact", message: "second message for the same field" },
    { path: "logo_url", message: "not a form field" },
    { path: 3, message: "malformed" },
  ],
});

describe("failureToastMessage", () => {
  it("is « Erreur : {message} » with the server's message", () => {
    expect(failureToastMessage(new ApiError("Accès refusé", 403, "Forbidden"))).toBe("Erreur\u00a0: Accès refusé");
  });

  it("falls back to « Une erreur est survenue » without a usable message", () => {
    expect(failureToastMessage(new ApiError("Error 502: Bad Gateway", 502, "Bad Gateway"))).toBe(
      "Erreur\u00a0: Une erreur est survenue",
    );
    expect(failureToastMessage(new TypeError("x is undefined"))).toBe("Erreur\u00a0: Une erreur est survenue");
    expect(failureToastMessage(undefined)).toBe("Erreur\u00a0: Une erreur est survenue");
    expect(errorMessageOf(new ApiError("  ", 500, ""))).toBeNull();
  });
});

describe("fieldErrorsFrom", () => {
  it("keeps the details naming a form field, first one per field, in order", () => {
    expect(fieldErrorsFrom(validation, ["name", "email_contact", "siret"] as const)).toEqual([
      { field: "email_contact", message: "Adresse e-mail invalide" },
      { field: "siret", message: "Le SIRET doit contenir 14 chiffres" },
    ]);
  });

  it("is empty for other failures", () => {
    expect(fieldErrorsFrom(new Error("x"), ["name"])).toEqual([]);
    expect(fieldErrorsFrom(new ApiError("Accès refusé", 403, "Forbidden"), ["name"])).toEqual([]);
  });
});
