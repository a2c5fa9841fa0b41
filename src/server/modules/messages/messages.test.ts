import {
  bearer,
  createTestCompany,
  createTestSuperadmin,
  login,
  setupApp,
  type TestCompany,
} from "@server/test/helpers";
import { COMPANY_TEXTS } from "@shared/company-rules";
import { DEFAULT_TEMPLATES, MESSAGE_TEXTS, TEMPLATE_KINDS } from "@shared/message-rules";
import type { MessageDetail, MessageTemplates, OutboxResponse } from "@shared/messages";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { publicUrl } from "./mail-config";
import { enqueueMessage } from "./mailer";
import { messagesOfDocument } from "./messages.service";

const { app, db } = await setupApp();
let company: TestCompany;
let other: TestCompany;
let admin: string;
let chef: string;
let compagnon: string;
let otherAdmin: string;
let quoteId: string;
let withAttachment: string;
let withoutAttachment: string;
const PDF = Buffer.from("%PDF-1.4\n% pièce jointe de test\n%%EOF\n");

type Method = "GET" | "PUT" | "POST";
const api = (token: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function outbox(token: string, query = ""): Promise<OutboxResponse> {
  const res = await api(token, "GET", `/api/outbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  company = await createTestCompany(db, "Messagerie SARL");
  other = await createTestCompany(db, "Autre messagerie");
  const signedIn = await login(app, company.emails.admin);
  admin = signedIn.token;
  chef = (await login(app, company.emails.chef)).token;
  compagnon = (await login(app, company.emails.compagnon)).token;
  otherAdmin = (await login(app, other.emails.admin)).token;
  const client = await api(admin, "POST", "/api/clients", { name: "Client Courrier", email: "client@exemple.fr" });
  const quote = await api(admin, "POST", "/api/quotes", {
    name: "Salle de bains",
    client_id: client.json().id,
    date: new Date().toISOString().slice(0, 10),
    items: [{ name: "Pose", quantity: 1, unit: "forfait", unit_price: 100, tax_rate: 20 }],
  });
  expect(quote.statusCode, quote.body).toBe(201);
  quoteId = quote.json().id;
  const createdBy = { id: signedIn.user.id, name: "Test admin" };
  withAttachment = await db.run({ companyId: company.id }, async (tx) => {
    const { id } = await enqueueMessage(tx, {
      companyId: company.id,
      kind: "quote_send",
      to: [" Client@Exemple.fr "],
      cc: ["associe@exemple.fr"],
      subject: "Devis à signer",
      body: "Bonjour,\n\nVoici le devis.",
      document: { type: "quote", id: quoteId },
      attachment: { name: "devis.pdf", contentType: "application/pdf", content: PDF },
      createdBy,
    });
    return id;
  });
  withoutAttachment = await db.run({ companyId: company.id }, async (tx) => {
    const { id } = await enqueueMessage(tx, {
      companyId: company.id,
      kind: "invoice_reminder",
      to: ["comptable@exemple.fr"],
      subject: "Relance facture",
      body: "Merci de régler la facture.",
      createdBy,
    });
    return id;
  });
});

describe("the outbox (GET /api/outbox, /api/outbox/:id, /api/outbox/:id/attachment)", () => {
  it("lists the company's messages newest first, kept in the app with no SMTP server (sent at once)", async () => {
    const list = await outbox(admin);
    const ids = list.data.map((m) => m.id);
    expect(ids.indexOf(withoutAttachment)).toBeLessThan(ids.indexOf(withAttachment));
    const sent = list.data.find((m) => m.id === withAttachment);
    expect(sent).toMatchObject({
      kind: "quote_send",
      status: "sent",
      transport: "outbox",
      to: ["client@exemple.fr"],
      cc: ["associe@exemple.fr"],
      subject: "Devis à signer",
      attachment_name: "devis.pdf",
      attempts: 0,
      error: null,
      created_by_name: "Test admin",
    });
    expect(sent?.document).toMatchObject({ type: "quote", id: quoteId });
    expect(sent?.document?.reference).toMatch(/^DEV-/);
    expect(sent?.sent_at).not.toBeNull();
    expect(list.meta).toMatchObject({ page: 1, limit: 50 });
    expect(list.meta.total).toBeGreaterThanOrEqual(2);
  });

  it("searches the recipients and the subject, filters by status and kind, pages", async () => {
    expect((await outbox(admin, "?search=COMPTABLE")).data.map((m) => m.id)).toEqual([withoutAttachment]);
    expect((await outbox(admin, "?search=associe@")).data.map((m) => m.id)).toEqual([withAttachment]);
    expect((await outbox(admin, `?search=${encodeURIComponent("à signer")}`)).data.map((m) => m.id)).toEqual([
      withAttachment,
    ]);
    expect((await outbox(admin, "?search=100%25")).data).toEqual([]);
    expect((await outbox(admin, "?kind=invoice_reminder")).data.map((m) => m.id)).toEqual([withoutAttachment]);
    expect((await outbox(admin, "?status=failed")).data).toEqual([]);
    const page2 = await outbox(admin, "?limit=1&page=2");
    expect(page2.data).toHaveLength(1);
    expect(page2.meta.total).toBeGreaterThanOrEqual(2);
    expect((await outbox(admin, "?limit=1&page=99")).meta.total).toBe(page2.meta.total);
    const bad = await api(admin, "GET", "/api/outbox?status=perdu");
    expect(bad.statusCode).toBe(400);
  });

  it("says each filter's total as counting the messages would, as messages are written and change status", async () => {
    const actual = async (where: string) =>
      db.run("platform", async (tx) => {
        const rows = await tx.execute<{ n: number }>(
          sql.raw(`SELECT count(*)::int AS n FROM outbox_messages WHERE company_id = '${company.id}' ${where}`),
        );
        return rows.rows[0]?.n ?? -1;
      });
    const check = async () => {
      for (const [query, where] of [
        ["", ""],
        ["?kind=quote_send", "AND kind = 'quote_send'"],
        ["?status=pending", "AND status = 'pending'"],
        ["?status=failed&kind=invoice_send", "AND status = 'failed' AND kind = 'invoice_send'"],
      ] as const) {
        expect((await outbox(admin, query)).meta.total, query).toBe(await actual(where));
        // Past the last page too.
        expect((await outbox(admin, `${query}${query ? "&" : "?"}page=500`)).meta.total, query).toBe(
          await actual(where),
        );
      }
    };
    await check();
    // Three more in one statement (as a delivery, an import would), one of them then failed and one deleted.
    const ids = await db.run("platform", async (tx) => {
      const rows = await tx.execute<{ id: string }>(sql`
        INSERT INTO outbox_messages (company_id, kind, status, transport, to_addresses, subject, body, search_text)
        SELECT ${company.id}, k, 'pending', 'smtp', ARRAY['a@exemple.fr'], 'Compté', 'Corps', 'compté'
        FROM unnest(ARRAY['invoice_send', 'invoice_send', 'quote_send']) AS k RETURNING id`);
      return rows.rows.map((r) => r.id);
    });
    await check();
    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE outbox_messages SET status = 'failed', attempts = 5 WHERE id = ${ids[0]}`),
    );
    await db.run("platform", (tx) => tx.execute(sql`UPDATE outbox_messages SET attempts = 2 WHERE id = ${ids[1]}`));
    await db.run("platform", (tx) => tx.execute(sql`DELETE FROM outbox_messages WHERE id IN (${ids[1]}, ${ids[2]})`));
    await check();
    // The other company's counts are its own.
    expect((await outbox(otherAdmin)).meta.total).toBe(
      await db.run("platform", async (tx) => {
        const rows = await tx.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM outbox_messages WHERE company_id = ${other.id}`,
        );
        return rows.rows[0]?.n ?? -1;
      }),
    );
  });

  it("shows a message with its body, and its attachment's stored bytes", async () => {
    const res = await api(admin, "GET", `/api/outbox/${withAttachment}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MessageDetail).body).toBe("Bonjour,\n\nVoici le devis.");
    const file = await api(admin, "GET", `/api/outbox/${withAttachment}/attachment`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toContain('filename="devis.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const none = await api(admin, "GET", `/api/outbox/${withoutAttachment}/attachment`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MESSAGE_TEXTS.notFound);
  });

  it("is the administrators' (admin:access): 403 for a Chef d'équipe and a Compagnon", async () => {
    for (const token of [chef, compagnon]) {
      for (const url of [
        "/api/outbox",
        "/api/outbox/transport",
        `/api/outbox/${withAttachment}`,
        `/api/outbox/${withAttachment}/attachment`,
      ]) {
        expect((await api(token, "GET", url)).statusCode, url).toBe(403);
      }
    }
  });

  it("answers 404 for another company's message, and lists none of them", async () => {
    for (const url of [
      `/api/outbox/${withAttachment}`,
      `/api/outbox/${withAttachment}/attachment`,
      "/api/outbox/abc",
    ]) {
      const res = await api(otherAdmin, "GET", url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(MESSAGE_TEXTS.notFound);
    }
    const theirs = await outbox(otherAdmin);
    expect(theirs.data.map((m) => m.id)).not.toContain(withAttachment);
    expect((await outbox(otherAdmin, "?search=exemple")).data).toEqual([]);
  });

  it("says where the messages go: the in-app outbox with no SMTP server", async () => {
    const res = await api(admin, "GET", "/api/outbox/transport");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ transport: "outbox" });
  });
});

