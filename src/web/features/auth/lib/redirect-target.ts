import { isSuperAdmin, type PermissionSubject } from "@shared/permissions";

const PROBE_ORIGIN = "https://propulse.invalid";

/**
 * An in-app path that is safe to navigate to after login (docs/domain/auth.md#sign-in): it starts with a single
 * '/', stays on this origin, is not the login screen, and has no backslash or control character.
 * Returns the normalised path (pathname + search + hash) or null.
 */
export function safeRedirectPath(candidate: unknown): string | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 2048) return null;
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return null;
  // Browsers read "\" as "/" ("/\evil.com" is protocol-relative); refuse it and control characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f\s]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after login: a SuperAdmin stays in /superadmin, others return where they were going. */
export function postLoginPath(user: PermissionSubject, requested: unknown): string {
  const path = safeRedirectPath(requested);
  if (isSuperAdmin(user)) {
    return path && (path === "/superadmin" || path.startsWith("/superadmin/") || path.startsWith("/superadmin?"))
      ? path
      : "/superadmin";
  }
  return path ?? "/";
}

/** The query parameter the protected route writes, readable after a full reload. */
export const REDIRECT_PARAM = "redirect";

/** The path remembered by the protected route: location state first, then ?redirect=. */
export function requestedPathFrom(state: unknown, search: string): string | null {
  if (typeof state === "object" && state !== null) {
    const from = safeRedirectPath((state as { from?: unknown }).from);
    if (from) return from;
  }
  return safeRedirectPath(new URLSearchParams(search).get(REDIRECT_PARAM));
}

/** The /login URL that remembers `path` (omitted for the home page). */
export function loginUrlFor(path: string): string {
  const safe = safeRedirectPath(path);
  if (!safe || safe === "/") return "/login";
  return `/login?${new URLSearchParams({ [REDIRECT_PARAM]: safe }).toString()}`;
}
