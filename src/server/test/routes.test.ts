import { createHash, randomUUID } from "node:crypto";
import { enqueueMessage } from "@server/modules/messages/mailer";
import { accountingSettingsOf, DEFAULT_ACCOUNTS } from "@shared/accounting";
import { ERROR_CODES, MESSAGES } from "@shared/errors";
import { PERMISSION_CODES } from "@shared/permissions";
import { mondayOf } from "@shared/planning-rules";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  bearer,
  createTestCompany,
  createTestSuperadmin,
  createTestUserWithPermissions,
  login,
  setupApp,
  type TestCompany,
} from "./helpers";

/**
 * The route walk (ADR 0003): every operation of the app's own OpenAPI document is called without a
 * token, by a user lacking its access, by another company with real ids, and with malformed bodies
 * and ids. Nothing here lists routes: a module is covered the day it is registered. A new path
 * parameter needs one line in PATH_FIXTURES (the test says so), a new id field in a body one line in
 * BODY_ID_FIXTURES.
 */

const { app, db } = await setupApp();

// ---------------------------------------------------------------------------------------------
// The document

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  "x-access"?: string;
  "x-permission"?: string;
  "x-permissions"?: string[];
  "x-versioned"?: boolean;
}

interface Operation {
  /** "PUT /api/clients/{id}": names the operation in test titles. */
  label: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  access: string | undefined;
  permission: string | undefined;
  /** « One of these permissions » (`anyPermission`). */
  permissions: string[] | undefined;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The JSON request body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** A save under optimistic concurrency: `If-Match`, 409 `STALE_VERSION` (ADR 0024). */
  versioned: boolean;
}

const docResponse = await app.inject({ method: "GET", url: "/api/openapi.json" });
const doc = docResponse.json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

function deref(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
  return deref(target);
}

const OPERATIONS: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    label: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase() as Operation["method"],
    path,
    access: op["x-access"],
    permission: op["x-permission"],
    permissions: op["x-permissions"],
    pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
    query: (op.parameters ?? [])
      .filter((p) => p.in === "query")
      .map((p) => ({ name: p.name, schema: deref(p.schema ?? {}) })),
    body: op.requestBody?.content["application/json"]?.schema
      ? deref(op.requestBody.content["application/json"].schema)
      : undefined,
    versioned: op["x-versioned"] === true,
  })),
);

/** it.each rows named by their label (test titles show it whole). */
const named = <T extends { label: string }>(rows: T[]) => rows.map((row) => [row.label, row] as [string, T]);

const guarded = OPERATIONS.filter((op) => op.access !== "public");
const withPathParams = OPERATIONS.filter((op) => op.pathParams.length > 0);
/** A SuperAdmin operation takes any company's id (a company admin gets 403 there): the others are a company's. */
const tenantPaths = withPathParams.filter((op) => op.access !== "superadmin");
const withJsonBody = OPERATIONS.filter((op) => op.body);
/** A company's lists (the SuperAdmin's lists show every company by design; a company admin gets 403 there). */
const listReads = OPERATIONS.filter(
  (op) => op.method === "GET" && op.pathParams.length === 0 && op.access !== "superadmin",
);

// ---------------------------------------------------------------------------------------------
// Real resources of a company, and where their ids go

interface Resources {
  /** A client without documents (deletable). */
  clientId: string;
  /** The client of the quote. */
  quoteClientId: string;
  quoteId: string;
  templateId: string;
  /** The company's logo. */
  fileId: string;
  /** A price-library article nothing uses (deletable). */
  articleId: string;
  /** A team (deletable). */
  teamId: string;
  /** An equipment template. */
  equipmentTemplateId: string;
  /** A vehicle nothing uses (deletable). */
  vehicleId: string;
  /** A validated quote without a worksite (the creation from a quote). */
  validQuoteId: string;
  /** A worksite (to do, no team or vehicle: they stay deletable). */
  projectId: string;
  /** A worksite in progress, with a task and an imprévu (execution routes). */
  workProjectId: string;
  workTaskId: string;
  workIssueId: string;
  /** A photo of that worksite (listed under its worksite only: GET /api/project-photos/{projectId}). */
  workPhotoId: string;
  /** Invoices in the states their lifecycle routes need: drafts (edit, delete, issue, PATCH status), issued ones. */
  invoiceId: string;
  issueInvoiceId: string;
  statusInvoiceId: string;
  /** Issued, with one payment (listed under its invoice only: GET /api/invoices/{id}). */
  payInvoiceId: string;
  paymentId: string;
  cancelInvoiceId: string;
  /** A credit note keeping the credit of a cancelled invoice's payment (issue 32: its refunds). */
  creditNoteId: string;
  /** A worksite with a client to invoice (« Facturer »; the walk's PUT takes the other one's client away). */
  billedProjectId: string;
  /** A role without permissions nor users (deletable). */
  roleId: string;
  /** A user of the company: its Compagnon (his roles may be replaced by the walk). */
  userId: string;
  /** A user invited, who has not chosen a password yet (a new invitation link). */
  pendingUserId: string;
  /** The admin's notification of a quote signed on its link (a quote of its own, signed through the API). */
  notificationId: string;
  /** A closing of the journal (an empty month, long past). */
  closingId: string;
  /** A message of the outbox, with its attachment (the quote's bytes). */
  messageId: string;
  /** A quote sent to its client (the reminder's route). */
  sentQuoteId: string;
  /** An issued invoice past its due date (the reminder's route). */
  lateInvoiceId: string;
}

/** A one-time link's token of the right form that matches no link: the link pages answer 404. */
const UNKNOWN_LINK_TOKEN = "inconnu".padEnd(43, "0");

/**
 * The id to put in a path, by the path up to that parameter. A new resource with its own path
 * parameter needs a line here (and its creation in createResources).
 */
