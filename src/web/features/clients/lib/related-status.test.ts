import { describe, expect, it } from "vitest";
import { relatedStatus } from "./related-status";

describe("relatedStatus", () => {
  it("labels quote statuses from the shared map", () => {
    expect(relatedStatus("quote", "en cours de redaction")).toEqual({
      label: "En cours de rédaction",
      tone: "outline",
    });
    expect(relatedStatus("quote", "valide")).toEqual({ label: "Validé", tone: "success" });
    expect(relatedStatus("quote", "refuse")).toEqual({ label: "Refusé", tone: "destructive" });
  });

  it("colours the known worksite statuses, any other is neutral", () => {
    expect(relatedStatus("project", "en cours")).toEqual({ label: "En cours", tone: "default" });
    expect(relatedStatus("project", "livré")).toEqual({ label: "Livré", tone: "success" });
    expect(relatedStatus("project", "archivé")).toEqual({ label: "Archivé", tone: "outline" });
    expect(relatedStatus("quote", "inconnu")).toEqual({ label: "Inconnu", tone: "outline" });
  });
});
