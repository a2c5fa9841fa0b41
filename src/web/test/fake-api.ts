/**
 * One typed fake of the API for component tests (src/web/README.md#tests), instead of a hand-rolled
 * `fetch` router in each test file. A route is declared with the shared schema of its answer, so a
 * fixture that drifts from the wire shape fails to compile, and fails at run time if it slips through:
 *
 *   const api = fakeApi();
 *   api.get("/api/clients", clientListResponseSchema, ({ query }) => ({ data: [], meta: … }));
 *   api.delete("/api/clients/:id", () => noContent());
 *   api.get("/api/clients/counters", clientCountersSchema, () => apiError(500, "Une erreur…"));
 *   api.requests("GET", "/api/clients").at(-1)?.query.get("page");
 *
 * Unknown routes answer the server's JSON 404. Later declarations of a route win (a test can override
 * a default), and each answer is computed at request time from the handler.
 */
import type { ErrorResponse } from "@shared/http";
import { vi } from "vitest";
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface FakeRequest {
  method: Method;
  /** The path without the query string: « /api/clients/42 ». */
  path: string;
  /** `:name` segments of the declared route. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body (undefined without one; a FormData as is). */
  body: unknown;
  /** The request's headers (`If-Match` of a versioned save, ADR 0024). */
  headers: Headers;
}

/** An answer that is not the route's success body: an error or a 204. */
export class FakeAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** The server's error body (`{ error, message, code, details? }`, the shared ErrorResponse). */
export function apiError(
  status: number,
  message: string,
  extra: Partial<Omit<ErrorResponse, "error" | "message">> = {},
): FakeAnswer {
  const code =
    extra.code ??
    ({ 400: "VALIDATION_ERROR", 401: "UNAUTHENTICATED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT" }[status] ||
      "INTERNAL_ERROR");
  const body: ErrorResponse = {
    error: message,
    message,
    code,
    ...(extra.details ? { details: extra.details } : {}),
    ...(extra.document ? { document: extra.document } : {}),
  };
  return new FakeAnswer(status, body);
}

export function noContent(): FakeAnswer {
  return new FakeAnswer(204, null);
}

/** A promise that never settles: the request stays pending (to see a loading state). */
export function never(): Promise<never> {
  return new Promise(() => {});
}

type Handler<T> = (request: FakeRequest) => T | FakeAnswer | Promise<T | FakeAnswer>;

interface Route {
  method: Method;
  pattern: string;
  match: (path: string) => Record<string, string> | null;
  schema: z.ZodType | null;
  status: number;
  handler: Handler<unknown>;
}

function matcher(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        names.push(segment.slice(1));
        return "([^/]+)";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const found = regex.exec(path);
    if (!found) return null;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? "")]));
  };
}

function json(status: number, body: unknown): Response {
  return new Response(status === 204 || body === null ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return JSON.parse(body) as unknown;
  return body;
}

export function fakeApi() {
  const routes: Route[] = [];
  const log: FakeRequest[] = [];

  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase() as Method;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      params: {},
      query: url.searchParams,
      body: readBody(init?.body),
      headers: new Headers(init?.headers),
    };
    // Logged and handed to its handler at once, as a fetch call is made: a test may check what was
    // asked, or hold the answer, before anything else runs.
    log.push(request);
    // The latest declaration wins.
    for (let i = routes.length - 1; i >= 0; i -= 1) {
      const route = routes[i] as Route;
      if (route.method !== method) continue;
      const params = route.match(url.pathname);
      if (!params) continue;
      request.params = params;
      const answer = await route.handler(request);
      if (answer instanceof FakeAnswer) return json(answer.status, answer.body);
      // The fixture must be what the server would send; a drift is reported loudly (the app under
      // test would only show it as a failed request).
      const checked = route.schema?.safeParse(answer);
      if (checked && !checked.success) {
        const problem = `Fake API: the answer of ${method} ${route.pattern} does not match its schema: ${checked.error.message}`;
        console.error(problem);
        throw new Error(problem);
      }
      return json(route.status, answer);
    }
    return json(404, { error: "Route introuvable", message: "Route introuvable", code: "NOT_FOUND" });
  });

  const declare =
    (method: Method) =>
    <S extends z.ZodType>(
      pattern: string,
      schema: S,
      handler: Handler<z.input<S>>,
      status = method === "POST" ? 201 : 200,
    ) => {
      routes.push({ method, pattern, match: matcher(pattern), schema, status, handler: handler as Handler<unknown> });
      return api;
    };

  const api = {
    /** The `fetch` mock (already installed by `install()`). */
    fetch,
    get: declare("GET"),
    post: declare("POST"),
    put: declare("PUT"),
    patch: declare("PATCH"),
    /** DELETE answers 204 (`noContent()`) or an `apiError(…)`. */
    delete(pattern: string, handler: Handler<never>) {
      routes.push({ method: "DELETE", pattern, match: matcher(pattern), schema: null, status: 204, handler });
      return api;
    },
    /** A DELETE that answers a body, declared with its schema (a payment removed answers its invoice). */
    deleteWithBody: declare("DELETE"),
    /** The requests received, optionally those of one method and declared route pattern. */
    requests(method?: Method, pattern?: string): FakeRequest[] {
      const match = pattern ? matcher(pattern) : null;
      return log.filter((r) => (!method || r.method === method) && (!match || match(r.path) !== null));
    },
    /** Replaces `fetch` for the test (vitest's unstubAllGlobals or the next install undoes it). */
    install() {
      vi.stubGlobal("fetch", fetch);
      return api;
    },
    /** Forgets every route and request. */
    reset() {
      routes.length = 0;
      log.length = 0;
      fetch.mockClear();
      return api;
    },
  };
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;
