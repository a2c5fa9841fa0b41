import type { AuthUser } from "@shared/auth";
import { readItem, readJson, removeDrafts, removeItem, writeItem, writeJson } from "./storage";

/**
 * The signed-in session kept in the browser (docs/domain/auth.md#signed-in-user): localStorage keys `token` and
 * `auth_user`. This module is the only one touching those keys; the auth provider listens
 * to its events (and to other tabs through the `storage` event).
 */
export const TOKEN_KEY = "token";
export const USER_KEY = "auth_user";

/** Why a session ended: `expired` shows the "session expirée" toast. */
export type SessionEndReason = "logout" | "expired" | "invalid" | "unauthorized";

export type SessionEvent =
  | { type: "token"; token: string }
  | { type: "user"; user: AuthUser }
  | { type: "cleared"; reason: SessionEndReason };

type Listener = (event: SessionEvent) => void;
const listeners = new Set<Listener>();

function emit(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToken(): string | null {
  return readItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  writeItem(TOKEN_KEY, token);
  emit({ type: "token", token });
}

/** The stored user as written by `setStoredUser` (validated by the auth feature). */
export function getStoredUserRaw(): unknown {
  return readJson(USER_KEY);
}

export function setStoredUser(user: AuthUser): void {
  writeJson(USER_KEY, user);
  emit({ type: "user", user });
}

export function clearSession(reason: SessionEndReason): void {
  removeItem(TOKEN_KEY);
  removeItem(USER_KEY);
  // A sign-out leaves nothing typed on a shared device; an expired or refused session keeps the user's
  // drafts (scoped by user: another account never sees them) for after the next sign-in.
  if (reason === "logout") removeDrafts();
  emit({ type: "cleared", reason });
}
