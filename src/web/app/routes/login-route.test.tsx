import { loginResponseSchema } from "@shared/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { AuthProvider } from "@web/features/auth/components/auth-provider";
import { testAuthUser } from "@web/test/auth-user";
import { fakeApi } from "@web/test/fake-api";
import { testQueryClient } from "@web/test/render";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LoginRoute } from "./login-route";

const api = fakeApi();

const user = testAuthUser();

beforeEach(() => {
  api.reset().install();
  localStorage.clear();
  const exp = Math.floor(Date.now() / 1000) + 900;
  const token = `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, "")}.s`;
  api.post("/api/auth/login", loginResponseSchema, () => ({ token, user }));
});
afterEach(cleanup);

function renderLogin(at = "/login") {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <LoginRoute /> },
      { path: "/", element: <h1>Tableau de bord</h1> },
      { path: "/quotes", element: <h1>Devis</h1> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

function signIn() {
  fireEvent.input(screen.getByLabelText("Adresse e-mail"), { target: { value: user.email } });
  fireEvent.input(screen.getByLabelText("Mot de passe", { exact: true }), { target: { value: "demo1234" } });
  fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));
}

describe("/login (issue 32: sign-in goes straight to the dashboard)", () => {
  it("opens the dashboard as soon as the server says yes, with no « Connexion réussie ! » screen in between", async () => {
    const router = renderLogin();
    signIn();
    // Well under the 2.3 s the success animation took.
    expect(await screen.findByRole("heading", { name: "Tableau de bord" }, { timeout: 1500 })).toBeTruthy();
    expect(screen.queryByText("Connexion réussie !")).toBeNull();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("goes straight to the page first asked for", async () => {
    const router = renderLogin("/login?redirect=%2Fquotes");
    signIn();
    expect(await screen.findByRole("heading", { name: "Devis" }, { timeout: 1500 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/quotes"));
  });
});
