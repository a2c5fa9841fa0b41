/**
 * A second, tiny entry script (index.html loads it before the app): on a signed-in cold start it asks
 * the API for the first answers of the screen being opened (a client list, a page of quotes…) as soon
 * as the document is read, instead of once the app's code (~200 kB) has arrived and run. The API
 * client takes an answer from here instead of asking again (`window.propulseFirstAnswers`), once,
 * for the same URL and token, within FRESH_MS. ADR 0005 §10.
 *
 * It imports nothing: a module shared with the app would tie this entry to the app's chunks. Hence the
 * URLs below, written as the API client writes them (`buildUrl`), and the session key read directly
 * (`lib/session.ts` owns it); `app/route-preload.test.tsx` checks both against what the screens ask.
 */

/** The API reads a signed-in screen starts with, by path. */
export const FIRST_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  "/clients": ["/api/clients?page=1&limit=100", "/api/clients/counters"],
  "/quotes": ["/api/quotes?page=1&limit=20"],
  "/settings": ["/api/company/info", "/api/company/settings"],
  "/library": ["/api/library/items?page=1&limit=50&status=active"],
  "/teams": ["/api/teams?page=1&limit=50"],
  "/equipment": ["/api/equipment-templates?page=1&limit=20"],
  "/vehicles": ["/api/vehicles?page=1&limit=50", "/api/vehicles/summary"],
};

/**
 * The session check (`AuthProvider` verifies a stored session on start): asked with the screen's reads
 * on every path, so that it never starts late, after the app's code, on a slow phone (ADR 0005 §10 (j)).
 */
export const SESSION_CHECK = "/api/auth/verify";

/** An answer older than this is not used: the screen asks again. */
export const FRESH_MS = 15_000;

/** `lib/session.ts` TOKEN_KEY. */
const TOKEN_KEY = "token";

export interface FirstAnswers {
  /** The answer asked for `url` with `token`, once; null when there is none (or it is too old). */
  take(url: string, token: string | null): Promise<Response> | null;
}

declare global {
  interface Window {
    propulseFirstAnswers?: FirstAnswers;
  }
}

/** Starts the first requests of `pathname` with the stored token; what `take` then hands out. */
export function startFirstRequests(
  pathname: string,
  token: string | null,
  fetcher: typeof fetch = fetch,
  now: () => number = Date.now,
): FirstAnswers {
  const startedAt = now();
  const pending = new Map<string, Promise<Response>>();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (token) {
    for (const url of [SESSION_CHECK, ...(FIRST_REQUESTS[path] ?? [])]) {
      const answer = fetcher(url, {
        headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
        cache: "no-store",
      });
      // Offline, nobody may take it: no unhandled rejection (the API client asks again when it does).
      answer.catch(() => {});
      pending.set(url, answer);
    }
  }
  return {
    take(url, asked) {
      const answer = pending.get(url);
      if (!answer) return null;
      pending.delete(url);
      return asked === token && now() - startedAt <= FRESH_MS ? answer : null;
    },
  };
}

if (typeof window !== "undefined" && typeof localStorage !== "undefined" && !window.propulseFirstAnswers) {
  let token: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
  } catch {
    // storage refused (private mode): the app asks as usual
  }
  window.propulseFirstAnswers = startFirstRequests(window.location.pathname, token);
}