describe("enqueueMessage (the mailer's contract)", () => {
  const base = { kind: "quote_send" as const, subject: "Objet", body: "Texte" };
  const attempt = (message: Partial<Parameters<typeof enqueueMessage>[1]>) =>
    db.run({ companyId: company.id }, (tx) =>
      enqueueMessage(tx, { ...base, companyId: company.id, to: ["a@exemple.fr"], ...message }),
    );

  it("refuses an invalid address, a line break in the subject, an empty body (400, nothing written)", async () => {
    const before = (await outbox(admin)).meta.total;
    const cases: [Partial<Parameters<typeof enqueueMessage>[1]>, string][] = [
      [{ to: ["pas-une-adresse"] }, MESSAGE_TEXTS.recipientInvalid],
      [{ to: ["a@exemple.fr\r\nBcc: espion@exemple.fr"] }, MESSAGE_TEXTS.recipientInvalid],
      [{ to: ["Espion <espion@exemple.fr>"] }, MESSAGE_TEXTS.recipientInvalid],
      [{ cc: ["a@exemple.fr, b@exemple.fr"] }, MESSAGE_TEXTS.recipientInvalid],
      [{ to: [] }, MESSAGE_TEXTS.recipientRequired],
      [{ subject: "Objet\r\nBcc: espion@exemple.fr" }, MESSAGE_TEXTS.subjectInvalid],
      [{ subject: "Objet\nX-Injecte: oui" }, MESSAGE_TEXTS.subjectInvalid],
      [{ body: "  " }, MESSAGE_TEXTS.bodyRequired],
    ];
    for (const [message, text] of cases) {
      await expect(attempt(message), JSON.stringify(message)).rejects.toMatchObject({ statusCode: 400, message: text });
    }
    expect((await outbox(admin)).meta.total).toBe(before);
  });

  it("refuses a document that is not the company's", async () => {
    await expect(
      db.run({ companyId: other.id }, (tx) =>
        enqueueMessage(tx, {
          ...base,
          companyId: other.id,
          to: ["a@exemple.fr"],
          document: { type: "quote", id: quoteId },
        }),
      ),
    ).rejects.toThrow();
  });

  it("keeps a file name as a header may carry it", async () => {
    const { id } = await attempt({
      attachment: { name: 'de"vis\r\n/../x.pdf', contentType: "text/html\r\nX: y", content: PDF },
    });
    const file = await api(admin, "GET", `/api/outbox/${id}/attachment`);
    expect(file.headers["content-type"]).toBe("application/octet-stream");
    expect(file.headers["content-disposition"]).not.toMatch(/[\r\n]/);
    expect((await api(admin, "GET", `/api/outbox/${id}`)).json().attachment_name).toBe("de_vis___.._x.pdf");
  });

  it("lists a document's messages (messagesOfDocument, for the quotes' and invoices' pages)", async () => {
    const mine = await db.run({ companyId: company.id }, (tx) => messagesOfDocument(tx, company.id, "quote", quoteId));
    expect(mine.map((m) => m.id)).toEqual([withAttachment]);
    const theirs = await db.run({ companyId: other.id }, (tx) => messagesOfDocument(tx, other.id, "quote", quoteId));
    expect(theirs).toEqual([]);
  });
});

