import { describe, expect, it } from "vitest";
import { makeCompagnonStats, makeDashboardStats } from "../test/fixtures";
import { alertLink, expectedKpis, formatKiloEuro, growthText, kpisOf, monthLabels } from "./figures";

describe("formatKiloEuro", () => {
  it("writes thousands of euros with one decimal at most", () => {
    expect(formatKiloEuro(12_449.5)).toBe("12,4\u00a0k€");
    expect(formatKiloEuro(12_450)).toBe("12,5\u00a0k€");
    expect(formatKiloEuro(3_000)).toBe("3\u00a0k€");
    expect(formatKiloEuro(0)).toBe("0\u00a0k€");
    expect(formatKiloEuro(1_234_567)).toBe("1\u202f234,6\u00a0k€");
    expect(formatKiloEuro(-2_500)).toMatch(/^[-−]2,5\u00a0k€$/);
  });
});

describe("kpisOf", () => {
  it("gives the four cards of an administrator, with the changes against last month", () => {
    const kpis = kpisOf(makeDashboardStats(), { canSeeProjects: true });
    expect(kpis.map((kpi) => [kpi.label, kpi.value, kpi.change?.spoken])).toEqual([
      ["Chantiers actifs", "8", "+2 depuis le mois dernier"],
      ["Devis en attente", "5", "\u22121 depuis le mois dernier"],
      ["Clients satisfaits", "87,5\u00a0%", "+1,5\u00a0pt depuis le mois dernier"],
      ["CA mensuel", "12,4\u00a0k€", "+12,5\u00a0% par rapport au mois dernier"],
    ]);
    expect(kpis.map((kpi) => kpi.change?.trend)).toEqual(["up", "down", "up", "up"]);
  });

  it("leaves out a card whose figure is null: a Compagnon sees no money", () => {
    const kpis = kpisOf(makeCompagnonStats(), { canSeeProjects: true });
    expect(kpis.map((kpi) => kpi.key)).toEqual(["activeProjects", "pendingQuotes", "clientSatisfaction"]);
  });

  it("writes « — » for a satisfaction without any answer, for a user who sees the worksites only", () => {
    const stats = makeDashboardStats({
      clientSatisfaction: null,
      changes: { activeProjects: 0, pendingQuotes: null, clientSatisfaction: null },
    });
    const seen = kpisOf(stats, { canSeeProjects: true });
    const satisfaction = seen.find((kpi) => kpi.key === "clientSatisfaction");
    expect(satisfaction?.value).toBe("—");
    expect(satisfaction?.change).toBeNull();
    expect(seen.find((kpi) => kpi.key === "activeProjects")?.change).toEqual({
      text: "0",
      spoken: "0 depuis le mois dernier",
      trend: "flat",
    });
    expect(seen.find((kpi) => kpi.key === "pendingQuotes")?.change).toBeNull();
    expect(kpisOf(stats, { canSeeProjects: false }).map((kpi) => kpi.key)).not.toContain("clientSatisfaction");
  });

  it("a growth without last month to compare with shows no change", () => {
    const kpis = kpisOf(makeDashboardStats({ monthlyGrowth: null }), { canSeeProjects: true });
    expect(kpis.find((kpi) => kpi.key === "monthlyRevenue")?.change).toBeNull();
    expect(growthText(null)).toBe("—");
    expect(growthText(-3.2)).toBe("\u22123,2\u00a0%");
  });

  it("expects, while loading, the cards the permissions promise", () => {
    expect(expectedKpis({ canSeeProjects: true, canSeeQuotes: true, canSeeMoney: false })).toEqual([
      "activeProjects",
      "pendingQuotes",
      "clientSatisfaction",
    ]);
  });
});

describe("alertLink", () => {
  it("opens a quote in the quotes list searched on its reference, a vehicle in the fleet, an invoice on its page", () => {
    const id = "0b6f3c1e-4a57-4c55-9d0b-2b2f0f1b6a11";
    expect(alertLink({ kind: "quote", href: `/quotes/${id}`, title: "DEV-2026-0012 · Rénovation salle de bain" })).toBe(
      "/quotes?search=DEV-2026-0012",
    );
    expect(alertLink({ kind: "quote", href: "/quotes?search=DEV-2026-0012", title: "DEV-2026-0012 · X" })).toBe(
      "/quotes?search=DEV-2026-0012",
    );
    expect(alertLink({ kind: "vehicle", href: `/vehicles/${id}`, title: "Renault Master AB-123-CD" })).toBe(
      "/vehicles",
    );
    expect(alertLink({ kind: "invoice", href: `/invoices/${id}`, title: "FAC-2026-0007 · Dupont" })).toBe(
      `/invoices/${id}`,
    );
  });
});

describe("monthLabels", () => {
  it("names a month for the axis and for the table", () => {
    expect(monthLabels("2026-01")).toEqual({ short: "janv.", long: "janvier 2026" });
    expect(monthLabels("2025-12").long).toBe("décembre 2025");
  });
});
