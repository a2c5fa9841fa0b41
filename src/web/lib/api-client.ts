import { ERROR_CODES, type ErrorResponse } from "@shared/errors";
import { isTokenExpired } from "@shared/session";
import { clearSession, getToken, setToken } from "./session";

/**
 * The one HTTP client of the SPA (docs/domain/api.md#web-client): JSON in and out (or a FormData body for uploads),
 * Bearer token when one is stored,
 * 204/empty → {}, one refresh-and-retry on a 401 caused by an expired access token.
 */

export const API_BASE = "/api";
export const NETWORK_ERROR_MESSAGE = "Impossible de joindre le serveur. Vérifiez votre connexion internet.";

/**
 * An error answer as received: the keys of the shared ErrorResponse (inferred from its schema), each
 * unchecked until read (a proxy may answer anything); `lib/api-errors.ts` reads them.
 */
export type ApiErrorBody = { [K in keyof ErrorResponse]?: unknown };

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status, 0 when the server could not be reached. */
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(message: string, status: number, statusText: string, body?: ApiErrorBody) {
    super(message);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.code = typeof body?.code === "string" ? body.code : undefined;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  /** Query parameters; null and undefined values are left out (docs/domain/api.md#web-client). */
  query?: Record<string, QueryValue>;
  /** Send the stored Bearer token (default true). */
  auth?: boolean;
  /** Refresh an expired token once on 401 then retry (default: same as `auth`). */
  refreshOnExpired?: boolean;
  /** Bearer token to send instead of the stored one. */
  token?: string | null;
  signal?: AbortSignal;
  /** Builds the thrown message from an error response (default: the body's `error`). */
  errorMessage?: (body: ApiErrorBody | undefined, response: Response) => string;
  /** Read a successful answer as a Blob (file downloads) instead of JSON; errors stay JSON. */
  responseType?: "json" | "blob";
  /**
   * The version the save was made on (the loaded resource's `updated_at`): sent as `If-Match`, the
   * server answers 409 `STALE_VERSION` when someone saved since (ADR 0024). Nothing sent when absent.
   */
  version?: string | null;
}

/** A downloaded file: its bytes and the name given by Content-Disposition, when there is one. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** `attachment; filename="devis-DEV-2026-0001.pdf"` (or RFC 5987 `filename*=UTF-8''…`) → the name. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Generic rule (docs/domain/api.md#web-client): the body's `error`, else `Error {status}: {statusText}`. */
export function defaultErrorMessage(body: ApiErrorBody | undefined, response: Pick<Response, "status" | "statusText">) {
  if (typeof body?.error === "string" && body.error) return body.error;
  return `Error ${response.status}: ${response.statusText}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return {};
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { error: undefined, raw: text };
  }
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * The token another tab stored after `sent` was read, still valid: that tab renewed the shared session
 * (the same localStorage key), so this one goes on with it instead of refreshing again or signing out
 * (docs/domain/auth.md#session, ADR 0019).
 */
function renewedElsewhere(sent: string): string | null {
  const stored = getToken();
  return stored && stored !== sent && !isTokenExpired(stored) ? stored : null;
}

/**
 * POST /api/auth/refresh with the stored (possibly expired) token. Concurrent callers share one
 * request. Resolves to the new token, or null when the session cannot be renewed (then cleared) — unless
 * another tab stored a renewed token meanwhile: that one is kept and answered.
 */
export function refreshToken(): Promise<string | null> {
  if (refreshInFlight) return refreshInFlight;
  const current = getToken();
  if (!current) return Promise.resolve(null);
  refreshInFlight = (async () => {
    try {
      const response = await fetch(buildUrl("/auth/refresh"), {
        method: "POST",
        headers: { Accept: "application/json", Authorization: `Bearer ${current}` },
        cache: "no-store",
      });
      if (!response.ok) {
        const elsewhere = renewedElsewhere(current);
        if (elsewhere) return elsewhere;
        clearSession("expired");
        return null;
      }
      // { token } (shared refreshResponseSchema), read without zod to keep it out of the eager bundle.
      const body = (await readBody(response)) as { token?: unknown };
      if (typeof body.token !== "string" || body.token === "") {
        clearSession("expired");
        return null;
      }
      setToken(body.token);
      return body.token;
    } catch (error) {
      // Network failure: keep the session, the next check will try again.
      console.error("Échec du rafraîchissement du token", error);
      return null;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

function shouldRefresh(response: Response, body: ApiErrorBody | undefined, token: string | null): boolean {
  if (response.status !== 401 || !token) return false;
  return isTokenExpired(token) || body?.code === ERROR_CODES.SESSION_EXPIRED;
}

export async function apiRequest<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const refreshOnExpired = options.refreshOnExpired ?? useAuth;
  // A FormData body (file upload) is sent as is: the browser sets the multipart boundary itself.
  const isFormData = typeof FormData !== "undefined" && options.body instanceof FormData;
  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = {
      Accept: options.responseType === "blob" ? "*/*" : "application/json",
    };
    if (options.body !== undefined && !isFormData) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.version) headers["If-Match"] = `"${options.version}"`;
    try {
      return await fetch(buildUrl(path, options.query), {
        method,
        headers,
        body:
          options.body === undefined
            ? undefined
            : isFormData
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
        cache: "no-store",
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, "");
    }
  };

  const read = (r: Response): Promise<unknown> =>
    options.responseType === "blob" && r.ok
      ? r.blob().then(
          (blob): DownloadedFile => ({
            blob,
            filename: filenameFromDisposition(r.headers.get("content-disposition")),
          }),
        )
      : readBody(r);

  const token = options.token !== undefined ? options.token : useAuth ? getToken() : null;
  // A signed-in cold start may already have asked this GET (src/web/first-answers.ts).
  const early =
    method === "GET" && options.responseType !== "blob"
      ? (window.propulseFirstAnswers?.take(buildUrl(path, options.query), token) ?? null)
      : null;
  let response = early ? await early.catch(() => send(token)) : await send(token);
  let body = await read(response);

  if (!response.ok && refreshOnExpired && shouldRefresh(response, body as ApiErrorBody, token)) {
    // Another tab may have renewed the session since this request left: its token, else a refresh.
    const renewed = (options.token === undefined && token ? renewedElsewhere(token) : null) ?? (await refreshToken());
    if (renewed) {
      response = await send(renewed);
      body = await read(response);
    }
  }

  if (!response.ok) {
    const errorBody = typeof body === "object" && body !== null ? (body as ApiErrorBody) : undefined;
    const message = (options.errorMessage ?? defaultErrorMessage)(errorBody, response);
    throw new ApiError(message, response.status, response.statusText, errorBody);
  }
  return body as T;
}

export const api = {
  get: <T = unknown>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions) =>
    apiRequest<T>("GET", path, { ...options, query }),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("POST", path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PUT", path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>("PATCH", path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>("DELETE", path, options),
  /** GET a file (PDF…) with the same token and refresh rules; errors are the usual ApiError. */
  download: (path: string, query?: Record<string, QueryValue>, options?: RequestOptions) =>
    apiRequest<DownloadedFile>("GET", path, { ...options, query, responseType: "blob" }),
};
