import { describe, expect, it } from "vitest";
import { filterClients, foundLabel, matchesSearch, normaliseSearch } from "./client-filter";

const dupont = { name: "Jean Dupont", email: "jean.dupont@exemple.fr", phone: "06 12 34 56 78", city: "Lyon" };
const martin = { name: "SARL Martin", email: null, phone: "04 78 00 00 00", city: "Villeurbanne" };
const sansVille = { name: "Zoé Bernard", email: "zoe@exemple.fr", phone: null, city: null };

describe("client-side filter (docs/domain/clients.md#client-screen)", () => {
  it("matches the name, e-mail, phone or city, ignoring case and outer spaces", () => {
    expect(matchesSearch(dupont, "DUPONT")).toBe(true);
    expect(matchesSearch(dupont, "  exemple.fr ")).toBe(true);
    expect(matchesSearch(dupont, "34 56")).toBe(true);
    expect(matchesSearch(dupont, "lyo")).toBe(true);
    expect(matchesSearch(martin, "villeur")).toBe(true);
    expect(matchesSearch(martin, "lyon")).toBe(false);
  });

  it("keeps everything for an empty search and copes with missing fields", () => {
    expect(filterClients([dupont, martin, sansVille], "   ")).toHaveLength(3);
    expect(filterClients([dupont, martin, sansVille], "zoé")).toEqual([sansVille]);
    // Accents and case aside, as the server's fold() (ADR 0032): « zoe » and « ZOÉ » find « Zoé ».
    expect(filterClients([dupont, martin, sansVille], "zoe")).toEqual([sansVille]);
    expect(filterClients([dupont, martin, sansVille], "ZOÉ")).toEqual([sansVille]);
    expect(filterClients([dupont, martin, sansVille], "null")).toEqual([]);
  });

  it("reads the same text as the server's search (fields joined by spaces)", () => {
    // search_text = fold(name || ' ' || email || ' ' || phone || ' ' || city)
    expect(matchesSearch(dupont, "dupont jean.dupont")).toBe(true);
    expect(matchesSearch(martin, "martin  04")).toBe(true); // email null → empty: two spaces
  });

  it("normalises the term as sent to the server", () => {
    expect(normaliseSearch("  Jean ")).toBe("jean");
  });
});

describe("foundLabel", () => {
  it("says « N client(s) trouvé(s) » in French", () => {
    expect(foundLabel(0)).toBe("0 client trouvé");
    expect(foundLabel(1)).toBe("1 client trouvé");
    expect(foundLabel(2)).toBe("2 clients trouvés");
    expect(foundLabel(1250).replace(/\s/g, " ")).toBe("1 250 clients trouvés");
  });
});
