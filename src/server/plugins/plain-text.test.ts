import { ERROR_CODES, MESSAGES } from "@shared/errors";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestCompany, login, setupApp } from "../test/helpers";
import { nulPath } from "./plain-text";

/** U+0000 (issue 31): PostgreSQL's text cannot hold it; every route answers a French 400, never a 500. */

const { app, db } = await setupApp();
let token: string;
let email: string;

beforeAll(async () => {
  const company = await createTestCompany(db, "Caractère nul SARL");
  email = company.emails.admin;
  token = (await login(app, email)).token;
});

const NUL = "\u0000";
const refused = (path: string) => ({
  code: ERROR_CODES.VALIDATION,
  error: MESSAGES.nulCharacter,
  message: MESSAGES.nulCharacter,
  details: [{ path, message: MESSAGES.nulCharacter }],
});

describe("a text holding U+0000", () => {
  it("is refused at sign-in, on its field, before any look-up", async () => {
    for (const [field, payload] of [
      ["email", { email: `${email}${NUL}`, password: "x" }],
      ["password", { email, password: `mot${NUL}passe` }],
    ] as const) {
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(refused(field));
    }
  });

  it("is refused in a nested field of a body, with the path validation errors give", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/clients",
      headers: bearer(token),
      payload: { name: "Client", email: "client@exemple.fr", contacts: [{ name: `A${NUL}B` }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(refused("contacts.0.name"));
  });

  it("is refused in a query, and in a path names nothing (404)", async () => {
    const search = await app.inject({
      method: "GET",
      url: `/api/quotes?search=${encodeURIComponent(`abc${NUL}`)}`,
      headers: bearer(token),
    });
    expect(search.statusCode, search.body).toBe(400);
    expect(search.json()).toEqual(refused("search"));
    const link = await app.inject({ method: "GET", url: `/api/signing/${"a".repeat(42)}%00` });
    expect(link.statusCode, link.body).toBe(404);
    expect(link.json()).toMatchObject({ code: ERROR_CODES.NOT_FOUND });
  });

  it("is left to the parser in a CSV import's raw file (its cells are judged line by line)", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/clients/import",
      headers: bearer(token),
      payload: { csv: `nom;email\nDupont;dupont@exemple.fr\n`, mapping: { [`name${NUL}`]: 0 } },
    });
    // The mapping's key is no raw text: refused there; the file itself is not looked at by the guard.
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(refused(`mapping.name${NUL}`));
    expect(nulPath({ csv: `a${NUL}b` }, ["csv"])).toBeNull();
  });
});

describe("nulPath", () => {
  it("finds the first text holding U+0000, keys included, and walks any depth without recursion", () => {
    expect(nulPath({ a: "ok", b: [1, "x", { c: `y${NUL}` }] })).toBe("b.2.c");
    expect(nulPath({ [`k${NUL}`]: 1 })).toBe(`k${NUL}`);
    expect(nulPath(`${NUL}`)).toBe("");
    expect(nulPath({ a: "ok", n: 1, t: true, z: null })).toBeNull();
    expect(nulPath(Buffer.from([0, 0, 0]))).toBeNull();
    let deep: unknown = `fond${NUL}`;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(nulPath(deep)?.split(".").length).toBe(200_000);
  });
});
