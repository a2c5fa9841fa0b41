import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { platformCompanySchema } from "@shared/accounts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, type FakeApi, fakeApi, installBrowserStubs, makeCompany, never, renderAt } from "../test/render";
import { CompanyPage } from "./company-page";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a company's page", () => {
  it("shows a skeleton, then its identity, plan, users count and last activity", async () => {
    const company = makeCompany({ status: "essai", plan: "essai", trial_ends_at: "2026-12-20", users: 3 });
    api.get("/api/superadmin/companies/:id", platformCompanySchema, () => never());
    const { unmount } = renderAt(<CompanyPage id={company.id} isMobile={false} />, "/");
    expect(screen.getByRole("status", { name: "Chargement de l’entreprise" })).toBeTruthy();
    unmount();

    api.get("/api/superadmin/companies/:id", platformCompanySchema, () => company);
    renderAt(<CompanyPage id={company.id} isMobile={false} />, "/");
    expect(await screen.findByRole("heading", { level: 1, name: "Durand Rénovation" })).toBeTruthy();
    expect(screen.getByText("12345678900012")).toBeTruthy();
    expect(screen.getByText(/^3\sutilisateurs$/)).toBeTruthy();
    expect(screen.getByText("20 décembre 2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Retour aux entreprises" }).getAttribute("href")).toBe(
      "/superadmin/companies",
    );
  });

  it("says a company that does not exist was not found", async () => {
    api.get("/api/superadmin/companies/:id", platformCompanySchema, () => apiError(404, ACCOUNT_TEXTS.companyNotFound));
    renderAt(<CompanyPage id="nope" isMobile={false} />, "/");
    expect(await screen.findByRole("heading", { name: ACCOUNT_TEXTS.companyNotFound })).toBeTruthy();
  });

  it("suspends after a confirmation, then offers « Réactiver »", async () => {
    let company = makeCompany();
    api.get("/api/superadmin/companies/:id", platformCompanySchema, () => company);
    api.post(
      "/api/superadmin/companies/:id/suspend",
      platformCompanySchema,
      () => {
        company = { ...company, suspended: true, status: "inactif" };
        return company;
      },
      200,
    );
    api.post(
      "/api/superadmin/companies/:id/reactivate",
      platformCompanySchema,
      () => {
        company = { ...company, suspended: false, status: "actif" };
        return company;
      },
      200,
    );
    renderAt(<CompanyPage id={company.id} isMobile={false} />, "/");
    fireEvent.click(await screen.findByRole("button", { name: "Suspendre" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Suspendre l’entreprise\u202f?" });
    // « Annuler » keeps it active.
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.requests("POST")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Suspendre" }));
    const again = await screen.findByRole("alertdialog");
    expect(again.textContent).toContain("ses utilisateurs sont déconnectés");
    fireEvent.click(within(again).getByRole("button", { name: "Suspendre" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.companySuspended));
    expect(await screen.findByText("Inactif")).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Réactiver" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.companyReactivated));
    expect(api.requests("POST", "/api/superadmin/companies/:id/reactivate")).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Suspendre" })).toBeTruthy();
  });

  it("changes the plan", async () => {
    let company = makeCompany({ plan: "standard" });
    api.get("/api/superadmin/companies/:id", platformCompanySchema, () => company);
    api.patch("/api/superadmin/companies/:id", platformCompanySchema, ({ body }) => {
      company = { ...company, ...(body as { plan: "entreprise" }) };
      return company;
    });
    renderAt(<CompanyPage id={company.id} isMobile={false} />, "/");
    const save = await screen.findByRole("button", { name: "Enregistrer la formule" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Changer de formule"), { target: { value: "entreprise" } });
    fireEvent.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.planChanged));
    expect(api.requests("PATCH")[0]?.body).toEqual({ plan: "entreprise" });
  });
});