const PATH_FIXTURES: Record<string, (r: Resources) => string> = {
  "/api/clients/{id}": (r) => r.clientId,
  "/api/quotes/{id}": (r) => r.quoteId,
  "/api/quote-templates/{id}": (r) => r.templateId,
  "/api/files/{id}": (r) => r.fileId,
  "/api/library/items/{id}": (r) => r.articleId,
  "/api/teams/{id}": (r) => r.teamId,
  "/api/equipment-templates/{id}": (r) => r.equipmentTemplateId,
  "/api/vehicles/{id}": (r) => r.vehicleId,
  "/api/projects/{id}": (r) => r.projectId,
  "/api/projects/from-quote/{quoteId}": (r) => r.validQuoteId,
  "/api/project-tasks/{id}": (r) => r.workTaskId,
  "/api/project-issues/{id}": (r) => r.workIssueId,
  "/api/project-issues/{projectId}": (r) => r.workProjectId,
  "/api/project-photos/{projectId}": (r) => r.workProjectId,
  "/api/project-photos/{id}": (r) => r.workPhotoId,
  "/api/invoices/{id}": (r) => r.invoiceId,
  "/api/invoices/deposit/{quoteId}": (r) => r.validQuoteId,
  "/api/invoices/from-quote/{quoteId}": (r) => r.validQuoteId,
  "/api/invoices/from-project/{projectId}": (r) => r.billedProjectId,
  "/api/invoices/balance/{clientId}": (r) => r.quoteClientId,
  "/api/company/roles/{id}": (r) => r.roleId,
  "/api/company/user-roles/user/{userId}": (r) => r.userId,
  "/api/company/users/{id}": (r) => r.userId,
  "/api/outbox/{id}": (r) => r.messageId,
  "/api/account-links/invitation/{token}": () => UNKNOWN_LINK_TOKEN,
  "/api/account-links/password-reset/{token}": () => UNKNOWN_LINK_TOKEN,
  "/api/signing/{token}": () => UNKNOWN_LINK_TOKEN,
  "/api/notifications/{id}": (r) => r.notificationId,
  "/api/journal/closings/{id}": (r) => r.closingId,
  // The SuperAdmin sees every company: its walk's calls go to company B (never suspended by them).
  "/api/superadmin/companies/{id}": () => companyB.id,
};

/**
 * Path ids by operation, for the operations that need their resource in a given state (an invoice to
 * issue, to pay, to cancel…); the others take PATH_FIXTURES'.
 */
const OPERATION_FIXTURES: Record<string, Record<string, (r: Resources) => string>> = {
  "POST /api/invoices/{id}/issue": { id: (r) => r.issueInvoiceId },
  "PATCH /api/invoices/{id}/status": { id: (r) => r.statusInvoiceId },
  "POST /api/invoices/{id}/payments": { id: (r) => r.payInvoiceId },
  "POST /api/invoices/{id}/pay": { id: (r) => r.payInvoiceId },
  "DELETE /api/invoices/{id}/payments/{paymentId}": { id: (r) => r.payInvoiceId, paymentId: (r) => r.paymentId },
  "POST /api/invoices/{id}/payments/{paymentId}/cancel": {
    id: (r) => r.payInvoiceId,
    paymentId: (r) => r.paymentId,
  },
  "POST /api/invoices/{id}/cancel": { id: (r) => r.cancelInvoiceId },
  "POST /api/invoices/{id}/refunds": { id: (r) => r.creditNoteId },
  // A draft has no Factur-X: the XML of an issued one.
  "GET /api/invoices/{id}/xml": { id: (r) => r.payInvoiceId },
  "POST /api/company/users/{id}/invitation": { id: (r) => r.pendingUserId },
  // Sending and reminding (issue 18): a quote sent for its reminder, issued invoices (a late one to remind).
  "GET /api/quotes/{id}/send-draft": { id: (r) => r.sentQuoteId },
  "POST /api/quotes/{id}/remind": { id: (r) => r.sentQuoteId },
  "GET /api/invoices/{id}/send-draft": { id: (r) => r.lateInvoiceId },
  "POST /api/invoices/{id}/send": { id: (r) => r.payInvoiceId },
  "POST /api/invoices/{id}/remind": { id: (r) => r.lateInvoiceId },
};

/** The id to put in a body field that references another resource (same company as the caller). */
const BODY_ID_FIXTURES: Record<string, (r: Resources) => string> = {
  client_id: (r) => r.quoteClientId,
  article_id: (r) => r.articleId,
  quote_id: (r) => r.validQuoteId,
  project_id: (r) => r.workProjectId,
  user_ids: (r) => r.userId,
  role_id: (r) => r.roleId,
};

/** A priced line of an invoice. */
const invoiceLine = { name: "Échantillon", quantity: 2, unit: "heure", unit_price: 45, tax_rate: 20 };

/** An article of the price library, whole (POST and PUT). */
const articleBody = () => ({
  kind: "article",
  name: "Échantillon",
  description: null,
  unit: "unité",
  unit_price: 10,
  cost_price: 6,
  tax_rate: 20,
  category: "fourniture",
  supplier_reference: null,
});

/**
 * Valid bodies for the operations whose published schema cannot describe one alone (a rule across
 * fields), by operation; the others are derived from the schema (required fields only).
 */
const BODY_SAMPLES: Record<string, (r: Resources) => unknown> = {
  // A client needs a phone or an e-mail.
  "POST /api/clients": () => ({ name: "Échantillon", email: "echantillon@exemple.fr" }),
  "PUT /api/clients/{id}": () => ({
    name: "Échantillon",
    email: "echantillon@exemple.fr",
    phone: null,
    address: null,
    postal_code: null,
    city: null,
    notes: null,
    is_active: true,
  }),
  // An article or an ouvrage (a union): an article.
  "POST /api/library/items": articleBody,
  "PUT /api/library/items/{id}": articleBody,
  // An invoice needs a priced line; a deposit, a percentage or an amount.
  "POST /api/invoices": (r) => ({ client_id: r.quoteClientId, name: "Échantillon", items: [invoiceLine] }),
  // A PUT carries the whole draft.
  "PUT /api/invoices/{id}": () => ({
    name: "Échantillon",
    date: TODAY,
    due_date: null,
    work_date: null,
    payment_method: "bank_transfer",
    notes: null,
    terms: null,
    legal_mentions: null,
    reverse_charge: false,
    discount_percentage: 0,
    discount_amount: 0,
    items: [invoiceLine],
  }),
  "POST /api/invoices/deposit/{quoteId}": () => ({ percentage: 30 }),
  // Accounts under their PCG classes (a pattern and a prefix), two journal codes that differ.
  "PUT /api/company/accounting": () => accountingSettingsOf(DEFAULT_ACCOUNTS),
  // A PATCH that changes something (an empty one leaves the user, and its version, as they are).
  "PATCH /api/company/users/{id}": () => ({ full_name: "Échantillon" }),
  // A message: e-mail addresses (a format the samples do not make).
  "POST /api/quotes/{id}/send": () => messageBody,
  "POST /api/quotes/{id}/remind": () => messageBody,
  "POST /api/invoices/{id}/send": () => messageBody,
  "POST /api/invoices/{id}/remind": () => messageBody,
  // A drawn signature: a PNG data URL (a pattern).
  "POST /api/signing/{token}": () => ({
    signer_name: "Échantillon",
    approved: true,
    signature: `data:image/png;base64,${PNG.toString("base64")}`,
  }),
};

/** What the send and remind dialogs post. */
const messageBody = { to: ["client@exemple.fr"], cc: [], subject: "Échantillon", body: "Bonjour" };

/** A valid body for `op`, with ids of `r` in its id fields. */
function validBody(op: Operation, r: Resources): unknown {
  if (!op.body) return undefined;
  return BODY_SAMPLES[op.label]?.(r) ?? sample(op.body, r);
}

const TODAY = new Date().toISOString().slice(0, 10);
const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

