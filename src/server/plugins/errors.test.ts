import { randomUUID } from "node:crypto";
import { ERROR_CODES, MESSAGES } from "@shared/errors";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestCompany, login, setupApp } from "../test/helpers";

const { app, db } = await setupApp();
let token: string;

beforeAll(async () => {
  const company = await createTestCompany(db, "Erreurs SARL");
  token = (await login(app, company.emails.admin)).token;
});

const NBSP = "\u00a0";
/** Words of the libraries' English defaults (zod, Fastify, find-my-way) that must never reach a client. */
const ENGLISH =
  /invalid input|expected|received|too (big|small)|bad request|not found|unsupported|media type|is not|exceeding|body|url/i;
const LONG_ID = "a".repeat(10_000);

type Method = "GET" | "POST" | "PUT" | "DELETE";

function send(method: Method, url: string, payload?: string, contentType = "application/json") {
  return app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(payload === undefined ? {} : { "content-type": contentType }) },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The one error shape of the API, in French, that never echoes what was sent in the URL. */
function expectFrenchError(res: LightMyRequestResponse, status: number, code: string, message: string | null) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).filter((k) => k !== "details")).toEqual(["error", "message", "code"]);
  expect(body.code).toBe(code);
  expect(body.error).toBe(body.message);
  if (message !== null) expect(body.message).toBe(message);
  for (const text of [body.message, ...(body.details ?? []).map((d: { message: string }) => d.message)]) {
    expect(text).not.toMatch(ENGLISH);
  }
  expect(res.body).not.toContain("aaaaaaaaaa");
  expect(res.body).not.toContain("/api/");
  return body as { message: string; details?: { path: string; message: string }[] };
}

const JSON_ROUTES: [Method, string][] = [
  ["POST", "/api/clients"],
  ["PUT", `/api/clients/${randomUUID()}`],
  ["POST", "/api/quotes"],
  ["PUT", `/api/quotes/${randomUUID()}`],
  ["POST", "/api/quote-templates"],
  ["PUT", "/api/company/info"],
  ["PUT", "/api/company/settings"],
];

describe("a body that is not a JSON object", () => {
  for (const [method, url] of JSON_ROUTES) {
    it.each(["null", "[]", '"x"', "42", "true"])(
      `${method} ${url.replace(/[0-9a-f-]{36}/, ":id")} with %s`,
      async (payload) => {
        const body = expectFrenchError(await send(method, url, payload), 400, ERROR_CODES.VALIDATION, null);
        expect(body.message).toBe(MESSAGES.bodyNotObject);
        expect(body.details).toEqual([{ path: "", message: MESSAGES.bodyNotObject }]);
      },
    );
  }

  it("says so too for a text/plain body", async () => {
    const res = await send("POST", "/api/clients", "x", "text/plain");
    expectFrenchError(res, 400, ERROR_CODES.VALIDATION, MESSAGES.bodyNotObject);
  });

  it("and when there is no body at all", async () => {
    const res = await app.inject({ method: "POST", url: "/api/clients", headers: bearer(token) });
    expectFrenchError(res, 400, ERROR_CODES.VALIDATION, MESSAGES.bodyNotObject);
  });
});

