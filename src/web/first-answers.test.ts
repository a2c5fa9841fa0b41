import { addDays } from "@shared/dates";
import { weekFromParam } from "@web/features/planning/lib/planning-week";
import { describe, expect, it, vi } from "vitest";
import {
  FIRST_REQUESTS,
  FRESH_MS,
  firstRequestsOf,
  planningWeek,
  SESSION_CHECK,
  startFirstRequests,
} from "./first-answers";
import { TOKEN_KEY } from "./lib/session";

const answer = () => Promise.resolve(new Response("{}", { status: 200 }));

describe("the first answers of a signed-in cold start", () => {
  it("asks the session check and the screen's first reads at once with the stored token, and hands each out once", () => {
    const fetcher = vi.fn<typeof fetch>(answer);
    const first = startFirstRequests("/quotes/", "t1", fetcher);
    expect(fetcher.mock.calls.map((call) => call[0])).toEqual(["/api/auth/verify", "/api/quotes?page=1&limit=20"]);
    expect(fetcher.mock.calls[1]?.[1]?.headers).toEqual({ Accept: "application/json", Authorization: "Bearer t1" });
    expect(first.take(SESSION_CHECK, "t1")).not.toBeNull();
    expect(first.take("/api/quotes?page=1&limit=20", "t1")).not.toBeNull();
    expect(first.take("/api/quotes?page=1&limit=20", "t1")).toBeNull();
  });

  it("hands nothing out for another token, another URL or after FRESH_MS", () => {
    let now = 1_000;
    const first = startFirstRequests("/clients", "t1", vi.fn<typeof fetch>(answer), () => now);
    expect(first.take("/api/clients?page=1&limit=100", "t2")).toBeNull();
    expect(first.take("/api/clients?page=2&limit=100", "t1")).toBeNull();
    now += FRESH_MS + 1;
    expect(first.take("/api/clients/counters", "t1")).toBeNull();
  });

  it("asks nothing signed out, and only the session check on a screen without first reads", () => {
    const fetcher = vi.fn<typeof fetch>(answer);
    startFirstRequests("/clients", null, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    startFirstRequests("/app/admin/roles/new", "t1", fetcher);
    startFirstRequests("/clients/new", "t1", fetcher);
    expect(fetcher.mock.calls.map((call) => call[0])).toEqual([SESSION_CHECK, SESSION_CHECK]);
  });

  it("reads the session where lib/session.ts keeps it", () => {
    expect(TOKEN_KEY).toBe("token");
    // « / » is not there: the home asks for its figures once its greeting has painted (home-route.tsx).
    expect(Object.keys(FIRST_REQUESTS).sort()).toEqual([
      "/account",
      "/app/admin/roles",
      "/calendar",
      "/clients",
      "/equipment",
      "/invoices",
      "/library",
      "/projects",
      "/quotes",
      "/settings",
      "/superadmin",
      "/superadmin/companies",
      "/teams",
      "/users",
      "/vehicles",
    ]);
  });
});

describe("the planning's week", () => {
  it("is the week the screen asks for: ?week= when a Monday, else this week in Paris", () => {
    // Around midnight in Paris (UTC+1 in winter, +2 in summer), over a year, with good and bad ?week=.
    for (let day = 0; day < 380; day += 3) {
      for (const hour of ["22:30", "23:30"]) {
        const now = new Date(`${addDays("2026-01-01", day)}T${hour}:00Z`);
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(now);
        for (const week of [null, "2026-11-23", "2026-11-24", "2026-02-30", "lundi"]) {
          const search = week === null ? "" : `?week=${week}`;
          expect(planningWeek(search, now), `${now.toISOString()} ${search}`).toBe(weekFromParam(week, today));
        }
      }
    }
  });

  it("is asked at once on /calendar, with the week of the address", () => {
    const fetcher = vi.fn<typeof fetch>(answer);
    const now = Date.parse("2026-11-26T09:00:00Z");
    startFirstRequests("/calendar", "t1", fetcher, () => now, "?week=2026-11-30");
    expect(fetcher.mock.calls.map((call) => call[0])).toEqual([
      SESSION_CHECK,
      "/api/calendar/week?week_start=2026-11-30",
    ]);
    expect(firstRequestsOf("/calendar/", "", new Date(now))).toEqual(["/api/calendar/week?week_start=2026-11-23"]);
  });
});

describe("offline", () => {
  it("a failed early request is handed out as failed, with a handler attached at once (no unhandled rejection)", async () => {
    let handlers = 0;
    const failing = vi.fn<typeof fetch>(() => {
      const answer = Promise.reject(new TypeError("offline"));
      return Object.assign(answer, {
        catch: (onRejected: (reason: unknown) => unknown) => {
          handlers += 1;
          return Promise.prototype.catch.call(answer, onRejected);
        },
      });
    });
    const first = startFirstRequests("/settings", "t1", failing);
    expect(handlers).toBe(3);
    await expect(first.take("/api/company/info", "t1")).rejects.toThrow("offline");
    expect(first.take("/api/company/settings", "t2")).toBeNull();
  });
});
