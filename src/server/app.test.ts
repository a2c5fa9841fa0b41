import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/errors";
import { authPlugin } from "./plugins/auth";
import { setupApp } from "./test/helpers";

const { app } = await setupApp();

describe("security baseline", () => {
  it("sends a strict CSP and the hardening headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers an unknown API path with a French JSON 404", async () => {
    const res = await app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.routeNotFound, message: MESSAGES.routeNotFound, code: "NOT_FOUND" });
  });

  it("refuses bodies over the limit with 413", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.fr", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(MESSAGES.payloadTooLarge);
  });

  it("refuses to start with an /api route that does not declare its access", async () => {
    const bare = Fastify();
    await bare.register(authPlugin, { auth: {} as never });
    expect(() => bare.get("/api/oubli", async () => "x")).toThrow(/does not declare its access/);
    await bare.close();
  });

  it("hides internal errors behind a generic 500", async () => {
    const bare = Fastify();
    const { errorsPlugin } = await import("./plugins/errors");
    await bare.register(errorsPlugin);
    bare.get("/boom", async () => {
      throw new Error("secret détail SQL");
    });
    const res = await bare.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret");
    expect(res.json()).toEqual({ error: MESSAGES.internal, message: MESSAGES.internal, code: "INTERNAL_ERROR" });
    await bare.close();
  });
});

describe("API documentation", () => {
  it("serves the OpenAPI document generated from the zod schemas", async () => {
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/auth/login", "/api/auth/refresh"]));
    const login = doc.paths["/api/auth/login"].post;
    expect(login.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
  });

  it("serves a reference page without scripts", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("/api/auth/login");
    expect(res.body).not.toContain("<script");
  });
});
