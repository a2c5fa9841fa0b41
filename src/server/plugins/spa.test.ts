import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaPlugin } from "./spa";

// A built SPA in miniature: index.html, one route document (vite.config.ts `routeDocuments`), one asset.
const root = mkdtempSync(path.join(tmpdir(), "propulse-spa-"));
const INDEX = "<!doctype html><title>index</title>";
const LOGIN = '<!doctype html><title>login</title><link rel="modulepreload" href="/assets/login-route-x.js">';
const app = Fastify();

beforeAll(async () => {
  mkdirSync(path.join(root, "route-documents"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "index.html"), INDEX);
  writeFileSync(path.join(root, "route-documents", "login.html"), LOGIN);
  writeFileSync(path.join(root, "assets", "login-route-x.js"), "export {};");
  await app.register(spaPlugin, { root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe("SPA", () => {
  it("a navigation to /login gets the document that preloads the login screen", async () => {
    for (const url of ["/login", "/login?next=%2Fquotes"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toBe(LOGIN);
    }
  });

  it("every other route gets index.html", async () => {
    for (const url of ["/", "/quotes", "/login/extra", "/clients?search=login"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it("HTML is never cached for long, hashed assets are immutable", async () => {
    const document = await app.inject({ method: "GET", url: "/route-documents/login.html" });
    expect(document.headers["cache-control"]).toBe("no-cache");
    const asset = await app.inject({ method: "GET", url: "/assets/login-route-x.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("a missing asset or API path is a 404, never the app", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).toBe("Not found");
    const api = await app.inject({ method: "GET", url: "/api/nothing" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