// A valid 1×1 PNG (it ends up in the quote PDF, whose renderer inflates it).
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
  "hex",
);

/** Creates one resource of each kind through the API, as `token`'s company; `tag` is in every name. */
let closedMonths = 0;

async function createResources(token: string, tag: string): Promise<Resources> {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: "POST", url, headers: bearer(token), payload });
    if (res.statusCode >= 300) throw new Error(`fixture POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string };
  };
  const line = { name: `Ligne ${tag}`, quantity: 2, unit: "heure", unit_price: 45, tax_rate: 20 };
  const client = await post("/api/clients", { name: `Client seul ${tag}`, email: `${tag}@exemple.fr` });
  const quoteClient = await post("/api/clients", { name: `Client du devis ${tag}`, phone: "06 12 34 56 78" });
  const quote = await post("/api/quotes", {
    name: `Devis ${tag}`,
    client_id: quoteClient.id,
    date: TODAY,
    items: [line],
  });
  const template = await post("/api/quote-templates", { name: `Modèle ${tag}`, items: [line] });
  const boundary = "----propulse-route-walk";
  const logo = await app.inject({
    method: "POST",
    url: "/api/company/logo",
    headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  const fileId = /\/api\/files\/([0-9a-f-]{36})/.exec(String(logo.json().logo_url))?.[1];
  if (logo.statusCode !== 200 || !fileId) throw new Error(`fixture logo: ${logo.statusCode} ${logo.body}`);
  const article = await post("/api/library/items", { ...articleBody(), name: `Article ${tag}` });
  const team = await post("/api/teams", { name: `Équipe ${tag}`, description: `Description ${tag}` });
  const equipmentTemplate = await post("/api/equipment-templates", {
    name: `Équipement ${tag}`,
    equipment_items: [`Outil ${tag}`],
  });
  // A plate of its own each time: B's resources are created again for each deletion.
  const vehicle = await post("/api/vehicles", {
    name: `Véhicule ${tag}`,
    registration_number: randomUUID().slice(0, 8),
  });
  const validQuote = await post("/api/quotes", {
    name: `Devis validé ${tag}`,
    client_id: quoteClient.id,
    date: TODAY,
    status: "valide",
    items: [line],
  });
  const project = await post("/api/projects", { name: `Chantier ${tag}`, client_id: quoteClient.id });
  const work = (await post("/api/projects", {
    name: `Chantier en cours ${tag}`,
    status: "en cours",
    tasks: [{ label: `Tâche ${tag}` }],
  })) as { id: string; tasks: { id: string }[] };
  const issue = await post("/api/project-issues", { project_id: work.id, title: `Imprévu ${tag}` });
  const photoForm = [
    `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${work.id}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo-${tag}.png"\r\nContent-Type: image/png\r\n\r\n`,
  ];
  const photo = await app.inject({
    method: "POST",
    url: "/api/project-photos",
    headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(photoForm.join("")), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  if (photo.statusCode !== 201) throw new Error(`fixture POST /api/project-photos: ${photo.statusCode} ${photo.body}`);
  const invoice = (label: string) =>
    post("/api/invoices", { client_id: quoteClient.id, name: `${label} ${tag}`, items: [line] });
  const issued = async (label: string) => {
    const draft = await invoice(label);
    return post(`/api/invoices/${draft.id}/issue`, {});
  };
  const billed = await post("/api/projects", { name: `Chantier à facturer ${tag}`, client_id: quoteClient.id });
  // A name of its own each time: B's resources are created again for each deletion.
  const role = await post("/api/company/roles", { name: `Rôle ${tag} ${randomUUID().slice(0, 6)}` });
  const people = await app.inject({
    method: "GET",
    url: "/api/company/users?search=compagnon",
    headers: bearer(token),
  });
  const userId = (people.json() as { data: { id: string }[] }).data[0]?.id;
  if (!userId) throw new Error(`fixture GET /api/company/users: ${people.statusCode} ${people.body}`);
  const invited = (await post("/api/company/users/invitations", {
    email: `invite-${randomUUID().slice(0, 8)}@exemple.fr`,
    full_name: `Invité ${tag}`,
    role_ids: [],
  })) as unknown as { user: { id: string } };
  // A message with an attachment, written as the mailer writes every message (the send routes use it).
  const me = await app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
  const companyId = (me.json() as { companyId: string }).companyId;
  const message = await db.run({ companyId }, (tx) =>
    enqueueMessage(tx, {
      companyId,
      kind: "quote_send",
      to: [`${tag.toLowerCase()}@exemple.fr`],
      subject: `Message ${tag}`,
      body: `Texte ${tag}`,
      document: { type: "quote", id: quote.id },
      attachment: { name: `devis-${tag}.pdf`, contentType: "application/pdf", content: PNG },
    }),
  );
  // A quote signed on its link (its own IP: the walk's calls keep the per-IP limit of 127.0.0.1): the
  // office's notification.
  const signedQuote = await post("/api/quotes", {
    name: `Devis signé ${tag}`,
    client_id: quoteClient.id,
    date: TODAY,
    status: "envoye au client",
    items: [line],
  });
  const signingLink = (await post(`/api/quotes/${signedQuote.id}/signing-link`, {})) as unknown as { path: string };
  const signedRes = await app.inject({
    method: "POST",
    url: `/api/signing/${signingLink.path.split("/").pop()}`,
    remoteAddress: `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: {
      signer_name: `Signataire ${tag}`,
      approved: true,
      signature: `data:image/png;base64,${PNG.toString("base64")}`,
    },
  });
  if (signedRes.statusCode !== 200) throw new Error(`fixture signing: ${signedRes.statusCode} ${signedRes.body}`);
  const notes = await app.inject({ method: "GET", url: "/api/notifications", headers: bearer(token) });
  const notificationId = (notes.json() as { data: { id: string }[] }).data[0]?.id;
  if (!notificationId) throw new Error(`fixture GET /api/notifications: ${notes.statusCode} ${notes.body}`);
  // A month long past, another at each call (resources are made again for some walks): closed once each.
  closedMonths += 1;
  const closing = await app.inject({
    method: "POST",
    url: "/api/journal/closings",
    headers: bearer(token),
    payload: {
      period: "month",
      key: `${2001 + Math.floor(closedMonths / 12)}-${String((closedMonths % 12) + 1).padStart(2, "0")}`,
    },
  });
  const closingId = (closing.json() as { closing?: { id: string } }).closing?.id;
  if (!closingId) throw new Error(`fixture POST /api/journal/closings: ${closing.statusCode} ${closing.body}`);
  const sentQuote = await post("/api/quotes", {
    name: `Devis envoyé ${tag}`,
    client_id: quoteClient.id,
    date: TODAY,
    status: "envoye au client",
    items: [line],
  });
  // Issued 40 days ago (the server's clock set back for the call), due 30 days later: late.
  const lateDay = new Date(Date.now() - 40 * 86_400_000);
  const lateDraft = await post("/api/invoices", {
    client_id: quoteClient.id,
    name: `Facture en retard ${tag}`,
    date: lateDay.toISOString().slice(0, 10),
    items: [line],
  });
  vi.useFakeTimers({ toFake: ["Date"], now: lateDay });
  const lateInvoice = await post(`/api/invoices/${lateDraft.id}/issue`, {}).finally(() => vi.useRealTimers());
  const payInvoice = await issued("Facture à payer");
  const paid = (await post(`/api/invoices/${payInvoice.id}/payments`, {
    date: TODAY,
    amount: 10,
    method: "check",
  })) as unknown as { payments: { id: string }[] };
  // Paid 50 €, cancelled: its credit note keeps 50 € of credit (each refund of the walk takes 1 €).
  const creditedInvoice = await issued("Facture remboursée");
  await post(`/api/invoices/${creditedInvoice.id}/payments`, { date: TODAY, amount: 50, method: "cash" });
  const creditNote = await post(`/api/invoices/${creditedInvoice.id}/cancel`, {});
  return {
    creditNoteId: creditNote.id,
    invoiceId: (await invoice("Facture")).id,
    issueInvoiceId: (await invoice("Facture à émettre")).id,
    statusInvoiceId: (await invoice("Facture au statut")).id,
    payInvoiceId: payInvoice.id,
    paymentId: paid.payments[0]?.id ?? "",
    cancelInvoiceId: (await issued("Facture à annuler")).id,
    billedProjectId: billed.id,
    roleId: role.id,
    userId,
    pendingUserId: invited.user.id,
    notificationId,
    closingId,
    messageId: message.id,
    sentQuoteId: sentQuote.id,
    lateInvoiceId: lateInvoice.id,
    validQuoteId: validQuote.id,
    projectId: project.id,
    workProjectId: work.id,
    workTaskId: work.tasks[0]?.id ?? "",
    workIssueId: issue.id,
    workPhotoId: (photo.json() as { id: string }).id,
    articleId: article.id,
    teamId: team.id,
    equipmentTemplateId: equipmentTemplate.id,
    vehicleId: vehicle.id,
    clientId: client.id,
    quoteClientId: quoteClient.id,
    quoteId: quote.id,
    templateId: template.id,
    fileId,
  };
}

/** The fixture id of each path parameter of `op`; fails, naming the missing fixture, for an unknown one. */
function pathIds(op: Operation, r: Resources): Record<string, string> {
  return Object.fromEntries(
    op.pathParams.map((name) => {
      const prefix = op.path.slice(0, op.path.indexOf(`{${name}}`) + name.length + 2);
      const fixture = OPERATION_FIXTURES[op.label]?.[name] ?? PATH_FIXTURES[prefix];
      if (!fixture) {
        throw new Error(
          `No fixture for the path parameter {${name}} of ${op.label}: create such a resource in createResources() and add "${prefix}" to PATH_FIXTURES (src/server/test/routes.test.ts), so the route walk covers it`,
        );
      }
      return [name, fixture(r)];
    }),
  );
}

const randomIds = (op: Operation) => Object.fromEntries(op.pathParams.map((name) => [name, randomUUID()]));

// ---------------------------------------------------------------------------------------------
// Bodies derived from the published schemas

/** The schema without its `null` alternative. */
function nonNull(schema: JsonSchema): JsonSchema {
  const s = deref(schema);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) {
    const first = variants.map(deref).find((v) => v.type !== "null");
    return first ? nonNull(first) : s;
  }
  if (Array.isArray(s.type)) return { ...s, type: s.type.find((t) => t !== "null") };
  return s;
}

/** A valid value for `schema` (required properties only, null where allowed), with ids of `r` in id fields. */
function sample(schema: JsonSchema, r: Resources, name = "(body)"): unknown {
  if (acceptedTypes(schema).has("null")) return null;
  const s = nonNull(schema);
  if (s.default !== undefined) return s.default;
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case "string": {
      if (s.format === "uuid" || name.endsWith("_id")) {
        const fixture = BODY_ID_FIXTURES[name];
        if (!fixture) throw new Error(`No fixture for the body field "${name}": add it to BODY_ID_FIXTURES`);
        return fixture(r);
      }
      if (s.format === "date" || s.pattern === DATE_PATTERN) return TODAY;
      if (s.format === "email") return "echantillon@exemple.fr";
      if (s.pattern) {
        throw new Error(`No sample for the body field "${name}" (pattern ${s.pattern}): give its schema an example`);
      }
      return "Échantillon".padEnd(s.minLength ?? 0, "x").slice(0, s.maxLength ?? 1000);
    }
    case "integer":
    case "number": {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return s.maximum !== undefined ? Math.min(low, s.maximum) : low;
    }
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, r, name));
    case "object":
      return Object.fromEntries((s.required ?? []).map((key) => [key, sample(s.properties?.[key] ?? {}, r, key)]));
    default:
      return "Échantillon";
  }
}

/** JSON types a schema accepts ("integer" counts as "number"). */
function acceptedTypes(schema: JsonSchema): Set<string> {
  const s = deref(schema);
  const out = new Set<string>();
  for (const v of s.anyOf ?? s.oneOf ?? []) for (const t of acceptedTypes(v)) out.add(t);
  for (const t of Array.isArray(s.type) ? s.type : s.type ? [s.type] : []) out.add(t === "integer" ? "number" : t);
  for (const v of [...(s.enum ?? []), ...(s.const !== undefined ? [s.const] : [])]) {
    out.add(v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  }
  return out;
}

const jsonType = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** A value of the wrong type: a number where a string is expected, a string elsewhere. */
function wrongValue(schema: JsonSchema): unknown {
  const types = acceptedTypes(schema);
  const preferred = types.has("string") ? [42, true, [], {}] : ["texte", 42, true, [], {}];
  return preferred.find((v) => !types.has(jsonType(v)));
}

interface WrongField {
  /** Property path; "[]" steps into the first element of an array. */
  path: string[];
  value: unknown;
}

/** One wrong-typed field per property, nested objects and arrays of objects included. */
function wrongFields(schema: JsonSchema, path: string[] = []): WrongField[] {
  const s = nonNull(schema);
  return Object.entries(s.properties ?? {}).flatMap(([key, prop]) => {
    const here = [...path, key];
    const value = wrongValue(prop);
    const own = acceptedTypes(prop).size > 0 && value !== undefined ? [{ path: here, value }] : [];
    const inner = nonNull(prop);
    if (inner.type === "object") return [...own, ...wrongFields(inner, here)];
    if (inner.type === "array" && inner.items && nonNull(inner.items).type === "object") {
      return [...own, ...wrongFields(inner.items, [...here, "[]"])];
    }
    return own;
  });
}

/** A valid body whose field at `path` holds `value`. */
function sampleWith(schema: JsonSchema, r: Resources, path: string[], value: unknown, name = "(body)"): unknown {
  if (path.length === 0) return value;
  const s = nonNull(schema);
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "[]") return [sampleWith(s.items ?? {}, r, rest, value, name)];
  const base = sample(s, r, name) as Record<string, unknown>;
  return { ...base, [head]: sampleWith(s.properties?.[head] ?? {}, r, rest, value, head) };
}

// ---------------------------------------------------------------------------------------------
// Calls and checks

/** Query parameters an operation cannot be called without, by name (the planning's week, the export's period). */
const QUERY_FIXTURES: Record<string, () => string> = {
  week_start: () => mondayOf(TODAY),
  // The invoices' export: today's documents.
  from: () => TODAY,
  to: () => TODAY,
};

function requiredQuery(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const q of op.query) {
    const fixture = QUERY_FIXTURES[q.name];
    if (fixture) query[q.name] = fixture();
  }
  return query;
}

async function call(
  op: Operation,
  options: {
    token?: string;
    ids: Record<string, string>;
    body?: unknown;
    rawBody?: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  },
) {
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.ids[name] ?? ""));
  const query = { ...requiredQuery(op), ...options.query };
  if (Object.keys(query).length > 0) url += `?${new URLSearchParams(query)}`;
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...options.headers };
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  const res = await app.inject({ method: op.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  return { res, url };
}

/** What the validation library and the framework answer in English by default. */
const ENGLISH =
  /Invalid (input|type|string|option|element|key|value|union|format|number|date|enum|literal)|\bexpected\b|\breceived\b|\bRequired\b|Unrecognized|Too (big|small)|\bmust (be|match|have|contain|not)\b|not found|Not Found|URI Too Long|Bad Request|Unsupported Media Type|Body cannot be empty|Unexpected (token|end)|Internal Server Error|Payload Too Large|\bshould\b|\bis (required|not)\b/i;
const ERROR_KEYS = ["code", "details", "error", "message"];

/** A client error in the API's one shape, in French, that does not repeat the URL. */
function expectFrenchClientError(res: LightMyRequestResponse, url: string, status?: number) {
  const where = `${res.statusCode} ${res.body.slice(0, 600)}`;
  if (status !== undefined) expect(res.statusCode, where).toBe(status);
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.headers["content-type"], where).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { error?: unknown; message?: unknown; code?: unknown; details?: unknown };
  expect(ERROR_KEYS, `unexpected keys in ${where}`).toEqual(expect.arrayContaining(Object.keys(body)));
  expect(typeof body.error === "string" && body.error.length > 0, where).toBe(true);
  expect(typeof body.message === "string" && body.message.length > 0, where).toBe(true);
  expect(Object.values(ERROR_CODES), where).toContain(body.code);
  const texts = [body.error, body.message];
  if (body.details !== undefined) {
    expect(Array.isArray(body.details), where).toBe(true);
    for (const d of body.details as { message?: unknown }[]) texts.push(d.message);
  }
  for (const text of texts) {
    expect(typeof text, where).toBe("string");
    expect(text, `English text in ${where}`).not.toMatch(ENGLISH);
  }
  expect(res.body, "the error repeats the URL").not.toContain(url.split("?")[0]);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Two companies, their accounts and resources

const tagA = `isolA${randomUUID().slice(0, 6)}`;
const tagB = `isolB${randomUUID().slice(0, 6)}`;
let companyA: TestCompany;
let companyB: TestCompany;
let adminA: string;
let adminB: string;
let noroleB: string;
/** A SuperAdmin: the malformed calls of SuperAdmin operations are made as one (a company admin gets 403). */
let platformAdmin: string;
let resA: Resources;
let resB: Resources;
/** Every id and unique text of company A: none may reach company B. */
let secretsOfA: string[] = [];
let snapshotA: Record<string, string> = {};

/** Company A as its admin sees it through every permission-guarded read (signed file URLs aside). */
async function snapshotOfA(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const op of OPERATIONS.filter((o) => o.method === "GET" && o.access === "permission")) {
    let ids: Record<string, string>;
    try {
      ids = pathIds(op, resA);
    } catch {
      continue; // reported by "has a fixture for each path parameter"
    }
    const { res } = await call(op, { token: adminA, ids });
    const text = res.headers["content-type"]?.toString().startsWith("application/json")
      ? res.body.replace(/([?&])(exp|sig)=[^&"]*/g, "$1$2=…")
      : createHash("sha256").update(res.rawPayload).digest("hex");
    out[op.label] = `${res.statusCode} ${text}`;
  }
  return out;
}

beforeAll(async () => {
  companyA = await createTestCompany(db, `Isolation A ${tagA}`);
  companyB = await createTestCompany(db, `Isolation B ${tagB}`);
  const loginA = await login(app, companyA.emails.admin);
  adminA = loginA.token;
  adminB = (await login(app, companyB.emails.admin)).token;
  noroleB = (await login(app, companyB.emails.norole)).token;
  platformAdmin = (await login(app, await createTestSuperadmin(db))).token;
  resA = await createResources(adminA, tagA);
  resB = await createResources(adminB, tagB);
  secretsOfA = [
    tagA,
    companyA.id,
    companyA.name,
    loginA.user.id,
    ...Object.values(companyA.emails),
    ...Object.values(resA),
  ];
  snapshotA = await snapshotOfA();
});

// ---------------------------------------------------------------------------------------------

describe("the OpenAPI document", () => {
  it("publishes every /api route of the router (a hidden route would escape this walk)", () => {
    const routes: string[] = [];
    const stack: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
      const m = /^([│ ]*)[├└]── (\S+?)(?: \(([^)]*)\))?$/.exec(line);
      if (!m) continue;
      const depth = (m[1] ?? "").length / 4;
      const full = (stack[depth - 1] ?? "") + m[2];
      stack.length = depth;
      stack.push(full);
      for (const method of m[3]?.split(", ") ?? []) {
        if (method !== "HEAD" && full.startsWith("/api")) routes.push(`${method} ${full.replace(/:(\w+)/g, "{$1}")}`);
      }
    }
    // Routes of different methods on one node with differently named parameters are printed once with
    // the names joined (`{projectId}|{id}`): each route is its method's named operation, if one is.
    const published = new Set(OPERATIONS.map((op) => op.label));
    const asPublished = (route: string) => {
      const names = route.match(/\{\w+\}(\|\{\w+\})+/)?.[0]?.split("|") ?? [];
      return names.map((name) => route.replace(/\{\w+\}(\|\{\w+\})+/, name)).find((r) => published.has(r)) ?? route;
    };
    routes.splice(0, routes.length, ...routes.map(asPublished));
    const documentRoutes = new Set(["GET /api/openapi.json", "GET /api/docs"]);
    expect(routes.length).toBeGreaterThan(documentRoutes.size);
    expect(routes.filter((r) => !documentRoutes.has(r)).sort()).toEqual(OPERATIONS.map((op) => op.label).sort());
  });

  it.each(named(OPERATIONS))("%s publishes its access (x-access, and x-permission(s) from the catalogue)", (_, op) => {
    expect(["public", "signedIn", "permission", "anyPermission", "superadmin"]).toContain(op.access);
    if (op.access === "permission") expect(PERMISSION_CODES.has(op.permission ?? ""), op.permission).toBe(true);
    else expect(op.permission).toBeUndefined();
    if (op.access === "anyPermission") {
      expect(op.permissions?.length).toBeGreaterThan(1);
      for (const code of op.permissions ?? []) expect(PERMISSION_CODES.has(code), code).toBe(true);
    } else expect(op.permissions).toBeUndefined();
  });

  it.each(named(withPathParams))("%s has a fixture for each path parameter", (_, op) => {
    expect(Object.keys(pathIds(op, resA))).toEqual(op.pathParams);
  });

  it("shows each operation's access on the /api/docs page", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/class="acc acc-/g)?.length).toBe(OPERATIONS.length);
    for (const op of OPERATIONS.filter((o) => o.permission)) expect(res.body).toContain(`permission ${op.permission}`);
    for (const op of OPERATIONS.filter((o) => o.permissions)) {
      expect(res.body).toContain(`une permission parmi ${op.permissions?.join(", ")}`);
    }
  });
});

describe("without a token", () => {
  it.each(named(guarded))("%s answers 401", async (_, op) => {
    const { res, url } = await call(op, { ids: randomIds(op) });
    const body = expectFrenchClientError(res, url, 401);
    expect(body).toMatchObject({ code: ERROR_CODES.UNAUTHENTICATED, message: MESSAGES.unauthenticated });
  });
});

describe("another company's ids", () => {
  it.each(named(tenantPaths))("%s answers 404 to company B's admin with company A's ids", async (_, op) => {
    const body = validBody(op, resB);
    const { res, url } = await call(op, { token: adminB, ids: pathIds(op, resA), body });
    expectFrenchClientError(res, url, 404);
    if (op.access === "public") return; // a signed file URL: the signature is the access, checked above without one
    // Control: the same call with B's own ids reaches the resource, so the 404 above is A's ids.
    const own = op.method === "DELETE" ? await createResources(adminB, `${tagB}-del`) : resB;
    const control = await call(op, { token: adminB, ids: pathIds(op, own), body });
    const hint = "control with company B's own ids (a 400 means the body needs a line in BODY_SAMPLES)";
    expect(control.res.statusCode, `${hint}: ${control.res.body.slice(0, 400)}`).toBeLessThan(300);
  });
});

describe("lists", () => {
  it("show company A its own resources (so the search below can find them)", async () => {
    let seen = "";
    for (const op of listReads) seen += (await call(op, { token: adminA, ids: {} })).res.body;
    // A photo is listed under its worksite only (a path parameter): the walk by ids covers it.
    const { workPhotoId: _photo, paymentId: _payment, ...listed } = resA;
    for (const id of Object.values(listed)) expect(seen, id).toContain(id);
  });

  it.each(named(listReads))("%s shows nothing of company A to company B's admin", async (_, op) => {
    const plain = await call(op, { token: adminB, ids: {} });
    expect(plain.res.statusCode, plain.res.body.slice(0, 400)).toBe(200);
    // The same list filtered towards A: its unique tag in text filters, its ids in id filters.
    const filters: Record<string, string> = {};
    for (const q of op.query) {
      if (q.schema.type === "string" && !q.schema.enum && !q.schema.format && !q.schema.pattern) filters[q.name] = tagA;
      const fixture = BODY_ID_FIXTURES[q.name];
      if (fixture) filters[q.name] = fixture(resA);
    }
    const filtered =
      Object.keys(filters).length > 0 ? await call(op, { token: adminB, ids: {}, query: filters }) : null;
    if (filtered) expect(filtered.res.statusCode, filtered.res.body.slice(0, 400)).toBeLessThan(500);
    for (const secret of secretsOfA) {
      expect(plain.res.body, `company A's "${secret}"`).not.toContain(secret);
      if (filtered) expect(filtered.res.body, `company A's "${secret}" (filtered)`).not.toContain(secret);
    }
  });
});

