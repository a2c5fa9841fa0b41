import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { platformCompanyCreatedSchema } from "@shared/accounts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, type FakeApi, fakeApi, installBrowserStubs, makeCompany, renderAt } from "../test/render";
import { CompanyNewPage } from "./company-new-page";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fillRequired() {
  fireEvent.change(screen.getByLabelText("Nom de l’entreprise *"), { target: { value: "Martin Charpente" } });
  fireEvent.change(screen.getByLabelText("Nom complet *"), { target: { value: "Léa Martin" } });
  fireEvent.change(screen.getByLabelText("Adresse e-mail *"), { target: { value: "Lea.Martin@Exemple.fr" } });
}

describe("a new company", () => {
  it("refuses a form without the company's name or its administrator, with the shared messages", async () => {
    renderAt(<CompanyNewPage isMobile={false} />, "/superadmin/companies/new");
    fireEvent.click(screen.getByRole("button", { name: "Créer l’entreprise" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.companyNameRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.fullNameRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.emailRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Adresse e-mail *"), { target: { value: "lea@" } });
    expect(await screen.findByText(ACCOUNT_TEXTS.emailInvalid)).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(0);
  });

  it("creates the company with its first administrator, then shows the invitation link to copy", async () => {
    const company = makeCompany({ name: "Martin Charpente", status: "essai", plan: "essai", users: 1 });
    api.post("/api/superadmin/companies", platformCompanyCreatedSchema, () => ({
      company,
      link: { path: "/invitation/tok-123", expires_at: "2026-12-01T10:00:00.000Z" },
    }));
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderAt(<CompanyNewPage isMobile={false} />, "/superadmin/companies/new");
    fillRequired();
    fireEvent.change(screen.getByLabelText("Formule *"), { target: { value: "professionnel" } });
    fireEvent.change(screen.getByLabelText("Ville"), { target: { value: " Annecy " } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l’entreprise" }));

    const field = (await screen.findByLabelText("Lien à envoyer")) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/invitation/tok-123`);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText(/Valable jusqu’au/).textContent).toContain("Il ne sert qu’une fois.");
    expect(screen.getByText(/Ce lien a été envoyé par e-mail à Léa Martin/)).toBeTruthy();
    expect(api.requests("POST", "/api/superadmin/companies")[0]?.body).toEqual({
      name: "Martin Charpente",
      plan: "professionnel",
      siret: null,
      email_contact: null,
      city: "Annecy",
      admin: { full_name: "Léa Martin", email: "lea.martin@exemple.fr" },
    });
    expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.companyCreated);

    fireEvent.click(screen.getByRole("button", { name: "Copier le lien" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invitation/tok-123`));
    expect(screen.getByRole("link", { name: "Voir l’entreprise" }).getAttribute("href")).toBe(
      `/superadmin/companies/${company.id}`,
    );
    // Another one: an empty form again.
    fireEvent.click(screen.getByRole("button", { name: "Créer une autre entreprise" }));
    expect((screen.getByLabelText("Nom de l’entreprise *") as HTMLInputElement).value).toBe("");
  });

  it("shows an e-mail already taken on the administrator's e-mail", async () => {
    api.post("/api/superadmin/companies", platformCompanyCreatedSchema, () => apiError(409, ACCOUNT_TEXTS.emailTaken));
    renderAt(<CompanyNewPage isMobile={false} />, "/superadmin/companies/new");
    fillRequired();
    fireEvent.click(screen.getByRole("button", { name: "Créer l’entreprise" }));
    await waitFor(() => expect(screen.getByLabelText("Adresse e-mail *").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText(ACCOUNT_TEXTS.emailTaken).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText("Lien à envoyer")).toBeNull();
  });
});
