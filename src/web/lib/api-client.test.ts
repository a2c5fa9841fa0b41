import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, buildUrl, filenameFromDisposition, refreshToken } from "./api-client";
import { subscribeSession, TOKEN_KEY, USER_KEY } from "./session";

/** A JWT-shaped token whose exp is `offsetSeconds` from now (the signature is not checked here). */
function token(offsetSeconds: number, id = "a"): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + offsetSeconds, id }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  return `h.${payload}.s`;
}

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: status === 401 ? "Unauthorized" : status === 500 ? "Internal Server Error" : "OK",
    headers: { "content-type": "application/json" },
  });

let storage: MemoryStorage;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal("window", { localStorage: storage, sessionStorage: new MemoryStorage() });
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function authHeader(call: Parameters<typeof fetch>): string | undefined {
  return (call[1]?.headers as Record<string, string> | undefined)?.Authorization;
}

describe("buildUrl", () => {
  it("prefixes /api and leaves out null and undefined parameters", () => {
    expect(buildUrl("/clients", { page: 1, search: "dupont", status: undefined, city: null })).toBe(
      "/api/clients?page=1&search=dupont",
    );
    expect(buildUrl("clients")).toBe("/api/clients");
  });
});

describe("api", () => {
  it("sends the stored Bearer token and returns {} for 204", async () => {
    storage.setItem(TOKEN_KEY, "t1");
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.post("/auth/logout")).resolves.toEqual({});
    const call = fetchMock.mock.calls[0];
    expect(call?.[0]).toBe("/api/auth/logout");
    expect(call && authHeader(call)).toBe("Bearer t1");
  });

  it("throws the body's error field, else « Error {status}: {statusText} »", async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: "Accès refusé", message: "Accès refusé", code: "FORBIDDEN" }));
    await expect(api.get("/clients")).rejects.toMatchObject({
      message: "Accès refusé",
      status: 403,
      code: "FORBIDDEN",
    });
    fetchMock.mockResolvedValueOnce(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(api.get("/clients")).rejects.toThrow("Error 500: Internal Server Error");
  });

  it("reports an unreachable server with status 0", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = await api.get("/clients").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it("sends a FormData body as is, with the token and no Content-Type of its own", async () => {
    storage.setItem(TOKEN_KEY, "t1");
    fetchMock.mockResolvedValueOnce(json(200, { name: "Durand" }));
    const form = new FormData();
    form.append("logo", new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }), "logo.png");
    await expect(api.post("/company/logo", form)).resolves.toEqual({ name: "Durand" });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer t1");
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain("content-type");
  });

  it("downloads a file as a Blob with the name from Content-Disposition; errors stay ApiError", async () => {
    storage.setItem(TOKEN_KEY, "t1");
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'attachment; filename="devis-DEV-2026-0001.pdf"',
        },
      }),
    );
    const file = await api.download("/quotes/q1/pdf");
    expect(file.filename).toBe("devis-DEV-2026-0001.pdf");
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    const call = fetchMock.mock.calls[0];
    expect(call?.[0]).toBe("/api/quotes/q1/pdf");
    expect(call && authHeader(call)).toBe("Bearer t1");
    fetchMock.mockResolvedValueOnce(json(404, { error: "Devis introuvable", code: "NOT_FOUND" }));
    await expect(api.download("/quotes/q2/pdf")).rejects.toMatchObject({ message: "Devis introuvable", status: 404 });
  });

  it("reads plain and RFC 5987 file names", () => {
    expect(filenameFromDisposition('attachment; filename="a b.pdf"')).toBe("a b.pdf");
    expect(filenameFromDisposition("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''devis%20%C3%A9t%C3%A9.pdf")).toBe("devis été.pdf");
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition("inline")).toBeNull();
  });

  it("still sends other bodies as JSON", async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api.put("/company/settings", { quote_validity_days: 45 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"quote_validity_days":45}');
    expect((init?.headers as Record<string, string> | undefined)?.["Content-Type"]).toBe("application/json");
  });

  it("refreshes an expired token once on 401 and retries with the new one", async () => {
    const expired = token(-60, "old");
    const fresh = token(900, "new");
    storage.setItem(TOKEN_KEY, expired);
    fetchMock
      .mockResolvedValueOnce(json(401, { error: "Session expirée", code: "SESSION_EXPIRED" }))
      .mockResolvedValueOnce(json(200, { token: fresh }))
      .mockResolvedValueOnce(json(200, [{ id: 1 }]));
    await expect(api.get("/clients")).resolves.toEqual([{ id: 1 }]);
    const calls = fetchMock.mock.calls;
    expect(calls.map((c) => c[0])).toEqual(["/api/clients", "/api/auth/refresh", "/api/clients"]);
    expect(calls[1] && authHeader(calls[1])).toBe(`Bearer ${expired}`);
    expect(calls[2] && authHeader(calls[2])).toBe(`Bearer ${fresh}`);
    expect(storage.getItem(TOKEN_KEY)).toBe(fresh);
  });

  it("does not refresh a valid token refused with 401", async () => {
    storage.setItem(TOKEN_KEY, token(900));
    fetchMock.mockResolvedValueOnce(json(401, { error: "Authentification requise", code: "UNAUTHENTICATED" }));
    await expect(api.get("/clients")).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("clears the session as expired when the refresh is refused", async () => {
    storage.setItem(TOKEN_KEY, token(-60));
    storage.setItem(USER_KEY, JSON.stringify({ id: "u1", email: "a@b.fr" }));
    const events: string[] = [];
    const unsubscribe = subscribeSession((e) => events.push(e.type === "cleared" ? `cleared:${e.reason}` : e.type));
    fetchMock
      .mockResolvedValueOnce(json(401, { error: "Session expirée", code: "SESSION_EXPIRED" }))
      .mockResolvedValueOnce(json(401, { error: "Échec du rafraîchissement du token", code: "SESSION_EXPIRED" }));
    await expect(api.get("/clients")).rejects.toMatchObject({ status: 401 });
    unsubscribe();
    expect(events).toEqual(["cleared:expired"]);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(USER_KEY)).toBeNull();
  });

  it("two tabs at once: a refused refresh keeps the token another tab stored meanwhile, without signing out", async () => {
    const expired = token(-60, "old");
    const other = token(900, "other-tab");
    storage.setItem(TOKEN_KEY, expired);
    const events: string[] = [];
    const unsubscribe = subscribeSession((e) => events.push(e.type === "cleared" ? `cleared:${e.reason}` : e.type));
    let resolve: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const refreshed = refreshToken();
    // The other tab's refresh lands first and stores its token under the shared key.
    storage.setItem(TOKEN_KEY, other);
    resolve(json(401, { error: "Échec du rafraîchissement du token", code: "SESSION_EXPIRED" }));
    await expect(refreshed).resolves.toBe(other);
    unsubscribe();
    expect(events).toEqual([]);
    expect(storage.getItem(TOKEN_KEY)).toBe(other);
  });

  it("retries a 401 with the token another tab renewed meanwhile instead of refreshing again", async () => {
    const expired = token(-60, "old");
    const other = token(900, "other-tab");
    storage.setItem(TOKEN_KEY, expired);
    fetchMock
      .mockImplementationOnce(async () => {
        storage.setItem(TOKEN_KEY, other);
        return json(401, { error: "Session expirée", code: "SESSION_EXPIRED" });
      })
      .mockResolvedValueOnce(json(200, [{ id: 1 }]));
    await expect(api.get("/clients")).resolves.toEqual([{ id: 1 }]);
    const calls = fetchMock.mock.calls;
    expect(calls.map((c) => c[0])).toEqual(["/api/clients", "/api/clients"]);
    expect(calls[1] && authHeader(calls[1])).toBe(`Bearer ${other}`);
  });

  it("shares one refresh between concurrent callers", async () => {
    storage.setItem(TOKEN_KEY, token(-60));
    let resolve: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const first = refreshToken();
    const second = refreshToken();
    resolve(json(200, { token: "t2" }));
    await expect(Promise.all([first, second])).resolves.toEqual(["t2", "t2"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
