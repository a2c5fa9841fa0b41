import { describe, expect, it } from "vitest";
import { mailHref, mapsSearchUrl, phoneHref } from "./contact-links";

describe("mapsSearchUrl", () => {
  it("searches the address plus the city, encoded", () => {
    expect(mapsSearchUrl("12 rue de l'Église", "Saint-Étienne")).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20rue%20de%20l'%C3%89glise%2C%20Saint-%C3%89tienne",
    );
  });

  it("encodes characters that would break the query string", () => {
    const url = mapsSearchUrl("3 & 5 avenue #2 ?x=1", null);
    expect(url).toBe("https://www.google.com/maps/search/?api=1&query=3%20%26%205%20avenue%20%232%20%3Fx%3D1");
    expect(new URL(url ?? "").searchParams.get("query")).toBe("3 & 5 avenue #2 ?x=1");
  });

  it("works without a city and needs an address", () => {
    expect(mapsSearchUrl(" 1 place du Marché ", "  ")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20place%20du%20March%C3%A9",
    );
    expect(mapsSearchUrl(null, "Lyon")).toBeNull();
    expect(mapsSearchUrl("   ", "Lyon")).toBeNull();
  });
});

describe("phone and mail links", () => {
  it("dials the digits only", () => {
    expect(phoneHref("06 12.34-56 78")).toBe("tel:0612345678");
    expect(phoneHref("+33 (0)6 12 34 56 78")).toBe("tel:+330612345678");
  });

  it("writes to the address", () => {
    expect(mailHref("jean@exemple.fr")).toBe("mailto:jean@exemple.fr");
  });
});
