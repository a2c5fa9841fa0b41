import type { AuthUser } from "@shared/auth";
import { isTokenExpired } from "@shared/session";
import { useQueryClient } from "@tanstack/react-query";
import { refreshToken } from "@web/lib/api-client";
import {
  clearSession,
  getStoredUserRaw,
  getToken,
  setStoredUser,
  setToken,
  subscribeSession,
  TOKEN_KEY,
  USER_KEY,
} from "@web/lib/session";
import { toast } from "@web/lib/toast";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isServerRefusal, loginErrorMessage, loginRequest, logoutRequest, verifyRequest } from "../api/auth-api";
import { normaliseAuthUser } from "../api/auth-user";
import { permissionsQueryOptions } from "../api/permissions";
import { AuthContext, type AuthContextValue } from "../hooks/auth-context";

export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const LOGOUT_SUCCESS_MESSAGE = "Vous avez été déconnecté avec succès";
export const SESSION_EXPIRED_MESSAGE = "Votre session a expiré. Veuillez vous reconnecter.";

type AuthState =
  | { status: "loading"; token: string; user: AuthUser }
  | { status: "authenticated"; token: string; user: AuthUser }
  | { status: "unauthenticated"; token: null; user: null };

const SIGNED_OUT: AuthState = { status: "unauthenticated", token: null, user: null };

function initialState(): AuthState {
  const token = getToken();
  const user = normaliseAuthUser(getStoredUserRaw());
  // Both are needed to restore a session; anything else starts signed out at once.
  if (token && user) return { status: "loading", token, user };
  return SIGNED_OUT;
}

/**
 * Session lifecycle (docs/domain/auth.md#session): verify on start, login, logout, the 60-second expiry check with
 * refresh, and the reaction to a session ended elsewhere (API client, permissions, other tabs).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(initialState);
  const statusRef = useRef(state.status);
  statusRef.current = state.status;

  // Verify a restored session once on start.
  const startToken = state.status === "loading" ? state.token : null;
  useEffect(() => {
    if (!startToken) return;
    let cancelled = false;
    verifyRequest()
      .then((user) => {
        if (cancelled) return;
        setStoredUser(user);
        setState({ status: "authenticated", token: getToken() ?? startToken, user });
        // The screens rendered from the stored session meanwhile, with its permissions: read them again
        // from this answer, so that a role changed since the last visit applies on this one.
        void queryClient.invalidateQueries({ queryKey: permissionsQueryOptions(user).queryKey });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isServerRefusal(error)) {
          clearSession("invalid");
          return;
        }
        // Server unreachable (offline PWA start): keep the stored session, the API will tell later.
        const user = normaliseAuthUser(getStoredUserRaw());
        const token = getToken();
        if (user && token) setState({ status: "authenticated", token, user });
        else clearSession("invalid");
      });
    return () => {
      cancelled = true;
    };
  }, [startToken, queryClient]);

  // React to the session store and to other tabs.
  useEffect(() => {
    const unsubscribe = subscribeSession((event) => {
      if (event.type === "cleared") {
        const wasSignedIn = statusRef.current !== "unauthenticated";
        setState(SIGNED_OUT);
        queryClient.clear();
        if (event.reason === "expired" && wasSignedIn) toast.error(SESSION_EXPIRED_MESSAGE);
      } else if (event.type === "token") {
        setState((current) => (current.status === "unauthenticated" ? current : { ...current, token: event.token }));
      } else {
        setState((current) => (current.status === "authenticated" ? { ...current, user: event.user } : current));
      }
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
      if (!getToken() && statusRef.current !== "unauthenticated") {
        setState(SIGNED_OUT);
        queryClient.clear();
      }
    };
    window.addEventListener("storage", onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }, [queryClient]);

  // Every 60 s while signed in: refresh once the stored token has expired; stop when that fails.
  const isAuthenticated = state.status === "authenticated";
  useEffect(() => {
    if (!isAuthenticated) return;
    const id = window.setInterval(() => {
      const token = getToken();
      if (!token) {
        window.clearInterval(id);
        clearSession("expired");
        return;
      }
      if (!isTokenExpired(token)) return;
      void refreshToken().then((renewed) => {
        // A refused refresh cleared the session (and the toast is shown); a network error keeps trying.
        if (!renewed && !getToken()) window.clearInterval(id);
      });
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [isAuthenticated]);

  // Stores a new session as the login does: another user's cached answers go, the token and user are kept.
  const adopt = useCallback(
    (token: string, user: AuthUser) => {
      queryClient.clear();
      setToken(token);
      setStoredUser(user);
      setState({ status: "authenticated", token, user });
      return user;
    },
    [queryClient],
  );

  const signInWith = useCallback(
    (answer: { token?: unknown; user?: unknown }) => {
      const user = normaliseAuthUser(answer.user);
      if (typeof answer.token !== "string" || !user) throw new Error("Réponse du serveur invalide");
      return adopt(answer.token, user);
    },
    [adopt],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const { token, user } = await loginRequest({ email: email.trim(), password });
        return adopt(token, user);
      } catch (error) {
        const message = loginErrorMessage(error);
        toast.error(`Échec de la connexion\u00a0: ${message}`);
        throw new Error(message);
      }
    },
    [adopt],
  );

  const logout = useCallback(async () => {
    if (getToken()) {
      try {
        await logoutRequest();
      } catch (error) {
        console.error("Erreur lors de la déconnexion", error);
      }
    }
    clearSession("logout");
    toast.success(LOGOUT_SUCCESS_MESSAGE);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      // A stored session is used at once while the server verifies it (ADR 0005 §10): the screens paint
      // from it, the API checks every request anyway, and a refusal signs out (clearSession above).
      user: state.user,
      token: state.token,
      isAuthenticated: state.status !== "unauthenticated",
      isLoading: state.status === "loading",
      login,
      signInWith,
      logout,
    }),
    [state, login, signInWith, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
