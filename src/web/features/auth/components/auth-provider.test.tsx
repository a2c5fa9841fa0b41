import { refreshResponseSchema, verifyResponseSchema } from "@shared/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { ToasterHost } from "@web/app/toaster-host";
import { testAuthUser } from "@web/test/auth-user";
import { apiError, fakeApi, never } from "@web/test/fake-api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { useAuth } from "../hooks/auth-context";
import { usePermissions } from "../hooks/use-permissions";
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

const storedUser = testAuthUser();

function Probe() {
  const { user, isAuthenticated, isLoading, logout } = useAuth();
  return (
    <div>
      <p data-testid="state">{isLoading ? "loading" : isAuthenticated ? `in:${user?.full_name}` : "out"}</p>
      <p data-testid="signed-in-as">{user?.full_name ?? ""}</p>
      <button type="button" onClick={() => void logout()}>
        sortir
      </button>
    </div>
  );
}

/** What the screens may do, as they read it. */
function Can() {
  const { can } = usePermissions();
  return <p data-testid="can">{`devis:${can("quotes:view")} clients:${can("clients:view")}`}</p>;
}

function renderProvider() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
      <ToasterHost />
    </QueryClientProvider>,
  );
}

const api = fakeApi();
const verified = (user = storedUser) => ({ valid: true as const, user });
/** The calls made, in order, as « METHOD /path ». */
const calls = () => api.requests().map((r) => `${r.method} ${r.path}`);

beforeEach(() => {
  api.reset().install();
  localStorage.clear();
});

function storeSession(offsetSeconds = 900) {
  localStorage.setItem("token", token(offsetSeconds));
  localStorage.setItem("auth_user", JSON.stringify(storedUser));
}

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
    expect(calls()).toEqual([]);
  });

  it("verifies a stored session on start and restores the fresh user", async () => {
    storeSession();
    api.get("/api/auth/verify", verifyResponseSchema, () =>
      verified({ ...storedUser, full_name: "Pierre Durand-Martin" }),
    );
    renderProvider();
    expect(state()).toBe("loading");
    expect(await screen.findByText("in:Pierre Durand-Martin")).toBeTruthy();
    expect(calls()).toEqual(["GET /api/auth/verify"]);
    expect(JSON.parse(localStorage.getItem("auth_user") ?? "{}").full_name).toBe("Pierre Durand-Martin");
  });

  it("takes the permissions of the verified user: a role changed since the last visit applies on this one", async () => {
    storeSession();
    localStorage.setItem("auth_user", JSON.stringify({ ...storedUser, permissions: ["quotes:view"] }));
    api.get("/api/auth/verify", verifyResponseSchema, () => verified({ ...storedUser, permissions: ["clients:view"] }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <Can />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("devis:false clients:true")).toBeTruthy();
  });

  it("clears the session when the server refuses it", async () => {
    storeSession();
    api.get("/api/auth/verify", verifyResponseSchema, () => apiError(401, "Token invalide"));
    renderProvider();
    expect(await screen.findByText("out")).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("auth_user")).toBeNull();
  });

  it("keeps the stored session when the server cannot be reached (offline start)", async () => {
    storeSession();
    api.fetch.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderProvider();
    expect(await screen.findByText("in:Pierre Durand")).toBeTruthy();
    expect(localStorage.getItem("token")).not.toBeNull();
  });

  it("refreshes an expired token every 60 s and signs out with a toast when the refresh fails", async () => {
    storeSession(90);
    api.get("/api/auth/verify", verifyResponseSchema, () => verified());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderProvider();
    expect(await screen.findByText("in:Pierre Durand")).toBeTruthy();

    // First tick: the token (30 s left by then) is still valid, nothing is sent.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    });
    expect(calls()).toEqual(["GET /api/auth/verify"]);

    // Second tick: expired, the refresh succeeds and the new token is stored.
    const renewed = token(900);
    api.post("/api/auth/refresh", refreshResponseSchema, () => ({ token: renewed }), 200);
    localStorage.setItem("token", token(-1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    });
    expect(calls()).toEqual(["GET /api/auth/verify", "POST /api/auth/refresh"]);
    expect(localStorage.getItem("token")).toBe(renewed);
    expect(state()).toBe("in:Pierre Durand");

    // Third: expired again and the refresh is refused → signed out, toast, no more checks.
    localStorage.setItem("token", token(-1));
    api.post("/api/auth/refresh", refreshResponseSchema, () => apiError(401, "Échec du rafraîchissement du token"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
    });
    expect(state()).toBe("out");
    expect(localStorage.getItem("token")).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * TOKEN_CHECK_INTERVAL_MS);
    });
    expect(calls()).toEqual(["GET /api/auth/verify", "POST /api/auth/refresh", "POST /api/auth/refresh"]);
  });

  it("logs out on the server, clears everything and says so, even when the server fails", async () => {
    storeSession();
    api.get("/api/auth/verify", verifyResponseSchema, () => verified());
    api.post("/api/auth/logout", z.unknown(), () => apiError(500, "Une erreur interne est survenue."));
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderProvider();
    expect(await screen.findByText("in:Pierre Durand")).toBeTruthy();
    await act(async () => {
      screen.getByRole("button", { name: "sortir" }).click();
    });
    expect(await screen.findByText(LOGOUT_SUCCESS_MESSAGE)).toBeTruthy();
    expect(state()).toBe("out");
    expect(calls()).toEqual(["GET /api/auth/verify", "POST /api/auth/logout"]);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("uses the stored session at once while the server verifies it", () => {
    storeSession();
    api.get("/api/auth/verify", verifyResponseSchema, () => never());
    renderProvider();
    expect(state()).toBe("loading");
    expect(screen.getByTestId("signed-in-as").textContent).toBe("Pierre Durand");
  });
});
