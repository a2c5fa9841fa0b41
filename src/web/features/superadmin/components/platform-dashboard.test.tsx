import { platformDashboardSchema } from "@shared/accounts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeAlert,
  makeCompany,
  never,
  renderWithProviders,
} from "../test/render";
import { PlatformDashboardPanels } from "./platform-dashboard";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const durand = makeCompany();
const trial = makeCompany({ name: "Martin Charpente", status: "essai", plan: "essai", users: 1 });
const asleep = makeCompany({ name: "Leroy Plomberie", status: "inactif", suspended: true, plan: "standard" });

function dashboard() {
  return {
    kpis: { companies: 42, active_subscriptions: 38, users: 286, alerts: 2, new_companies_this_month: 7 },
    recent_companies: [trial, durand, asleep],
    alerts: [
      makeAlert(trial),
      makeAlert(asleep, { type: "inactivity" as const, message: "Aucune connexion depuis 34\u00a0jours" }),
    ],
  };
}

describe("the SuperAdmin dashboard", () => {
  it("shows the real KPIs, the recent companies with their status and plan, and the alerts leading to the company", async () => {
    api.get("/api/superadmin/dashboard", platformDashboardSchema, () => dashboard());
    renderWithProviders(<PlatformDashboardPanels isMobile={false} quickActions={<p>Actions rapides</p>} />);
    const kpis = screen.getByRole("list", { name: "Indicateurs de la plateforme" });
    expect(kpis.getAttribute("aria-busy")).toBe("true");
    expect(await within(kpis).findByText("42")).toBeTruthy();
    expect(kpis.textContent).toContain("Abonnements actifs38");
    expect(kpis.textContent).toContain("Utilisateurs286");
    expect(kpis.textContent).toContain("Alertes2");
    expect(kpis.textContent).toContain("7\u00a0nouvelles ce mois-ci");

    const recent = screen.getByRole("region", { name: "Entreprises récentes" });
    const rows = within(recent)
      .getAllByRole("link")
      .filter((link) => link.textContent !== "Voir tout");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Martin Charpente.*Essai gratuit.*1\u00a0utilisateur.*Essai$/),
      expect.stringMatching(/^Durand Rénovation.*Professionnel.*8\u00a0utilisateurs.*Actif$/),
      expect.stringMatching(/^Leroy Plomberie.*Standard.*Inactif$/),
    ]);
    expect(rows[0]?.getAttribute("href")).toBe(`/superadmin/companies/${trial.id}`);

    const alerts = screen.getByRole("region", { name: "Alertes" });
    const alert = within(alerts).getByRole("link", { name: /Leroy Plomberie/ });
    expect(alert.textContent).toContain("Aucune connexion depuis 34\u00a0jours");
    expect(alert.getAttribute("href")).toBe(`/superadmin/companies/${asleep.id}`);
  });

  it("says when there is nothing to report", async () => {
    api.get("/api/superadmin/dashboard", platformDashboardSchema, () => ({
      ...dashboard(),
      recent_companies: [],
      alerts: [],
    }));
    renderWithProviders(<PlatformDashboardPanels isMobile={false} quickActions={null} />);
    expect(await screen.findByText(/^Aucune alerte\s:\stout va bien\.$/)).toBeTruthy();
    expect(screen.getByText("Aucune entreprise pour l’instant.")).toBeTruthy();
  });

  it("shows the reason of a failure with « Réessayer », the quick actions still there", async () => {
    let fail = true;
    api.get("/api/superadmin/dashboard", platformDashboardSchema, () =>
      fail ? apiError(500, "Erreur interne du serveur") : never(),
    );
    renderWithProviders(<PlatformDashboardPanels isMobile={false} quickActions={<p>Actions rapides</p>} />);
    expect(await screen.findByText("Impossible de charger le tableau de bord")).toBeTruthy();
    expect(screen.getByText("Actions rapides")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("list", { name: "Indicateurs de la plateforme" })).toBeTruthy();
  });
});
