import { describe, expect, it } from "vitest";
import { companiesCountLabel, filtersFromParams, paramsFromFilters, STATUS_FILTERS } from "./platform-format";

describe("the companies list's filters in the address", () => {
  it("reads the status and the plan, ignoring what is not one of them", () => {
    expect(filtersFromParams(new URLSearchParams("status=essai&plan=professionnel"))).toEqual({
      status: "essai",
      plan: "professionnel",
    });
    expect(filtersFromParams(new URLSearchParams("status=suspendu&plan=gold"))).toEqual({ status: null, plan: null });
  });

  it("writes back only what differs from the defaults", () => {
    expect(paramsFromFilters({ status: null, plan: null }).toString()).toBe("");
    expect(paramsFromFilters({ status: "actif", plan: "entreprise" }).toString()).toBe("status=actif&plan=entreprise");
  });

  it("offers the spec's three statuses after « Toutes »", () => {
    expect(STATUS_FILTERS.map((f) => f.label)).toEqual(["Toutes", "Actif", "Essai", "Inactif"]);
  });
});

describe("labels and links", () => {
  it("counts the companies in French", () => {
    expect(companiesCountLabel(1, false)).toBe("1\u00a0entreprise");
    expect(companiesCountLabel(3, true)).toBe("3\u00a0entreprises trouvées");
  });
});
