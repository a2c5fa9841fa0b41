import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { bearer, createTestCompany, login, setupApp } from "@server/test/helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_SYNC_MAX_BYTES, COMPRESS_THRESHOLD_BYTES } from "./compress";

const { app, db } = await setupApp();
let token: string;

beforeAll(async () => {
  const company = await createTestCompany(db, "Compression SARL");
  token = (await login(app, company.emails.admin)).token;
  // Enough clients for a list well over the threshold.
  for (let i = 0; i < 12; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/clients",
      headers: bearer(token),
      payload: { name: `Client compressé ${i}`, email: `client${i}@exemple.fr`, city: "Lyon", address: "1 rue Neuve" },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

const list = (acceptEncoding?: string) =>
  app.inject({
    method: "GET",
    url: "/api/clients?limit=20",
    headers: { ...bearer(token), ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
  });

describe("API compression", () => {
  it("sends a list uncompressed to a client that does not ask, and it is over the threshold", async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect((plain.json() as { data: unknown[] }).data).toHaveLength(12);
  });

  it("answers brotli when accepted, smaller, decoding to the same JSON", async () => {
    const plain = await list();
    const res = await list("gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("answers gzip to a client that only accepts gzip", async () => {
    const plain = await list();
    const res = await list("gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("compresses a large answer in one go: its exact length announced, not streamed in chunks", async () => {
    // 40 more clients: a page of some 20 kB, over the plugin's default synchronous limit (8 kB on two cores).
    for (let i = 0; i < 40; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/clients",
        headers: bearer(token),
        payload: {
          name: `Client volumineux ${i}`,
          email: `gros${i}@exemple.fr`,
          city: "Villeurbanne",
          address: `${i} avenue Roger Salengro`,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = () =>
      app.inject({
        method: "GET",
        url: "/api/clients?limit=100",
        headers: { ...bearer(token), "accept-encoding": "br" },
      });
    const plain = await app.inject({ method: "GET", url: "/api/clients?limit=100", headers: bearer(token) });
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    expect(plain.rawPayload.length).toBeLessThan(COMPRESS_SYNC_MAX_BYTES);
    const res = await page();
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("leaves small answers as they are", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });
});
