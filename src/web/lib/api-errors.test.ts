import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import {
  blockingDocumentOf,
  errorDescription,
  fieldErrorsFor,
  fieldErrorsOf,
  GENERIC_ERROR_MESSAGE,
  toastFailure,
} from "./api-errors";
import { setAppNavigator } from "./app-navigation";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@web/lib/toast", () => ({ toast }));

const validation = (details: unknown) =>
  new ApiError("Données invalides", 400, "Bad Request", {
    error: "Données invalides",
    code: "VALIDATION_ERROR",
    details,
  });

describe("the error pipeline", () => {
  it("shows the server's French message, never the client's « Error 502 » fallback or a bug's text", () => {
    expect(errorDescription(new ApiError("Ce devis ne peut plus être modifié", 409, "Conflict"))).toBe(
      "Ce devis ne peut plus être modifié",
    );
    expect(errorDescription(new ApiError("Error 502: Bad Gateway", 502, "Bad Gateway"))).toBeUndefined();
    expect(errorDescription(new Error("Expected string, received number"))).toBeUndefined();
  });

  it("reads the field errors of a validation answer as form paths, skipping malformed details", () => {
    expect(
      fieldErrorsOf(
        validation([
          { path: "name", message: "Le nom est obligatoire" },
          { path: "body.items[0].unit", message: "Unité obligatoire" },
          { path: 3, message: "x" },
          null,
        ]),
      ),
    ).toEqual([
      { path: "name", message: "Le nom est obligatoire" },
      { path: "items.0.unit", message: "Unité obligatoire" },
    ]);
    expect(fieldErrorsOf(new ApiError("Erreur", 500, ""))).toEqual([]);
  });

  it("keeps the first error of each of a form's fields, in the server's order", () => {
    const error = validation([
      { path: "body.email", message: "E-mail invalide" },
      { path: "siret", message: "Champ inconnu du formulaire" },
      { path: "name", message: "Le nom est obligatoire" },
      { path: "email", message: "Deuxième message" },
    ]);
    expect(fieldErrorsFor(error, ["name", "email"] as const)).toEqual([
      { field: "email", message: "E-mail invalide" },
      { field: "name", message: "Le nom est obligatoire" },
    ]);
  });

  it("one failure toast: what failed, then the server's reason", () => {
    toastFailure("Erreur lors de la suppression", new ApiError("Modèle introuvable", 404, "Not Found"));
    expect(toast.error).toHaveBeenCalledWith("Erreur lors de la suppression", { description: "Modèle introuvable" });
  });

  it("under the title, a French fallback when the server gave no usable reason, if the screen asks for one", () => {
    for (const failure of [new ApiError("Error 502: Bad Gateway", 502, "Bad Gateway"), new TypeError("x"), undefined]) {
      vi.mocked(toast.error).mockClear();
      toastFailure("Erreur", failure, GENERIC_ERROR_MESSAGE);
      expect(toast.error).toHaveBeenCalledWith("Erreur", { description: "Une erreur est survenue" });
      toastFailure("Erreur lors de la suppression", failure);
      expect(toast.error).toHaveBeenLastCalledWith("Erreur lors de la suppression");
    }
    expect(errorDescription(new ApiError("  ", 500, ""))).toBeUndefined();
  });

  it("a refusal that names the document in the way links to it: « Voir FAC-… » opens that invoice", () => {
    const refusal = new ApiError("Ce devis a déjà sa facture de solde", 409, "Conflict", {
      error: "Ce devis a déjà sa facture de solde",
      code: "CONFLICT",
      document: { type: "invoice", id: "inv-7", reference: "PROV-2026-0007" },
    });
    expect(blockingDocumentOf(refusal)).toEqual({ type: "invoice", id: "inv-7", reference: "PROV-2026-0007" });
    vi.mocked(toast.error).mockClear();
    toastFailure("Erreur lors de la création de la facture", refusal);
    const [title, options] = vi.mocked(toast.error).mock.calls[0] ?? [];
    expect(title).toBe("Erreur lors de la création de la facture");
    expect(options).toMatchObject({
      description: "Ce devis a déjà sa facture de solde",
      action: { label: "Voir PROV-2026-0007" },
    });
    const went = vi.fn();
    setAppNavigator(went);
    (options as { action: { onClick: () => void } }).action.onClick();
    expect(went).toHaveBeenCalledWith("/invoices/inv-7");
    setAppNavigator(null);
    // A malformed `document` is no link.
    const odd = new ApiError("x", 409, "Conflict", { error: "x", code: "CONFLICT", document: { type: "quote" } });
    expect(blockingDocumentOf(odd)).toBeUndefined();
  });
});
