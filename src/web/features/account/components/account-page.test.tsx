import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { accountSchema } from "@shared/accounts";
import { formatDateTime } from "@shared/format";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeAccount,
  never,
  noContent,
  renderWithProviders,
} from "../test/render";
import { AccountPage } from "./account-page";

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

const NEW = "Charpente-Chêne-2026!";

function fillPasswords(current: string, next: string, confirmation = next) {
  fireEvent.change(screen.getByLabelText("Mot de passe actuel"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("Nouveau mot de passe"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirmation du mot de passe"), { target: { value: confirmation } });
}

describe("« Mon compte »", () => {
  it("shows a skeleton, then the account: name to edit, e-mail and company read-only, roles and last login", async () => {
    let answer: () => unknown = () => never();
    api.get("/api/account", accountSchema, () => answer() as ReturnType<typeof makeAccount>);
    const { unmount } = renderWithProviders(<AccountPage isMobile={false} />);
    expect(screen.getByRole("status", { name: "Chargement de votre compte" })).toBeTruthy();
    unmount();

    answer = () => makeAccount({ roles: ["Administrateur", "Chef d'équipe"] });
    renderWithProviders(<AccountPage isMobile={false} />);
    expect(((await screen.findByLabelText("Nom complet")) as HTMLInputElement).value).toBe("Pierre Durand");
    expect(screen.getByText("admin@durand-renovation.fr")).toBeTruthy();
    expect(screen.getByText("Durand Rénovation")).toBeTruthy();
    expect(screen.getByText("Chef d'équipe")).toBeTruthy();
    // No-break spaces in « 8 h 30 »: Testing Library reads them as spaces.
    expect(screen.getByText(formatDateTime("2026-11-20T08:30:00.000Z").replace(/\s/g, " "))).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole("button", { name: "Enregistrer" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says why the account could not be loaded, with « Réessayer »", async () => {
    let fail = true;
    api.get("/api/account", accountSchema, () => (fail ? apiError(500, "Erreur interne du serveur") : makeAccount()));
    renderWithProviders(<AccountPage isMobile={false} />);
    expect(await screen.findByText("Impossible de charger votre compte")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByLabelText("Nom complet")).toBeTruthy();
  });

  it("saves the name and tells the app", async () => {
    api.get("/api/account", accountSchema, () => makeAccount());
    api.patch("/api/account", accountSchema, ({ body }) => makeAccount(body as { full_name: string }));
    const onNameSaved = vi.fn();
    renderWithProviders(<AccountPage isMobile={false} onNameSaved={onNameSaved} />);
    fireEvent.change(await screen.findByLabelText("Nom complet"), { target: { value: "  Pierre Durand-Leroy " } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(onNameSaved).toHaveBeenCalledWith("Pierre Durand-Leroy"));
    expect(api.requests("PATCH", "/api/account")[0]?.body).toEqual({ full_name: "Pierre Durand-Leroy" });
    expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.accountSaved);
  });

  it("refuses an empty name with the shared message", async () => {
    api.get("/api/account", accountSchema, () => makeAccount());
    renderWithProviders(<AccountPage isMobile={false} />);
    fireEvent.change(await screen.findByLabelText("Nom complet"), { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.fullNameRequired)).toBeTruthy();
    expect(api.requests("PATCH")).toHaveLength(0);
  });
});

describe("« Changer le mot de passe »", () => {
  it("measures the new password and refuses a confirmation that differs", async () => {
    api.get("/api/account", accountSchema, () => makeAccount());
    renderWithProviders(<AccountPage isMobile={false} />);
    await screen.findByLabelText("Mot de passe actuel");
    fillPasswords("demo1234", NEW, `${NEW}?`);
    expect(screen.getByRole("meter", { name: "Sécurité du mot de passe" }).getAttribute("aria-valuetext")).toBe(
      "Excellent",
    );
    fireEvent.click(screen.getByRole("button", { name: "Changer le mot de passe" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordsDiffer)).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(0);
  });

  it("shows a wrong current password on its field", async () => {
    api.get("/api/account", accountSchema, () => makeAccount());
    api.post("/api/account/password", accountSchema, () => apiError(400, ACCOUNT_TEXTS.currentPasswordWrong));
    renderWithProviders(<AccountPage isMobile={false} />);
    await screen.findByLabelText("Mot de passe actuel");
    fillPasswords("pas-le-bon", NEW);
    fireEvent.click(screen.getByRole("button", { name: "Changer le mot de passe" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.currentPasswordWrong)).toBeTruthy();
    expect(screen.getByLabelText("Mot de passe actuel").getAttribute("aria-invalid")).toBe("true");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("changes the password, says the other sessions were closed and empties the fields", async () => {
    api.get("/api/account", accountSchema, () => makeAccount());
    api.post("/api/account/password", accountSchema, () => noContent());
    renderWithProviders(<AccountPage isMobile={false} />);
    await screen.findByLabelText("Mot de passe actuel");
    fillPasswords("demo1234", NEW);
    fireEvent.click(screen.getByRole("button", { name: "Changer le mot de passe" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNT_TEXTS.passwordChanged));
    expect(api.requests("POST", "/api/account/password")[0]?.body).toEqual({
      current_password: "demo1234",
      new_password: NEW,
    });
    expect((screen.getByLabelText("Mot de passe actuel") as HTMLInputElement).value).toBe("");
  });
});
