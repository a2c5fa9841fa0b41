import { describe, expect, it } from "vitest";
import { documentLabel, documentPath, recipientsLabel, statusFilterOf } from "./outbox-labels";

describe("outbox labels", () => {
  it("names the first recipient and counts the others and the copies", () => {
    expect(recipientsLabel({ to: ["a@exemple.fr"], cc: [] })).toBe("a@exemple.fr");
    expect(recipientsLabel({ to: ["a@exemple.fr", "b@exemple.fr"], cc: ["c@exemple.fr"] })).toBe("a@exemple.fr +2");
  });

  it("opens an invoice's page, a quote in the quotes list searched on its reference", () => {
    const id = "7b66d168-15b7-4193-b5f1-71dad298c798";
    expect(documentPath({ type: "invoice", id, reference: "FAC-2026-0001" })).toBe(`/invoices/${id}`);
    expect(documentPath({ type: "quote", id, reference: "DEV-2026-0001" })).toBe("/quotes?search=DEV-2026-0001");
    expect(documentLabel({ type: "quote", id, reference: "DEV-2026-0001" })).toBe("Devis DEV-2026-0001");
  });

  it("reads the status filter of the address, every message otherwise", () => {
    expect(statusFilterOf("failed")).toBe("failed");
    expect(statusFilterOf("perdu")).toBe("all");
    expect(statusFilterOf(null)).toBe("all");
  });
});
