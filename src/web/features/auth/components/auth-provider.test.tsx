import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../hooks/auth-context";
import {
  AuthProvider,
  LOGOUT_SUCCESS_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  TOKEN_CHECK_INTERVAL_MS,
} from "./auth-provider";

function token(offsetSeconds: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + offsetSeconds }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  return `h.${payload}.s`;
}

const storedUser = {
  id: "u1",
  email: "admin@durand-renovation.fr",
  full_name: "Pierre Durand",
  avatarUrl: null,
  companyId: "c1",
  company_id: "c1",
  company_name: "Durand Rénovation",
  role: "Administrateur",
  roles: [{ id: "r1", name: "Administrateur" }],
  permissions: ["admin:access"],
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

function Probe() {
  const { user, isAuthenticated, isLoading, logout } = useAuth();
  return (
    <div>
      <p data-testid="state">{isLoading ? "loading" : isAuthenticated ? `in:${user?.full_name}` : "out"}</p>
      <button type="button" onClick={() => void logout()}>
        sortir
      </button>
    </div>
  );
}

function renderProvider() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const state = () => screen.getByTestId("state").textContent;

describe("AuthProvider", () => {
  it("starts signed out at once without a stored session", () => {
    renderProvider();
    expect(state()).toBe("out");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("verifies a stored session on start and restores the fresh user", async () => {
    localStorage.setItem("token", token(900));
    localStorage.setItem("auth_user", JSON.stringify(storedUser));
    fetchMock.mockResolvedValueOnce(
      json(200, { valid: true, user: { ...storedUser, full_name: "Pierre Durand-Martin" } }),
    );
    renderProvider();
    expect(state()).toBe("loading");
    expect(await screen.findByText("in:Pierre Durand-Martin")).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/verify");
    expect(JSON.parse(localStorage.getItem("auth_user") ?? "{}").full_name).toBe("Pierre Durand-Martin");
  });

  it("clears the session when the server refuses it", async () => {
    localStorage.setItem("token", token(900));
    localStorage.setItem("auth_user", JSON.stringify(storedUser));
    fetchMock.mockResolvedValueOnce(json(401, { error: "Token invalide", code: "UNAUTHENTICATED" }));
    renderProvider();
    expect(await screen.findByText("out")).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("auth_user")).toBeNull();
  });

  it("keeps the stored session when the server cannot be reached (offline start)", async () => {
    localStorage.setItem("token", token(900));
    localStorage.setItem("auth_user", JSON.stringify(storedUser));
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderProvider();
    expect(await screen.findByText("in:Pierre Durand")).toBeTruthy();
    expect(localStorage.getItem("token")).not.toBeNull();
  });

  it("refreshes an expired token every 60 s and signs out with a toast when the refresh fails", async () => {
    localStorage.setItem("token", token(90));
    localStorage.setItem("auth_user", JSON.stringify(storedUser));
    fetchMock.mockResolvedValueOnce(json(200, { valid: true, user: storedUser }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderProvider();
    expect(await screen.findByText("in:Pierre Durand")).toBeTruthy();

    // First tick: the token (30 s left by then) is still valid, nothing is sent.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Second tick: expired, the refresh succeeds and the new token is stored.
    const renewed = token(900);
    fetchMock.mockResolvedValueOnce(json(200, { token: renewed }));
    localStorage.setItem("token", token(-1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    });
    expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/auth/refresh");
    expect(localStorage.getItem("token")).toBe(renewed);
    expect(state()).toBe("in:Pierre Durand");

    // Third: expired again and the refresh is refused → signed out, toast, no more checks.
    localStorage.setItem("token", token(-1));
    fetchMock.mockResolvedValueOnce(json(401, { error: "Échec du rafraîchissement du token" }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    });
    expect(state()).toBe("out");
    expect(localStorage.getItem("token")).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * TOKEN_CHECK_INTERVAL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("logs out on the server, clears everything and says so, even when the server fails", async () => {
    localStorage.setItem("token", token(900));
    localStorage.setItem("auth_user", JSON.stringify(storedUser));
    fetchMock.mockResolvedValueOnce(json(200, { valid: true, user: storedUser }));
    fetchMock.mockResolvedValueOnce(json(500, { error: "Une erreur interne est survenue." }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderProvider();
    expect(await screen.findByText("in:Pierre Durand")).toBeTruthy();
    await act(async () => {
      screen.getByRole("button", { name: "sortir" }).click();
    });
    expect(await screen.findByText(LOGOUT_SUCCESS_MESSAGE)).toBeTruthy();
    expect(state()).toBe("out");
    expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/auth/logout");
    expect(localStorage.getItem("token")).toBeNull();
  });
});