describe("a field of the wrong type, without a message of its own", () => {
  const identity = {
    name: "Erreurs SARL",
    address1: null,
    address2: null,
    zip_code: null,
    city: null,
    country: "France",
    phone_contact: null,
    email_contact: null,
    website: null,
    siret: null,
    tva_number: null,
    legal_form: null,
    share_capital: null,
    registration: null,
    insurer_name: null,
    insurer_policy: null,
    insurance_coverage: null,
    vat_franchise: false,
    iban: null,
    bic: null,
  };
  const item = { name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate: 20 };
  const quote = { name: "Devis", client_id: randomUUID(), date: "2026-05-01" };

  it.each<[string, Method, string, object, { path: string; message: string }]>([
    [
      "phone",
      "POST",
      "/api/clients",
      { name: "Dupont", phone: 612345678 },
      { path: "phone", message: `Un texte est attendu (reçu${NBSP}: un nombre)` },
    ],
    [
      "country",
      "PUT",
      "/api/company/info",
      { ...identity, country: 33 },
      { path: "country", message: `Un texte est attendu (reçu${NBSP}: un nombre)` },
    ],
    [
      "website",
      "PUT",
      "/api/company/info",
      { ...identity, website: true },
      { path: "website", message: `Un texte est attendu (reçu${NBSP}: une valeur booléenne)` },
    ],
    [
      "items",
      "POST",
      "/api/quotes",
      { ...quote, items: "deux lignes" },
      { path: "items", message: `Une liste est attendue (reçu${NBSP}: un texte)` },
    ],
    [
      "items[]",
      "POST",
      "/api/quote-templates",
      { name: "Modèle", items: [item, "x"] },
      { path: "items.1", message: `Un objet est attendu (reçu${NBSP}: un texte)` },
    ],
    [
      "a boolean of the duplicate options",
      "POST",
      `/api/quotes/${randomUUID()}/duplicate`,
      { reset_status: null },
      { path: "reset_status", message: `Une valeur booléenne (true ou false) est attendue (reçu${NBSP}: null)` },
    ],
  ])("%s", async (_name, method, url, payload, detail) => {
    const body = expectFrenchError(await send(method, url, JSON.stringify(payload)), 400, ERROR_CODES.VALIDATION, null);
    expect(body.details).toContainEqual(detail);
  });

  it("names the field that is missing", async () => {
    const body = expectFrenchError(
      await send(
        "POST",
        "/api/quote-templates",
        JSON.stringify({ name: "Modèle", items: [{ ...item, unit: undefined }] }),
      ),
      400,
      ERROR_CODES.VALIDATION,
      null,
    );
    expect(body.details?.[0]?.path).toBe("items.0.unit");
  });

  it("query parameters too", async () => {
    const quotes = expectFrenchError(await send("GET", "/api/quotes?client_id=12"), 400, ERROR_CODES.VALIDATION, null);
    expect(quotes.details?.map((d) => d.path)).toEqual(["client_id"]);
    const file = expectFrenchError(
      await send("GET", `/api/files/${randomUUID()}?exp=demain`),
      400,
      ERROR_CODES.VALIDATION,
      null,
    );
    expect(file.details).toEqual([{ path: "exp", message: "Un nombre est attendu" }]);
  });
});

describe("the framework's own errors", () => {
  it("a 10,000-character id answers like an unknown id, without echoing it", async () => {
    for (const url of [`/api/clients/${LONG_ID}`, `/api/quotes/${LONG_ID}/pdf`, `/api/files/${LONG_ID}`]) {
      const res = await send("GET", url);
      expectFrenchError(res, 404, ERROR_CODES.NOT_FOUND, MESSAGES.notFound);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expectFrenchError(
      await send("PUT", `/api/clients/${LONG_ID}`, JSON.stringify({ name: "X" })),
      404,
      ERROR_CODES.NOT_FOUND,
      MESSAGES.notFound,
    );
  });

  it("a badly encoded URL", async () => {
    expectFrenchError(await send("GET", "/api/clients/%E0%A4%A"), 400, ERROR_CODES.VALIDATION, MESSAGES.badUrl);
  });

  it("malformed JSON", async () => {
    const res = await send("POST", "/api/clients", '{"name": "Dupont",');
    expectFrenchError(res, 400, ERROR_CODES.VALIDATION, MESSAGES.invalidJson);
  });

  it("an empty body announced as JSON", async () => {
    const res = await send("PUT", "/api/company/settings", "");
    expectFrenchError(res, 400, ERROR_CODES.VALIDATION, MESSAGES.emptyJson);
  });

  it("a content type the API does not read", async () => {
    const res = await send("POST", "/api/clients", "<client/>", "application/xml");
    expectFrenchError(res, 415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, MESSAGES.unsupportedMediaType);
  });

  it("an unknown /api path, however long, without echoing it", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", `/api/nope/${LONG_ID}`],
      ["DELETE", "/api/clients"],
    ] as const) {
      expectFrenchError(await send(method, url), 404, ERROR_CODES.NOT_FOUND, MESSAGES.routeNotFound);
    }
  });
});
