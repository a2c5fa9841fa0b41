import { verifyResponseSchema } from "@shared/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { AuthProvider } from "@web/features/auth/components/auth-provider";
import { testAuthUser } from "@web/test/auth-user";
import { apiError, fakeApi, never } from "@web/test/fake-api";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProtectedRoute } from "./protected-route";

const storedUser = testAuthUser();

function storeSession() {
  const exp = Math.floor(Date.now() / 1000) + 900;
  const payload = btoa(JSON.stringify({ exp })).replace(/=+$/, "");
  localStorage.setItem("token", `h.${payload}.s`);
  localStorage.setItem("auth_user", JSON.stringify(storedUser));
}

const api = fakeApi();
const calls = () => api.requests().map((r) => `${r.method} ${r.path}`);

beforeEach(() => {
  api.reset().install();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ProtectedRoute with a stored session", () => {
  function renderScreen() {
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={["/clients"]}>
            <Routes>
              <Route path="/login" element={<p>Page de connexion</p>} />
              <Route
                path="/clients"
                element={
                  <ProtectedRoute>
                    <p>Écran des clients</p>
                  </ProtectedRoute>
                }
              />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  it("paints the screen before the verification answers (no spinner in between)", () => {
    storeSession();
    api.get("/api/auth/verify", verifyResponseSchema, () => never());
    renderScreen();
    expect(screen.getByText("Écran des clients")).toBeTruthy();
    expect(screen.queryByText("Page de connexion")).toBeNull();
  });

  it("leaves the screen for the login page when the server refuses the stored session", async () => {
    storeSession();
    let refuse!: () => void;
    api.get(
      "/api/auth/verify",
      verifyResponseSchema,
      () => new Promise((resolve) => (refuse = () => resolve(apiError(401, "Token invalide")))),
    );
    renderScreen();
    expect(screen.getByText("Écran des clients")).toBeTruthy();
    await act(async () => refuse());
    expect(await screen.findByText("Page de connexion")).toBeTruthy();
    expect(screen.queryByText("Écran des clients")).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("sends a visitor without a stored session to the login page", () => {
    renderScreen();
    expect(screen.getByText("Page de connexion")).toBeTruthy();
    expect(calls()).toEqual([]);
  });
});
