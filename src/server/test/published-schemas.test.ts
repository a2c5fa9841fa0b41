import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../shared/errors";
import { bearer, createTestCompany, createTestSuperadmin, login, setupApp } from "./helpers";

/**
 * What the server enforces is what it publishes. The OpenAPI document is generated from the zod
 * schemas with their *input* JSON schema, which describes a `z.preprocess` by the schema behind it:
 * a preprocess that turns an absent key into a value (`undefined → 30`) publishes the key as required
 * while the server accepts a body without it, and writes the invented value over the stored one.
 *
 * For every operation of the document, whatever its module: an empty body is refused for exactly the
 * keys the document marks required, and a request without its query string for exactly the required
 * query parameters. Nothing here lists routes: a module is covered the day it is registered.
 */

const { app, db } = await setupApp();

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  required?: string[];
}
interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
const deref = (schema: JsonSchema) =>
  schema.$ref ? (doc.components?.schemas?.[schema.$ref.replace("#/components/schemas/", "")] ?? {}) : schema;

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const body = op.requestBody?.content["application/json"]?.schema;
    return {
      label: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
      // Validation runs before the handler: any well-formed id reaches it.
      url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
      body: body ? deref(body) : undefined,
      query: (op.parameters ?? []).filter((p) => p.in === "query"),
    };
  }),
);
const withBody = operations.filter((op) => op.body?.type === "object");
// (An operation with a body answers for its body first: the case above covers it.)
const withQuery = operations.filter((op) => op.query.length > 0 && !op.body);

let adminToken: string;
let superadminToken: string;

beforeAll(async () => {
  const company = await createTestCompany(db, "Contrat SARL");
  adminToken = (await login(app, company.emails.admin)).token;
  superadminToken = (await login(app, await createTestSuperadmin(db))).token;
});

/** As a company's administrator, or as a superadmin for the platform's routes. */
async function call(method: string, url: string, payload?: string) {
  const send = (token: string) =>
    app.inject({
      method: method as "GET",
      url,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { "content-type": "application/json" }) },
      ...(payload === undefined ? {} : { payload }),
    });
  const res = await send(adminToken);
  return res.statusCode === 403 ? send(superadminToken) : res;
}

/** The fields a 400 validation answer reports, by their first path segment. */
function reportedFields(res: LightMyRequestResponse): string[] {
  expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
  if (res.statusCode !== 400 || res.json().code !== ERROR_CODES.VALIDATION) return [];
  const details = (res.json().details ?? []) as { path: string }[];
  return [...new Set(details.map((d) => d.path.split(".")[0] ?? ""))].sort();
}

describe("the published schemas are the enforced ones", () => {
  it("covers the operations of the document", () => {
    expect(withBody.map((op) => op.label)).toContain("PUT /api/company/settings");
    expect(withQuery.map((op) => op.label)).toContain("GET /api/clients");
  });

  it.each(withBody.map((op) => [op.label, op] as const))(
    "%s: an empty body is refused for exactly the required keys",
    async (_label, op) => {
      const res = await call(op.method, op.url, "{}");
      expect(reportedFields(res), res.body).toEqual([...(op.body?.required ?? [])].sort());
    },
  );

  it.each(withQuery.map((op) => [op.label, op] as const))(
    "%s: no query string is refused for exactly the required parameters",
    async (_label, op) => {
      const res = await call(op.method, op.url);
      const required = op.query.filter((p) => p.required).map((p) => p.name);
      expect(reportedFields(res), res.body).toEqual(required.sort());
    },
  );
});