describe("the accounts' links are mailed too (docs/domain/messages.md#accounts-mails)", () => {
  const tokenOf = (path: string) => path.split("/").pop() ?? "";
  /** No column of the company's outbox holds any of `tokens` (the body, the sealed link, anything). */
  async function expectNoTokenStored(companyId: string, tokens: string[]) {
    const rows = await db.run({ companyId }, (tx) =>
      tx.execute<{ row: string }>(sql`SELECT m::text AS row FROM outbox_messages m WHERE company_id = ${companyId}`),
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { row } of rows.rows) for (const token of tokens) expect(row).not.toContain(token);
  }

  async function lastOfKind(token: string, kind: string) {
    const list = await outbox(token, `?kind=${kind}&limit=1`);
    const [first] = list.data;
    if (!first) throw new Error(`no ${kind} message`);
    return (await api(token, "GET", `/api/outbox/${first.id}`)).json() as MessageDetail;
  }

  it("an invitation and a new invitation send the link's full URL to the person", async () => {
    const email = `invitee-${Date.now()}@exemple.fr`;
    const invited = await api(admin, "POST", "/api/company/users/invitations", {
      email,
      full_name: "Invitée Courrier",
      role_ids: [],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { user, link } = invited.json() as { user: { id: string }; link: { path: string } };
    const message = await lastOfKind(admin, "invitation");
    expect(message).toMatchObject({ to: [email], status: "sent", kind: "invitation", document: null });
    expect(message.subject).toContain(company.name);
    expect(message.subject).not.toContain(link.path.split("/").pop());
    expect(message.body).toContain("Bonjour Invitée Courrier,");
    // The link is named with its token masked: the stored message never holds it (issue 31); the
    // route's answer (the dialog's link to copy) and the mail sent by SMTP (delivery.test.ts) carry it.
    expect(publicUrl(link.path)).toMatch(/^https?:\/\/[^/]+\/invitation\/[A-Za-z0-9_-]{43}$/);
    expect(message.body).toContain(publicUrl("/invitation/[masqué]"));
    expect(message.body).not.toContain(tokenOf(link.path));

    const again = await api(admin, "POST", `/api/company/users/${user.id}/invitation`);
    expect(again.statusCode, again.body).toBe(201);
    const second = await lastOfKind(admin, "invitation");
    expect(second.id).not.toBe(message.id);
    expect(second.body).toContain(publicUrl("/invitation/[masqué]"));
    expect(second.body).not.toContain(tokenOf(again.json().link.path));
    await expectNoTokenStored(company.id, [tokenOf(link.path), tokenOf(again.json().link.path)]);
  });

  it("a password reset link is mailed to the user", async () => {
    const people = await api(admin, "GET", "/api/company/users?search=compagnon");
    const userId = people.json().data[0].id as string;
    const res = await api(admin, "POST", `/api/company/users/${userId}/password-reset`);
    expect(res.statusCode, res.body).toBe(201);
    const message = await lastOfKind(admin, "password_reset");
    expect(message.to).toEqual([company.emails.compagnon]);
    expect(message.body).toContain(publicUrl("/reinitialiser/[masqué]"));
    expect(message.body).not.toContain(tokenOf(res.json().path));
    await expectNoTokenStored(company.id, [tokenOf(res.json().path)]);
  });

  it("a new company's first administrator gets the SuperAdmin's invitation in the company's outbox", async () => {
    const superadmin = (await login(app, await createTestSuperadmin(db))).token;
    const email = `premier-${Date.now()}@exemple.fr`;
    const created = await api(superadmin, "POST", "/api/superadmin/companies", {
      name: `Nouvelle ${Date.now()}`,
      plan: "standard",
      admin: { email, full_name: "Premier Admin" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { company: made, link } = created.json() as { company: { id: string }; link: { path: string } };
    const rows = await db.run({ companyId: made.id }, (tx) =>
      tx.execute<{ to_addresses: string[]; body: string }>(
        sql`SELECT to_addresses, body FROM outbox_messages WHERE company_id = ${made.id}`,
      ),
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.to_addresses).toEqual([email]);
    expect(rows.rows[0]?.body).toContain(publicUrl("/invitation/[masqué]"));
    await expectNoTokenStored(made.id, [tokenOf(link.path)]);
  });
});

describe("the templates (GET / PUT /api/company/message-templates)", () => {
  const url = "/api/company/message-templates";

  it("answers the defaults while never saved", async () => {
    const res = await api(otherAdmin, "GET", url);
    expect(res.statusCode, res.body).toBe(200);
    // With their version (ADR 0024).
    expect(res.json()).toEqual({ ...DEFAULT_TEMPLATES, updated_at: expect.any(String) });
  });

  it("saves the four templates and reads them back; the other company keeps the defaults", async () => {
    const templates = Object.fromEntries(
      TEMPLATE_KINDS.map((kind) => [kind, { subject: ` Objet ${kind} {reference} `, body: `Texte ${kind}\n{client}` }]),
    ) as MessageTemplates;
    const res = await api(admin, "PUT", url, templates);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quote_send).toEqual({
      subject: "Objet quote_send {reference}",
      body: "Texte quote_send\n{client}",
    });
    expect((await api(admin, "GET", url)).json()).toEqual(res.json());
    expect((await api(otherAdmin, "GET", url)).json()).toEqual({
      ...DEFAULT_TEMPLATES,
      updated_at: expect.any(String),
    });
  });

  it("refuses a subject on two lines, an empty body, a missing template (400)", async () => {
    const bad = (patch: object) => ({ ...DEFAULT_TEMPLATES, ...patch });
    const cases: [object, string][] = [
      [bad({ quote_send: { subject: "Devis\r\nBcc: x@exemple.fr", body: "Texte" } }), MESSAGE_TEXTS.subjectInvalid],
      [bad({ invoice_send: { subject: "Facture", body: "  " } }), MESSAGE_TEXTS.bodyRequired],
      [bad({ quote_reminder: { subject: "", body: "Texte" } }), MESSAGE_TEXTS.subjectRequired],
    ];
    for (const [body, message] of cases) {
      const res = await api(admin, "PUT", url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const { invoice_reminder: _missing, ...three } = DEFAULT_TEMPLATES;
    expect((await api(admin, "PUT", url, three)).statusCode).toBe(400);
  });

  it("follows the settings' permissions: a Chef d'équipe neither reads nor changes them", async () => {
    expect((await api(chef, "GET", url)).statusCode).toBe(403);
    expect((await api(chef, "PUT", url, DEFAULT_TEMPLATES)).statusCode).toBe(403);
  });
});

describe("reminder_after_days in the commercial settings", () => {
  const settings = { quote_validity_days: 30, terms_and_conditions: null };

  it("is 7 days by default, kept when absent, 1 to 90", async () => {
    expect((await api(otherAdmin, "GET", "/api/company/settings")).json().reminder_after_days).toBe(7);
    const set = await api(otherAdmin, "PUT", "/api/company/settings", { ...settings, reminder_after_days: 14 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().reminder_after_days).toBe(14);
    const kept = await api(otherAdmin, "PUT", "/api/company/settings", settings);
    expect(kept.json().reminder_after_days).toBe(14);
    for (const days of [0, 91, 2.5, "abc"]) {
      const res = await api(otherAdmin, "PUT", "/api/company/settings", { ...settings, reminder_after_days: days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.body).toContain(COMPANY_TEXTS.reminderRange);
    }
    for (const days of [1, 90]) {
      const res = await api(otherAdmin, "PUT", "/api/company/settings", { ...settings, reminder_after_days: days });
      expect(res.json().reminder_after_days).toBe(days);
    }
  });
});
