import type { AuthUser } from "@shared/auth";
import { createContext, useContext } from "react";

/** Auth state (docs/domain/auth.md#signed-in-user): user, token, isAuthenticated, isLoading. */
export interface AuthContextValue {
  user: AuthUser | null;
  token: string | null;
  /** Signed in, or a stored session being verified (the screens paint from it meanwhile). */
  isAuthenticated: boolean;
  /** The stored session is being verified with the server (GET /api/auth/verify). */
  isLoading: boolean;
  /** Signs in; on failure shows the error toast and throws an Error carrying the French message. */
  login: (email: string, password: string) => Promise<AuthUser>;
  /**
   * Adopts a session the server opened otherwise (a login answer: an invitation accepted, a password
   * reset), exactly as `login` stores its own; throws when the answer is not a session.
   */
  signInWith: (answer: { token?: unknown; user?: unknown }) => AuthUser;
  /** Signs out on the server when possible, always clears the local session. */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth doit être utilisé dans <AuthProvider>");
  return value;
}