const MALFORMED_BODIES: { kind: string; raw: string }[] = [
  { kind: "null", raw: "null" },
  { kind: "[]", raw: "[]" },
  { kind: '"texte"', raw: '"texte"' },
  { kind: "JSON mal formé", raw: '{"name": ' },
];

describe("malformed bodies", () => {
  const tokenFor = (op: Operation) =>
    op.access === "public" ? undefined : op.access === "superadmin" ? platformAdmin : adminB;
  const idsOf = (op: Operation) => (op.pathParams.length ? pathIds(op, resB) : {});

  it.each(
    named(withJsonBody.flatMap((op) => MALFORMED_BODIES.map((m) => ({ ...m, op, label: `${op.label} — ${m.kind}` })))),
  )("%s answers a French 4xx", async (_, { op, raw }) => {
    const { res, url } = await call(op, { token: tokenFor(op), ids: idsOf(op), rawBody: raw });
    expectFrenchClientError(res, url);
  });

  it.each(named(withJsonBody))("%s — {} answers a French 400 when the schema requires a field", async (_, op) => {
    const { res, url } = await call(op, { token: tokenFor(op), ids: idsOf(op), rawBody: "{}" });
    const required = nonNull(op.body ?? {}).required ?? [];
    if (required.length > 0) expectFrenchClientError(res, url, 400);
    else if (res.statusCode >= 400) expectFrenchClientError(res, url);
    expect(res.statusCode, res.body.slice(0, 400)).toBeLessThan(500);
  });

  it.each(
    named(
      withJsonBody.flatMap((op) =>
        wrongFields(op.body ?? {}).map((field) => ({
          op,
          field,
          label: `${op.label} — ${field.path.join(".").replaceAll(".[]", "[]")}: ${JSON.stringify(field.value)}`,
        })),
      ),
    ),
  )("%s answers a French 400", async (_, { op, field }) => {
    // A valid body (BODY_SAMPLES or derived) with this one field of the wrong type.
    const [head, ...rest] = field.path as [string, ...string[]];
    const base = validBody(op, resB) as Record<string, unknown>;
    const props = nonNull(op.body ?? {}).properties ?? {};
    const body = { ...base, [head]: sampleWith(props[head] ?? {}, resB, rest, field.value, head) };
    const { res, url } = await call(op, { token: tokenFor(op), ids: idsOf(op), body });
    expectFrenchClientError(res, url, 400);
  });
});

