import { randomUUID } from "node:crypto";
import { ERROR_CODES } from "@shared/errors";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
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
 *
 * And a PUT replaces a whole resource (docs/domain/api.md): every property of its body is published as
 * required, and a body that leaves any one of them out is refused with 400 and changes nothing, so a
 * PUT never erases what it does not mention. The full body is the resource as the API reads it back.
 */

const { app, db } = await setupApp();

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, unknown>;
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
      path,
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
const puts = withBody.filter((op) => op.method === "PUT");

/**
 * Properties of a PUT body that may be left out, with the reason, by operation. Leaving a key out must
 * then keep the stored value (never reset it); the test below checks that too.
 */
const OPTIONAL_ON_PUT: Record<string, Record<string, string>> = {
  "PUT /api/invoices/{id}": {
    operation_category: "issue 34, not in the spec's body: a client written to the spec keeps the draft's category",
  },
  "PUT /api/quotes/{id}": {
    worksite: "not in the spec's body: a client written to the spec keeps the quote's worksite address",
    premises:
      "issue 32, not in the spec's body: a client written to the spec keeps the quote's answer about the premises",
  },
  "PUT /api/company/settings": {
    default_tax_rate: "not in the spec's body: a client written to the spec keeps the company's choice",
    reminder_after_days: "issue 18, not in the spec's body: a client written to the spec keeps the company's delay",
    extra_tax_rates: "issue 31, not in the spec's body: a client written to the spec keeps the company's own VAT rates",
    vat_on_debits: "issue 34, not in the spec's body: a client written to the spec keeps the company's option",
  },
  // ADR 0012: a client's type and what comes with it are not in the spec's body.
  "PUT /api/clients/{id}": Object.fromEntries(
    ["type", "civility", "first_name", "last_name", "company_name", "siret", "vat_number", "contacts", "addresses"].map(
      (key) => [
        key,
        "not in the spec's body: a client written to the spec keeps its type, identity, contacts and addresses",
      ],
    ),
  ),
};

/** The resources behind the PUT paths, by the path up to its parameter; a new PUT path needs its line. */
interface Fixtures {
  clientId: string;
  quoteId: string;
  templateId: string;
  equipmentTemplateId: string;
  teamId: string;
  vehicleId: string;
  projectId: string;
  projectTaskId: string;
  projectIssueId: string;
  invoiceId: string;
  roleId: string;
}
const PATH_FIXTURES: Record<string, (f: Fixtures) => string> = {
  "/api/clients/{id}": (f) => f.clientId,
  "/api/quotes/{id}": (f) => f.quoteId,
  "/api/quote-templates/{id}": (f) => f.templateId,
  "/api/equipment-templates/{id}": (f) => f.equipmentTemplateId,
  "/api/teams/{id}": (f) => f.teamId,
  "/api/vehicles/{id}": (f) => f.vehicleId,
  "/api/projects/{id}": (f) => f.projectId,
  "/api/project-tasks/{id}": (f) => f.projectTaskId,
  "/api/project-issues/{id}": (f) => f.projectIssueId,
  "/api/invoices/{id}": (f) => f.invoiceId,
  "/api/company/roles/{id}": (f) => f.roleId,
};
let fixtures: Fixtures;

let adminToken: string;
let superadminToken: string;

beforeAll(async () => {
  const company = await createTestCompany(db, "Contrat SARL");
  adminToken = (await login(app, company.emails.admin)).token;
  superadminToken = (await login(app, await createTestSuperadmin(db))).token;
  fixtures = await createFixtures();
});

/**
 * A company whose resources hold a value in every field, none of them a default: a PUT that reset a
 * field it was not given would show in what is read back.
 */
