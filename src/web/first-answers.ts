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

/**
 * The week the planning opens on: `?week=` when it is a Monday (yyyy-mm-dd), else the Monday of today in
 * Europe/Paris — `weekFromParam` (features/planning/lib/planning-week.ts) written again without imports;
 * first-answers.test.ts compares them.
 */
export function planningWeek(search: string, now: Date): string {
  const asked = new URLSearchParams(search).get("week");
  if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked)) {
    const day = new Date(`${asked}T00:00:00Z`);
    if (!Number.isNaN(day.getTime()) && day.toISOString().startsWith(asked) && day.getUTCDay() === 1) return asked;
  }
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  const monday = new Date(`${today}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/** A screen's first reads: fixed, or from the page's query string and the time (the planning's week). */
type FirstReads = readonly string[] | ((search: string, now: Date) => readonly string[]);

/** The API reads a signed-in screen starts with, by path. */
export const FIRST_REQUESTS: Readonly<Record<string, FirstReads>> = {
  // The home: its stats and the day (a user without projects:view gets two 403s, unused).
  // "/": the home asks for its figures once its greeting has painted (home-route.tsx).
  "/clients": ["/api/clients?page=1&limit=100", "/api/clients/counters"],
  "/quotes": ["/api/quotes?page=1&limit=20"],
  "/settings": ["/api/company/info", "/api/company/settings"],
  "/library": ["/api/library/items?page=1&limit=50&status=active"],
  "/teams": ["/api/teams?page=1&limit=50"],
  "/equipment": ["/api/equipment-templates?page=1&limit=20"],
  "/vehicles": ["/api/vehicles?page=1&limit=50", "/api/vehicles/summary"],
  "/projects": ["/api/projects?page=1&limit=20"],
  "/invoices": ["/api/invoices?page=1&limit=20", "/api/invoices/stats"],
  "/calendar": (search, now) => [`/api/calendar/week?week_start=${planningWeek(search, now)}`],
  "/users": ["/api/company/users", "/api/company/roles"],
  "/app/admin/roles": ["/api/company/roles"],
  "/account": ["/api/account"],
  // The SuperAdmin's platform (a company user gets a 403 here, and the app sends him to /).
  "/superadmin": ["/api/superadmin/dashboard"],
  "/superadmin/companies": ["/api/superadmin/companies?page=1&limit=20"],
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

/** The first reads of `pathname` opened with `search` (`?week=…`) at `now`. */
export function firstRequestsOf(pathname: string, search = "", now: Date = new Date()): readonly string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const reads = FIRST_REQUESTS[path] ?? [];
  return typeof reads === "function" ? reads(search, now) : reads;
}

/** Starts the first requests of `pathname` with the stored token; what `take` then hands out. */
export function startFirstRequests(
  pathname: string,
  token: string | null,
  fetcher: typeof fetch = fetch,
  now: () => number = Date.now,
  search = "",
): FirstAnswers {
  const startedAt = now();
  const pending = new Map<string, Promise<Response>>();
  if (token) {
    for (const url of [SESSION_CHECK, ...firstRequestsOf(pathname, search, new Date(startedAt))]) {
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
  window.propulseFirstAnswers = startFirstRequests(
    window.location.pathname,
    token,
    fetch,
    Date.now,
    window.location.search,
  );
}