describe("malformed path ids", () => {
  const BAD_IDS = [
    { kind: "not a UUID", value: "pas-un-identifiant" },
    { kind: "10,000 characters", value: "a".repeat(10_000) },
  ];
  it.each(
    named(
      withPathParams.flatMap((op) =>
        op.pathParams.flatMap((param) =>
          BAD_IDS.map((bad) => ({ op, param, bad, label: `${op.label} — {${param}} ${bad.kind}` })),
        ),
      ),
    ),
  )("%s answers a French 4xx", async (_, { op, param, bad }) => {
    const body = validBody(op, resB);
    const ids = { ...pathIds(op, resB), [param]: bad.value };
    const token = op.access === "public" ? undefined : op.access === "superadmin" ? platformAdmin : adminB;
    const { res, url } = await call(op, { token, ids, body });
    expectFrenchClientError(res, url);
    expect(res.body, "the error repeats the id").not.toContain(bad.value.slice(0, 100));
  });
});

/** A JSON property of a body, nested objects, arrays of objects and arrays of values included. */
interface Leaf {
  /** Property path; "[]" steps into the first element of an array. */
  path: string[];
  schema: JsonSchema;
}

/** Every property of `schema` down to its values: objects, and the elements of arrays, are walked into. */
function leaves(schema: JsonSchema, path: string[] = []): Leaf[] {
  const s = nonNull(schema);
  return Object.entries(s.properties ?? {}).flatMap(([key, prop]) => {
    const here = [...path, key];
    const inner = nonNull(prop);
    if (inner.type === "object") return leaves(inner, here);
    if (inner.type === "array" && inner.items) {
      const item = nonNull(inner.items);
      return item.type === "object" ? leaves(item, [...here, "[]"]) : [{ path: [...here, "[]"], schema: item }];
    }
    return [{ path: here, schema: prop }];
  });
}