async function createFixtures(): Promise<Fixtures> {
  const send = async (method: "POST" | "PUT", url: string, payload: object) => {
    const res = await app.inject({ method, url, headers: bearer(adminToken), payload });
    expect(res.statusCode, `fixture ${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as { id: string };
  };
  await send("PUT", "/api/company/info", {
    name: "Contrat SARL",
    address1: "3 rue des Forges",
    address2: "Bâtiment B",
    zip_code: "69003",
    city: "Lyon",
    country: "Belgique",
    phone_contact: "04 78 00 00 00",
    email_contact: "contact@contrat.fr",
    website: "https://contrat.fr",
    siret: "523 456 788 00018",
    tva_number: "FR31523456788",
    legal_form: "SARL",
    share_capital: "10 000 €",
    registration: "RCS Lyon 523 456 788",
    insurer_name: "MAAF Assurances",
    insurer_policy: "DEC-123456",
    insurance_coverage: "France métropolitaine",
    vat_franchise: true,
    iban: "FR7630004008230001045678943",
    bic: "BNPAFRPPXXX",
  });
  await send("PUT", "/api/company/settings", { quote_validity_days: 45, terms_and_conditions: "Acompte de 30 %" });
  const client = await send("POST", "/api/clients", {
    name: "Client contrat",
    email: "client@contrat.fr",
    phone: "06 12 34 56 78",
    address: "1 place Bellecour",
    postal_code: "69002",
    city: "Lyon",
    notes: "Sonner deux fois",
  });
  // Inactive: a PUT that fell back to « active » would show.
  await send("PUT", `/api/clients/${client.id}`, {
    name: "Client contrat",
    email: "client@contrat.fr",
    phone: "06 12 34 56 78",
    address: "1 place Bellecour",
    postal_code: "69002",
    city: "Lyon",
    notes: "Sonner deux fois",
    is_active: false,
  });
  const lines = [
    { name: "Dépose", description: "Ancien carrelage", quantity: 2, unit: "m²", unit_price: 150, tax_rate: 20 },
    { name: "Pose", description: null, quantity: 3.5, unit: "heure", unit_price: 45, tax_rate: 10 },
  ];
  const quote = await send("POST", "/api/quotes", {
    name: "Devis contrat",
    client_id: client.id,
    status: "envoye au client",
    date: "2026-03-02",
    valid_until: "2026-05-01",
    notes: "Accès par la cour",
    terms: "Paiement à 30 jours",
    discount_percentage: 0,
    discount_amount: 25,
    items: lines,
  });
  const template = await send("POST", "/api/quote-templates", {
    name: "Modèle contrat",
    description: "Salle de bain type",
    items: lines,
    discount_percentage: 5,
    terms: "Acompte de 30 %",
  });
  const equipmentTemplate = await send("POST", "/api/equipment-templates", {
    name: "Équipement contrat",
    equipment_items: ["Perceuse", "Niveau laser"],
  });
  // Members and a leader: a PUT that emptied them would show.
  const people = (await call("GET", "/api/teams/candidates")).json().data as { id: string }[];
  const team = await send("POST", "/api/teams", {
    name: "Équipe contrat",
    description: "Salles de bain",
    member_ids: people.map((p) => p.id),
    leader_id: people[0]?.id,
  });
  // Every field filled: a PUT that reset one would show.
  const vehicle = await send("POST", "/api/vehicles", {
    name: "Véhicule contrat",
    registration_number: "CT-001-AA",
    brand: "Renault",
    model: "Master",
    status: "maintenance",
    mileage: 98000,
    next_service_date: "2027-01-15",
    next_inspection_date: "2026-12-03",
    insurance_expiry_date: "2027-06-30",
  });
  // Every field filled, in progress (its task ticked and its imprévu can change), a task done.
  const project = (await send("POST", "/api/projects", {
    name: "Chantier contrat",
    status: "en cours",
    client_id: client.id,
    start_date: "2026-12-07",
    team_id: team.id,
    vehicle_id: vehicle.id,
    address: "8 chemin des Vignes, 69380 Lozanne",
    gate_code: "B42",
    notes: "Clés chez la voisine",
    budget_total: 12500.5,
    estimated_duration_days: 4,
    equipment: ["Perceuse", "Niveau laser"],
    tasks: [
      { label: "Dépose", is_done: true, estimated_hours: 3.5, unit_price: 45, quantity: 2.5 },
      { label: "Pose", estimated_hours: 8, unit_price: 380, quantity: 1 },
    ],
  })) as { id: string; tasks: { id: string }[] };
  const issue = await send("POST", "/api/project-issues", {
    project_id: project.id,
    title: "Fuite",
    description: "Sous l'évier",
  });
  // A draft invoice, every field said, none the default (the company is under VAT franchise: VAT 0).
  const invoice = await send("POST", "/api/invoices", {
    client_id: client.id,
    name: "Facture contrat",
    date: "2026-03-02",
    due_date: "2026-03-17",
    work_date: "2026-02-20",
    payment_method: "check",
    notes: "Accès par la cour",
    terms: "Paiement à 15 jours",
    legal_mentions: "Pénalités au taux légal",
    reverse_charge: true,
    discount_percentage: 0,
    discount_amount: 25,
    items: [{ kind: "section", name: "Salle de bain" }, ...lines, { kind: "text", name: "Site occupé" }],
  });
  // A description and the default flag (not the default value): a PUT that reset one would show.
  const role = await send("POST", "/api/company/roles", {
    name: "Rôle contrat",
    description: "Conduit les travaux",
    is_default: true,
  });
  return {
    roleId: role.id,
    invoiceId: invoice.id,
    projectId: project.id,
    projectTaskId: project.tasks[0]?.id ?? "",
    projectIssueId: issue.id,
    teamId: team.id,
    vehicleId: vehicle.id,
    clientId: client.id,
    quoteId: quote.id,
    templateId: template.id,
    equipmentTemplateId: equipmentTemplate.id,
  };
}

/** The URL of a PUT operation on its fixture; fails, naming the missing fixture, for an unknown path. */
function fixtureUrl(path: string): { url: string; id?: string } {
  let id: string | undefined;
  const url = path.replace(/\{[^}]+\}/g, (param, offset: number) => {
    const prefix = path.slice(0, offset + param.length);
    const fixture = PATH_FIXTURES[prefix];
    if (!fixture) {
      throw new Error(
        `No fixture for ${prefix}: create such a resource in createFixtures() and add "${prefix}" to PATH_FIXTURES (src/server/test/published-schemas.test.ts)`,
      );
    }
    id = fixture(fixtures);
    return id;
  });
  return { url, id };
}

/** The resource a PUT replaces, as the API reads it: GET on the same path, else its item in the list above. */
async function readBack(path: string): Promise<Record<string, unknown>> {
  const { url, id } = fixtureUrl(path);
  if (doc.paths[path]?.get) {
    const res = await call("GET", url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const listPath = path.replace(/\/\{[^}]+\}$/, "");
  if (id === undefined || !doc.paths[listPath]?.get)
    throw new Error(`No read of ${path}: no GET on it nor on ${listPath}`);
  const res = await call("GET", listPath);
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().data as { id: string }[]).find((r) => r.id === id);
  if (!item) throw new Error(`GET ${listPath} does not list ${id}`);
  return item as Record<string, unknown>;
}

/** Read twice, a resource differs only by these: when it was written, and the ids of its lines (made anew). */
function lasting(value: unknown, inList = false): unknown {
  if (Array.isArray(value)) return value.map((v) => lasting(v, true));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "updated_at" && !(inList && key === "id"))
      .map(([key, v]) => [key, lasting(v)]),
  );
}

/** The PUT body that says the resource as it is: each published property, valued as read back. */
function wholeBody(props: string[], resource: Record<string, unknown>): Record<string, unknown> {
  const missing = props.filter((key) => !(key in resource));
  expect(missing, "properties of the PUT body that its read does not answer").toEqual([]);
  return Object.fromEntries(props.map((key) => [key, resource[key]]));
}

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

describe("a PUT carries the whole resource", () => {
  const propsOf = (op: (typeof puts)[number]) => Object.keys(op.body?.properties ?? {});
  const cases = puts.flatMap((op) => propsOf(op).map((key) => [`${op.label} without ${key}`, op, key] as const));

  it("covers the PUT operations of the document", () => {
    expect(puts.map((op) => op.label)).toEqual(
      expect.arrayContaining(["PUT /api/clients/{id}", "PUT /api/quotes/{id}", "PUT /api/quote-templates/{id}"]),
    );
    for (const [label, keys] of Object.entries(OPTIONAL_ON_PUT)) {
      const op = puts.find((p) => p.label === label);
      expect(op, `OPTIONAL_ON_PUT names ${label}, which is no PUT of the document`).toBeDefined();
      if (op) expect(propsOf(op)).toEqual(expect.arrayContaining(Object.keys(keys)));
    }
  });

  it("leaves defaults to creations, which publish them (a new quote is a draft, without lines or discount)", () => {
    const defaults = (label: string) => {
      const props = (withBody.find((op) => op.label === label)?.body?.properties ?? {}) as Record<
        string,
        { default?: unknown }
      >;
      return Object.fromEntries(
        Object.entries(props).flatMap(([k, v]) => (v.default === undefined ? [] : [[k, v.default]])),
      );
    };
    expect(defaults("POST /api/quotes")).toEqual({
      status: "en cours de redaction",
      discount_percentage: 0,
      discount_amount: 0,
      items: [],
    });
    expect(defaults("POST /api/quote-templates")).toEqual({ discount_percentage: 0, items: [] });
    for (const op of puts) expect(defaults(op.label), op.label).toEqual({});
  });

  it.each(puts.map((op) => [op.label, op] as const))(
    "%s publishes every property of its body as required",
    (label, op) => {
      const optional = OPTIONAL_ON_PUT[label] ?? {};
      const expected = propsOf(op).filter((key) => !(key in optional));
      expect(propsOf(op).length).toBeGreaterThan(0);
      expect([...(op.body?.required ?? [])].sort()).toEqual(expected.sort());
    },
  );

  it.each(puts.map((op) => [op.label, op] as const))(
    "%s accepts the resource as read back, and stores it unchanged",
    async (_label, op) => {
      const before = await readBack(op.path);
      const res = await call("PUT", fixtureUrl(op.path).url, JSON.stringify(wholeBody(propsOf(op), before)));
      expect(res.statusCode, res.body).toBe(200);
      expect(lasting(await readBack(op.path))).toEqual(lasting(before));
    },
  );

  it.each(cases)("%s is refused (400 on that key) and changes nothing", async (label, op, key) => {
    const before = await readBack(op.path);
    const { [key]: _left, ...body } = wholeBody(propsOf(op), before);
    const res = await call("PUT", fixtureUrl(op.path).url, JSON.stringify(body));
    if (key in (OPTIONAL_ON_PUT[op.label] ?? {})) {
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      expect(lasting(await readBack(op.path))).toEqual(lasting(before));
      return;
    }
    expect(res.statusCode, `${label}: ${res.statusCode} ${res.body}`).toBe(400);
    expect(res.json().code).toBe(ERROR_CODES.VALIDATION);
    expect((res.json().details as { path: string }[]).map((d) => d.path)).toEqual([key]);
    expect(await readBack(op.path)).toEqual(before);
  });
});
