import { describe, expect, it } from "vitest";
import {
  describeChanges,
  describeMetadata,
  formatChangeValue,
  formatHistoryDate,
  historyActionLabel,
} from "./quote-history";

const squash = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("history formatting", () => {
  it("dates entries as 'dd MMM yyyy à HH:mm' in French", () => {
    expect(formatHistoryDate(new Date(2026, 2, 12, 14, 5).toISOString())).toBe("12 mars 2026 à 14\u00a0h\u00a005");
    expect(formatHistoryDate(new Date(2026, 0, 3, 9, 0).toISOString())).toBe("03 janv. 2026 à 9\u00a0h");
    expect(formatHistoryDate("pas une date")).toBe("pas une date");
  });

  it("labels the actions from the shared map", () => {
    expect(historyActionLabel("created")).toBe("Création");
    expect(historyActionLabel("sent")).toBe("Envoi au client");
    expect(historyActionLabel("validated")).toBe("Validation");
    expect(historyActionLabel("status_changed")).toBe("Changement de statut");
    expect(historyActionLabel("reminded")).toBe("Relance");
    expect(historyActionLabel("unknown")).toBe("unknown");
  });

  it("describes field changes from → to, in French, known fields first", () => {
    const changes = describeChanges(
      {
        total: { from: 1200, to: 1350.5 },
        zzz: { from: "a", to: "b" },
        status: { from: "envoye au client", to: "valide" },
        valid_until: { from: null, to: "2026-04-09" },
        items: { from: 2, to: 3 },
        client_id: { from: "c1", to: "c2" },
        discount_percentage: { from: 0, to: 5.5 },
      },
      { clientName: (id) => (id === "c1" ? "Jean Dupont" : undefined) },
    );
    expect(changes.map((c) => c.label)).toEqual([
      "Client",
      "Statut",
      "Valable jusqu’au",
      "Remise (%)",
      "Lignes",
      "Total TTC",
      "zzz",
    ]);
    expect(changes.map((c) => squash(`${c.from} → ${c.to}`))).toEqual([
      "Jean Dupont → Autre client",
      "Envoyé au client → Validé",
      "— → 09/04/2026",
      "0 % → 5,5 %",
      "2 lignes → 3 lignes",
      "1 200,00 € → 1 350,50 €",
      "a → b",
    ]);
    expect(describeChanges(null)).toEqual([]);
  });

  it("shortens long texts to one line", () => {
    const long = `Première ligne\n${"x".repeat(200)}`;
    const text = formatChangeValue("notes", long);
    expect(text.length).toBe(80);
    expect(text.endsWith("…")).toBe(true);
    expect(text).not.toContain("\n");
  });

  it("reads the metadata: duplication source, reason, comment", () => {
    expect(describeMetadata({ reference: "DEV-2026-0009", duplicated_from: "DEV-2026-0003" })).toEqual([
      "Dupliqué depuis le devis DEV-2026-0003",
    ]);
    expect(describeMetadata({ reason: " Client injoignable ", comment: "Relancer en mai" })).toEqual([
      "Motif\u00a0: Client injoignable",
      "Commentaire\u00a0: Relancer en mai",
    ]);
    expect(describeMetadata({ signer_name: "Jeanne Martin", signed_via: "link" })).toEqual([
      "Signé par le client sur son lien de signature",
    ]);
    expect(describeMetadata(null)).toEqual([]);
  });
});

describe("a sent quote edited (issue 31)", () => {
  it("says its new version, and that the link sent no longer works", () => {
    expect(describeMetadata({ version: 2, signing_links_revoked: 1 })).toEqual([
      "Nouvelle version 2, à renvoyer au client\u00a0: le lien de signature envoyé ne fonctionne plus",
    ]);
    expect(describeMetadata({ version: 3, signing_links_revoked: 0 })).toEqual([
      "Nouvelle version 3, à renvoyer au client",
    ]);
  });
});

describe("a message sent from the app (issue 18)", () => {
  it("names its recipients and copies", () => {
    expect(describeMetadata({ to: ["a@exemple.fr"], cc: [] })).toEqual(["Par e-mail à a@exemple.fr"]);
    expect(describeMetadata({ to: ["a@exemple.fr", "b@exemple.fr"], cc: ["c@exemple.fr"] }).map(squash)).toEqual([
      "Par e-mail à a@exemple.fr, b@exemple.fr (copie : c@exemple.fr)",
    ]);
  });
});