const isDateField = (schema: JsonSchema) => {
  const s = nonNull(schema);
  return s.type === "string" && (s.format === "date" || s.pattern === DATE_PATTERN);
};
const isNumberField = (schema: JsonSchema) => ["number", "integer"].includes(String(nonNull(schema).type));
const isTextField = (schema: JsonSchema) => acceptedTypes(schema).has("string");

/** PostgreSQL text cannot hold U+0000: a string carrying it (docs/domain/api.md#text). */
const WITH_NUL = "Échan\u0000tillon";
/** Beyond every column (numeric(12,2) holds 9 999 999 999,99). */
const HUGE = 1e308;
/**
 * Not a business day: a month 13, a word, the French writing, a day the month lacks, a year PostgreSQL
 * lacks, a day whose term or week runs past four digits (issue 31).
 */
const BAD_DATES = ["2026-13-02", "lundi", "02/03/2026", "2026-02-30", "0000-01-03", "9999-12-27"];

const pathLabel = (path: string[]) => path.join(".").replaceAll(".[]", "[]");

/** A valid body (BODY_SAMPLES or derived) whose field at `path` holds `value`. */
function bodyWith(op: Operation, path: string[], value: unknown): unknown {
  const [head, ...rest] = path as [string, ...string[]];
  const base = validBody(op, resB) as Record<string, unknown>;
  const props = nonNull(op.body ?? {}).properties ?? {};
  return { ...base, [head]: sampleWith(props[head] ?? {}, resB, rest, value, head) };
}

