import { describe, expect, it } from "vitest";
import { loginBodySchema } from "./auth";
import { isTokenExpired, LOGIN_REQUIRED_MESSAGE, readTokenExpiry, splitFullName } from "./session";

function token(payload: object): string {
  const enc = (o: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(o));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  };
  return `${enc({ alg: "HS256" })}.${enc(payload)}.signature`;
}

describe("token expiry (docs/domain/auth.md#session)", () => {
  it("reads the exp claim in seconds", () => {
    expect(readTokenExpiry(token({ exp: 1_800_000_000 }))).toBe(1_800_000_000);
  });

  it("reads base64url payloads with UTF-8 text", () => {
    expect(readTokenExpiry(token({ exp: 42, name: "Julien Lefèvre ✓ ??>" }))).toBe(42);
  });

  it("counts a passed expiry, and any unreadable token, as expired", () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired(token({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(isTokenExpired(token({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(token({ exp: now / 1000 }), now)).toBe(true);
    for (const bad of [null, undefined, "", "abc", "a.b", "a.!!!.c", token({}), token({ exp: "tomorrow" })]) {
      expect(isTokenExpired(bad, now)).toBe(true);
    }
  });
});

describe("splitFullName", () => {
  it("splits on the first space with the spec's defaults", () => {
    expect(splitFullName("Jean Pierre Dupont")).toEqual({ firstName: "Jean", lastName: "Pierre Dupont" });
    expect(splitFullName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
    expect(splitFullName("")).toEqual({ firstName: "User", lastName: "" });
    expect(splitFullName(null)).toEqual({ firstName: "User", lastName: "" });
  });
});

describe("login body", () => {
  it("trims the e-mail and keeps the password as typed", () => {
    expect(loginBodySchema.parse({ email: " a@b.fr ", password: " p " })).toEqual({ email: "a@b.fr", password: " p " });
  });

  it("asks for both fields with the spec's sentence", () => {
    for (const body of [undefined, {}, { email: "a@b.fr" }, { email: " ", password: "x" }]) {
      const result = loginBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LOGIN_REQUIRED_MESSAGE);
    }
  });
});
