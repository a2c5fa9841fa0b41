import type { AuthUser, LoginBody } from "@shared/auth";
import { MESSAGES } from "@shared/errors";
import { ApiError, api, isApiError } from "@web/lib/api-client";
import { normaliseAuthUser } from "./auth-user";

/** POST /api/auth/login. The login screen reads the body's `message` (docs/domain/auth.md#sign-in). */
export async function loginRequest(body: LoginBody): Promise<{ token: string; user: AuthUser }> {
  const data = await api.post<{ token?: unknown; user?: unknown }>("/auth/login", body, {
    auth: false,
    errorMessage: (errorBody, response) => {
      if (typeof errorBody?.message === "string" && errorBody.message) return errorBody.message;
      if (typeof errorBody?.error === "string" && errorBody.error) return errorBody.error;
      return `Erreur ${response.status}: ${response.statusText}`;
    },
  });
  const user = normaliseAuthUser(data.user);
  if (typeof data.token !== "string" || !user) {
    throw new ApiError("Réponse du serveur invalide", 200, "OK");
  }
  return { token: data.token, user };
}

/** The French message shown for a failed login (docs/domain/auth.md#sign-in). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || "Une erreur inconnue est survenue";
  return "Erreur de connexion";
}

/** GET /api/auth/verify with the stored token: the fresh user, or throws. */
export async function verifyRequest(): Promise<AuthUser> {
  const data = await api.get<{ valid?: unknown; user?: unknown }>("/auth/verify");
  const user = normaliseAuthUser(data.user);
  if (data.valid !== true || !user) throw new ApiError(MESSAGES.invalidToken, 401, "Unauthorized");
  return user;
}

/** POST /api/auth/logout (204). Never refreshes: an expired token has nothing to revoke here. */
export async function logoutRequest(): Promise<void> {
  await api.post("/auth/logout", undefined, { refreshOnExpired: false });
}

/** True when the failure is an HTTP answer (the server refused), false when it was unreachable. */
export function isServerRefusal(error: unknown): boolean {
  return isApiError(error) && error.status > 0;
}