/**
 * `base` (a valid body) with every number at its published maximum and every list of objects as long as
 * published (500 lines of the largest figures): what the server computes from them (a line's total, a
 * document's) must fit its columns or be refused, never fail in the database.
 */
function largest(schema: JsonSchema, base: unknown, r: Resources): unknown {
  const s = nonNull(schema);
  if (s.type !== "object" || !base || typeof base !== "object" || Array.isArray(base)) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    const inner = nonNull(prop);
    if (isNumberField(inner) && inner.maximum !== undefined) out[key] = inner.maximum;
    else if (inner.type === "object" && out[key]) out[key] = largest(inner, out[key], r);
    else if (inner.type === "array" && inner.items && nonNull(inner.items).type === "object") {
      const current = Array.isArray(out[key]) ? (out[key] as unknown[]) : [];
      const first = current[0] ?? sample(inner.items, r, key);
      const length = Math.min((inner as { maxItems?: number }).maxItems ?? 1, 500);
      out[key] = Array.from({ length }, () => largest(inner.items ?? {}, first, r));
    }
  }
  return out;
}

describe("hostile values (issue 31: never a 500 on bad input)", () => {
  const tokenFor = (op: Operation) =>
    op.access === "public" ? undefined : op.access === "superadmin" ? platformAdmin : adminB;
  const idsOf = (op: Operation) => (op.pathParams.length ? pathIds(op, resB) : {});
  /** The raw file of a CSV import is its parser's (its cells are checked line by line). */
  const bodyLeaves = (op: Operation) => leaves(op.body ?? {}).filter((leaf) => leaf.path[0] !== "csv");

  const cases = (pick: (leaf: Leaf) => boolean, values: unknown[], kind: string) =>
    named(
      withJsonBody.flatMap((op) =>
        bodyLeaves(op)
          .filter(pick)
          .flatMap((leaf) =>
            values.map((value) => ({
              op,
              leaf,
              value,
              label: `${op.label} — ${pathLabel(leaf.path)}: ${kind === "date" ? JSON.stringify(value) : kind}`,
            })),
          ),
      ),
    );

  it.each(cases((l) => isTextField(l.schema), [WITH_NUL], "U+0000"))(
    "%s answers a French 400 on that field",
    async (_, { op, leaf, value }) => {
      const { res, url } = await call(op, {
        token: tokenFor(op),
        ids: idsOf(op),
        body: bodyWith(op, leaf.path, value),
      });
      const body = expectFrenchClientError(res, url, 400);
      expect(body.details, res.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: leaf.path.join(".").replaceAll("[]", "0") })]),
      );
    },
  );

  it.each(cases((l) => isNumberField(l.schema), [HUGE], "1e308"))(
    "%s answers a French 400",
    async (_, { op, leaf, value }) => {
      const { res, url } = await call(op, {
        token: tokenFor(op),
        ids: idsOf(op),
        body: bodyWith(op, leaf.path, value),
      });
      expectFrenchClientError(res, url, 400);
    },
  );

  it.each(cases((l) => isDateField(l.schema), BAD_DATES, "date"))(
    "%s answers a French 400",
    async (_, { op, leaf, value }) => {
      const { res, url } = await call(op, {
        token: tokenFor(op),
        ids: idsOf(op),
        body: bodyWith(op, leaf.path, value),
      });
      expectFrenchClientError(res, url, 400);
    },
  );

  it.each(
    named(
      withJsonBody
        .filter((op) => leaves(op.body ?? {}).some((l) => isNumberField(l.schema)))
        .map((op) => ({ op, label: `${op.label} — every number at its maximum` })),
    ),
  )("%s never answers a 500", async (_, { op }) => {
    const body = largest(op.body ?? {}, validBody(op, resB), resB);
    const { res, url } = await call(op, { token: tokenFor(op), ids: idsOf(op), body });
    if (res.statusCode >= 400) expectFrenchClientError(res, url);
    expect(res.statusCode, res.body.slice(0, 400)).toBeLessThan(500);
  });

  const queryCases = named(
    OPERATIONS.flatMap((op) =>
      op.query.flatMap((q) => {
        const values: { value: string; kind: string }[] = [];
        if (isDateField(q.schema)) for (const d of BAD_DATES) values.push({ value: d, kind: JSON.stringify(d) });
        else if (isNumberField(q.schema)) values.push({ value: "1e308", kind: "1e308" });
        if (isTextField(q.schema) || isDateField(q.schema)) values.push({ value: WITH_NUL, kind: "U+0000" });
        return values.map((v) => ({ op, name: q.name, ...v, label: `${op.label} — ?${q.name}=${v.kind}` }));
      }),
    ),
  );

  it.each(queryCases)("%s answers a French 400", async (_, { op, name, value }) => {
    const { res, url } = await call(op, { token: tokenFor(op), ids: idsOf(op), query: { [name]: value } });
    expectFrenchClientError(res, url, 400);
  });

  it.each(
    named(
      withPathParams.flatMap((op) =>
        op.pathParams.map((param) => ({ op, param, label: `${op.label} — {${param}} with U+0000` })),
      ),
    ),
  )("%s answers a French 4xx", async (_, { op, param }) => {
    const ids = { ...pathIds(op, resB), [param]: `${pathIds(op, resB)[param]}\u0000` };
    const { res, url } = await call(op, { token: tokenFor(op), ids, body: validBody(op, resB) });
    expectFrenchClientError(res, url);
  });
});

