import { ACCOUNT_TEXTS, PASSWORD_TEXTS } from "@shared/account-rules";
import { accountLinkInfoSchema, setPasswordResponseSchema } from "@shared/accounts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeAuthUser,
  makeLinkInfo,
  never,
  renderWithProviders,
} from "../test/render";
import { AccountLinkPage } from "./account-link-page";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GOOD = "Charpente-Chêne-2026!";

function fill(password: string, confirmation = password) {
  fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirmation du mot de passe"), { target: { value: confirmation } });
}

describe("the invitation page", () => {
  it("checks the link, then welcomes the invitee by company with his name and e-mail", async () => {
    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () => never());
    const { unmount } = renderWithProviders(<AccountLinkPage kind="invitation" token="tok" onSignedIn={vi.fn()} />);
    expect(screen.getByText("Vérification du lien…")).toBeTruthy();
    unmount();

    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () => makeLinkInfo());
    renderWithProviders(<AccountLinkPage kind="invitation" token="tok" onSignedIn={vi.fn()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Bienvenue chez Martin Charpente" })).toBeTruthy();
    expect(screen.getByText("Léa Martin")).toBeTruthy();
    expect(screen.getByText("lea.martin@exemple.fr")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Choisissez votre mot de passe" })).toBeTruthy();
    // Asked without the stored session: the visitor may be signed in as someone else.
    const [request] = api.requests("GET", "/api/account-links/invitation/:token");
    expect(request?.params.token).toBe("tok");
    expect(new Headers(api.fetch.mock.calls[0]?.[1]?.headers).get("Authorization")).toBeNull();
  });

  it("says when the link is unknown, used or expired, and leads to the login", async () => {
    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () =>
      apiError(404, ACCOUNT_TEXTS.invitationInvalid),
    );
    renderWithProviders(<AccountLinkPage kind="invitation" token="old" onSignedIn={vi.fn()} />);
    expect(await screen.findByText(ACCOUNT_TEXTS.invitationInvalid)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Aller à la connexion" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByLabelText("Mot de passe")).toBeNull();
  });

  it("offers to try again when the server could not answer", async () => {
    let fail = true;
    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () =>
      fail ? apiError(500, "Erreur interne du serveur") : makeLinkInfo(),
    );
    renderWithProviders(<AccountLinkPage kind="invitation" token="tok" onSignedIn={vi.fn()} />);
    expect(await screen.findByText("Impossible de vérifier ce lien")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("heading", { name: "Bienvenue chez Martin Charpente" })).toBeTruthy();
  });

  it("measures the password as it is typed and lists what the policy still refuses", async () => {
    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () => makeLinkInfo());
    renderWithProviders(<AccountLinkPage kind="invitation" token="tok" onSignedIn={vi.fn()} />);
    await screen.findByLabelText("Mot de passe");
    fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: "martin" } });
    const meter = screen.getByRole("meter", { name: "Sécurité du mot de passe" });
    expect(meter.getAttribute("aria-valuetext")).toBe("Très faible");
    const refusals = screen.getByRole("list", { name: "À corriger" });
    expect(refusals.textContent).toContain(PASSWORD_TEXTS.tooShort);
    expect(refusals.textContent).toContain(PASSWORD_TEXTS.containsEmail);

    fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: GOOD } });
    expect(screen.getByRole("meter").getAttribute("aria-valuetext")).toBe("Excellent");
    expect(screen.queryByRole("list", { name: "À corriger" })).toBeNull();
    expect(screen.getByText("Ce mot de passe respecte les règles de sécurité.")).toBeTruthy();
  });

  it("refuses two different passwords without asking the server", async () => {
    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () => makeLinkInfo());
    renderWithProviders(<AccountLinkPage kind="invitation" token="tok" onSignedIn={vi.fn()} />);
    await screen.findByLabelText("Mot de passe");
    fill(GOOD, `${GOOD}x`);
    fireEvent.click(screen.getByRole("button", { name: "Activer mon compte" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordsDiffer)).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(0);
  });

  it("sends the chosen password and hands the login answer over", async () => {
    const answer = { token: "session-token", user: makeAuthUser() };
    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () => makeLinkInfo());
    api.post("/api/account-links/invitation/:token", setPasswordResponseSchema, () => answer, 200);
    const onSignedIn = vi.fn();
    renderWithProviders(<AccountLinkPage kind="invitation" token="tok" onSignedIn={onSignedIn} />);
    await screen.findByLabelText("Mot de passe");
    fill(GOOD);
    fireEvent.click(screen.getByRole("button", { name: "Activer mon compte" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(answer));
    expect(api.requests("POST", "/api/account-links/invitation/:token")[0]?.body).toEqual({ password: GOOD });
  });

  it("shows the server's refusal under the password", async () => {
    api.get("/api/account-links/invitation/:token", accountLinkInfoSchema, () => makeLinkInfo());
    api.post("/api/account-links/invitation/:token", setPasswordResponseSchema, () =>
      apiError(400, "Ce mot de passe figure dans une liste de mots de passe divulgués"),
    );
    const onSignedIn = vi.fn();
    renderWithProviders(<AccountLinkPage kind="invitation" token="tok" onSignedIn={onSignedIn} />);
    await screen.findByLabelText("Mot de passe");
    fill(GOOD);
    fireEvent.click(screen.getByRole("button", { name: "Activer mon compte" }));
    expect(await screen.findByText("Ce mot de passe figure dans une liste de mots de passe divulgués")).toBeTruthy();
    expect(screen.getByLabelText("Mot de passe").getAttribute("aria-invalid")).toBe("true");
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

describe("the reset page", () => {
  it("asks for a new password on a valid link and says so on an invalid one", async () => {
    api.get("/api/account-links/password-reset/:token", accountLinkInfoSchema, ({ params }) =>
      params.token === "good" ? makeLinkInfo({ company_name: null }) : apiError(404, ACCOUNT_TEXTS.resetInvalid),
    );
    const { unmount } = renderWithProviders(
      <AccountLinkPage kind="password-reset" token="good" onSignedIn={vi.fn()} />,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Réinitialiser votre mot de passe" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enregistrer le mot de passe" })).toBeTruthy();
    unmount();

    renderWithProviders(<AccountLinkPage kind="password-reset" token="used" onSignedIn={vi.fn()} />);
    expect(await screen.findByText(ACCOUNT_TEXTS.resetInvalid)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Lien de réinitialisation invalide" })).toBeTruthy();
  });
});