describe("the published access is the one enforced", () => {
  const tokenByPermission = new Map<string, string>();
  let superadmin: string | undefined;

  beforeAll(async () => {
    for (const code of new Set(
      OPERATIONS.flatMap((op) => [...(op.permission ? [op.permission] : []), ...(op.permissions ?? [])]),
    )) {
      const email = await createTestUserWithPermissions(db, companyB.id, [code]);
      tokenByPermission.set(code, (await login(app, email)).token);
    }
    if (OPERATIONS.some((op) => op.access === "superadmin")) {
      superadmin = (await login(app, await createTestSuperadmin(db))).token;
    }
  });

  it.each(named(OPERATIONS.filter((op) => ["permission", "anyPermission", "superadmin"].includes(op.access ?? ""))))(
    "%s answers 403 to a user without its access (no role; a company admin for SuperAdmin operations)",
    async (_, op) => {
      const token = op.access === "superadmin" ? adminB : noroleB;
      const { res, url } = await call(op, { token, ids: randomIds(op) });
      const body = expectFrenchClientError(res, url, 403);
      expect(body.code).toBe(ERROR_CODES.FORBIDDEN);
    },
  );

  // Public operations are left out: some read a token themselves (logout, refresh) and answer 401.
  // « One of these permissions »: each of them alone gets through.
  it.each(named(guarded))("%s lets a user holding exactly its published access through", async (_, op) => {
    const tokens =
      op.access === "permission"
        ? [tokenByPermission.get(op.permission ?? "")]
        : op.access === "anyPermission"
          ? (op.permissions ?? []).map((code) => tokenByPermission.get(code))
          : op.access === "superadmin"
            ? [superadmin]
            : [noroleB];
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(token, `no account for ${op.access} ${op.permission ?? op.permissions?.join(" ") ?? ""}`).toBeDefined();
      // Unknown ids: the call passes the access checks (route and service) and stops at a 404.
      const body = validBody(op, resB);
      const { res } = await call(op, { token, ids: randomIds(op), body });
      expect([401, 403], `${res.statusCode} ${res.body.slice(0, 400)}`).not.toContain(res.statusCode);
      expect(res.statusCode, res.body.slice(0, 400)).toBeLessThan(500);
    }
  });
});

/**
 * The PUTs and PATCHes that are not versioned (ADR 0024), each with its reason: an action guarded by
 * its own rules, or what one person alone edits. Every other save must publish `If-Match`.
 */
const UNVERSIONED: Record<string, string> = {
  "PATCH /api/account": "« Mon compte »: its owner alone edits it",
  "PATCH /api/invoices/{id}/status": "a status change, guarded by the transitions of the invoice",
  "PATCH /api/projects/{id}/schedule": "a move of the planning, checked against its clashes when it is made",
  "PATCH /api/superadmin/companies/{id}": "the platform's plan and suspension: actions of the SuperAdmin",
  "PUT /api/project-tasks/{id}": "a tick: the state said last wins (the phone's offline mode replays ticks)",
};

describe("versioned saves (ADR 0024)", () => {
  const versioned = OPERATIONS.filter((op) => op.versioned);

  it("every PUT and PATCH is versioned, but the listed exceptions", () => {
    const saves = OPERATIONS.filter((op) => op.method === "PUT" || op.method === "PATCH").map((op) => op.label);
    expect(versioned.map((op) => op.label).sort()).toEqual(saves.filter((label) => !UNVERSIONED[label]).sort());
    for (const label of Object.keys(UNVERSIONED)) expect(saves, `${label} is no longer a save`).toContain(label);
  });

  it.each(named(versioned))(
    "%s: no version → 200, the current one → 200, a replaced one → 409, two saves of one version → one wins",
    async (_, op) => {
      const ids = pathIds(op, resB);
      const body = validBody(op, resB);
      const save = (version?: string) =>
        call(op, { token: adminB, ids, body, headers: version ? { "if-match": version } : {} });
      const etag = (res: LightMyRequestResponse) => {
        const tag = res.headers.etag;
        expect(tag, `${op.label} answers its version as ETag`).toMatch(/^".+"$/);
        return tag as string;
      };

      // A client written against the spec sends no version: nothing is checked.
      const plain = await save();
      expect(plain.res.statusCode, plain.res.body.slice(0, 400)).toBe(200);
      const first = etag(plain.res);

      const current = await save(first);
      expect(current.res.statusCode, current.res.body.slice(0, 400)).toBe(200);
      const second = etag(current.res);
      expect(second, "a save makes a new version").not.toBe(first);

      const stale = await save(first);
      const refused = expectFrenchClientError(stale.res, stale.url, 409);
      expect(refused.code).toBe(ERROR_CODES.STALE_VERSION);
      expect(refused.error).toBe(MESSAGES.staleVersion);

      const race = await Promise.all([save(second), save(second)]);
      expect(race.map((r) => r.res.statusCode).sort(), race.map((r) => r.res.body.slice(0, 200)).join(" | ")).toEqual([
        200, 409,
      ]);
    },
  );
});

describe("company A after the walk", () => {
  it("is unchanged: every read of its admin answers as before", async () => {
    expect(Object.keys(snapshotA).length).toBeGreaterThan(0);
    expect(await snapshotOfA()).toEqual(snapshotA);
  });
});
