import { randomBytes } from "node:crypto";
import { bearer, createTestCompany, login, setupApp, type TestCompany } from "@server/test/helpers";
import { MESSAGE_TEXTS } from "@shared/message-rules";
import { sql } from "drizzle-orm";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDelivery, type Delivery, failureReason } from "./delivery";
import { configureMail, publicUrl } from "./mail-config";
import { enqueueMessage } from "./mailer";

/**
 * SMTP delivery against a real SMTP server started here (smtp-server, by the authors of nodemailer):
 * what reaches it, the retries, the failures, two loops at once, the nudge at commit and a clean stop.
 */

const { app, db } = await setupApp();
const PASSWORD = "s3cret-smtp-pass";
const FROM = "Propulse <no-reply@propulse.test>";
const PDF = Buffer.from(`%PDF-1.4\n${"contenu du devis ".repeat(40)}\n%%EOF\n`);

interface Received {
  from: string;
  rcpt: string[];
  raw: string;
}
const received: Received[] = [];
/** How many next tries the server refuses, before accepting again; Infinity: always. */
let refusals = 0;
/** How it refuses: 451 (try again later) or 550 (never: the mailbox does not exist). */
let refusal = { code: 451, text: "4.3.0 Boîte aux lettres indisponible" };
let tries = 0;

const options: SMTPServerOptions = {
  authOptional: false,
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === "propulse" && auth.password === PASSWORD) callback(null, { user: "propulse" });
    else callback(new Error("Identifiants refusés"));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      tries += 1;
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
        callback(error);
        return;
      }
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        rcpt: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback(null);
    });
  },
};
const server = new SMTPServer(options);
let smtpUrl = "";
let company: TestCompany;
let restore: ReturnType<typeof configureMail>;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no SMTP port");
  smtpUrl = `smtp://propulse:${PASSWORD}@127.0.0.1:${address.port}`;
  restore = configureMail({ smtp: { url: smtpUrl, from: FROM } });
  company = await createTestCompany(db, "Courrier SMTP");
  await db.run("platform", (tx) =>
    tx.execute(sql`UPDATE companies SET email_contact = 'contact@courrier-smtp.fr' WHERE id = ${company.id}`),
  );
});

afterAll(async () => {
  // Nothing of this file stays in the queue for another loop.
  await db.run("platform", (tx) =>
    tx.execute(
      sql`UPDATE outbox_messages SET status = 'failed' WHERE company_id = ${company.id} AND status = 'pending'`,
    ),
  );
  configureMail(restore);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  refusals = 0;
  refusal = { code: 451, text: "4.3.0 Boîte aux lettres indisponible" };
  tries = 0;
});

async function enqueue(subject = "Devis DEV-2026-0001 — Courrier", attachment = true) {
  return db.run({ companyId: company.id }, async (tx) => {
    const { id } = await enqueueMessage(tx, {
      companyId: company.id,
      kind: "quote_send",
      to: ["client@exemple.fr"],
      cc: ["associe@exemple.fr"],
      subject,
      body: "Bonjour Client,\n\nVeuillez trouver ci-joint notre devis.\n\nCordialement,",
      attachment: attachment ? { name: "devis-DEV-2026-0001.pdf", contentType: "application/pdf", content: PDF } : null,
    });
    return id;
  });
}

async function stateOf(id: string) {
  const result = await db.run({ companyId: company.id }, (tx) =>
    tx.execute<{
      status: string;
      transport: string;
      attempts: number;
      last_error: string | null;
      next_attempt_at: Date | null;
      sent_at: Date | null;
    }>(
      sql`SELECT status, transport, attempts, last_error, next_attempt_at, sent_at FROM outbox_messages WHERE id = ${id}`,
    ),
  );
  const row = result.rows[0];
  if (!row) throw new Error("message not found");
  return row;
}

const delivery = (retryDelaysMs: readonly number[] = [0, 0]): Delivery =>
  createDelivery(db, { smtp: { url: smtpUrl, from: FROM }, retryDelaysMs });

describe("SMTP delivery", () => {
  it("waits pending, then delivers the message with its attachment's bytes and the company's Reply-To", async () => {
    const id = await enqueue();
    expect(await stateOf(id)).toMatchObject({ status: "pending", transport: "smtp", attempts: 0 });
    const loop = delivery();
    expect(await loop.runOnce()).toBeGreaterThanOrEqual(1);
    await loop.stop();
    expect(await stateOf(id)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect((await stateOf(id)).sent_at).not.toBeNull();

    const mail = received.find((r) => r.raw.includes("DEV-2026-0001"));
    if (!mail) throw new Error("not received");
    expect(mail.from).toBe("no-reply@propulse.test");
    expect(mail.rcpt.sort()).toEqual(["associe@exemple.fr", "client@exemple.fr"]);
    const headers = mail.raw.split("\r\n\r\n")[0] ?? "";
    expect(headers).toMatch(/^Reply-To: contact@courrier-smtp\.fr$/m);
    expect(headers).toMatch(/^To: client@exemple\.fr$/m);
    expect(headers).toMatch(/^Cc: associe@exemple\.fr$/m);
    expect(headers.match(/^Subject:/gm)).toHaveLength(1);
    expect(mail.raw).toMatch(/^Content-Disposition: attachment; filename="?devis-DEV-2026-0001\.pdf"?\r?$/m);
    // The attachment is the stored bytes (base64 in the message, its lines joined).
    expect(mail.raw.replace(/\r\n/g, "")).toContain(PDF.toString("base64"));
  });

  it("retries a refused message and sends it when the server accepts again", async () => {
    const id = await enqueue("Relance refusée puis acceptée", false);
    refusals = 1;
    const loop = delivery([0, 0]);
    await loop.runOnce();
    await loop.stop();
    expect(tries).toBe(2);
    expect(await stateOf(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(received).toHaveLength(1);
  });

  it("keeps the message pending with the reason and the next try after the first retry delay", async () => {
    const id = await enqueue("Premier refus", false);
    refusals = 1;
    const before = Date.now();
    const loop = delivery([60_000, 300_000]);
    await loop.runOnce();
    await loop.stop();
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: "pending", attempts: 1 });
    expect(state.last_error).toContain("451");
    const next = new Date(state.next_attempt_at ?? 0).getTime();
    expect(next).toBeGreaterThanOrEqual(before + 59_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 61_000);
    // Not due yet: a new pass leaves it alone.
    const again = delivery([60_000, 300_000]);
    await again.runOnce();
    await again.stop();
    expect((await stateOf(id)).attempts).toBe(1);
    await db.run("platform", (tx) => tx.execute(sql`UPDATE outbox_messages SET status = 'failed' WHERE id = ${id}`));
  });

  it("gives up after the last retry: failed, with the server's reason and never the SMTP password", async () => {
    const id = await enqueue("Toujours refusé", false);
    refusals = Number.POSITIVE_INFINITY;
    const loop = delivery([0, 0]);
    await loop.runOnce();
    await loop.stop();
    expect(tries).toBe(3);
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: "failed", attempts: 3, next_attempt_at: null });
    expect(state.last_error).toContain("Refusé par le serveur d’envoi");
    expect(state.last_error).toContain("451");
    expect(state.last_error).not.toContain(PASSWORD);
    expect(received).toHaveLength(0);
  });

  it("gives up at once on a permanent refusal (5xx): failed after one try, never retried", async () => {
    const id = await enqueue("Adresse inexistante", false);
    refusals = Number.POSITIVE_INFINITY;
    refusal = { code: 550, text: "5.1.1 Adresse inconnue" };
    const loop = delivery([0, 0]);
    await loop.runOnce();
    await loop.stop();
    expect(tries).toBe(1);
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null });
    expect(state.last_error).toContain("550");
  });

  it("never sends a message twice when two loops (two servers) run at once (SKIP LOCKED)", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((n) => enqueue(`Deux serveurs ${n}`, false)));
    const [a, b] = [delivery(), delivery()];
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);
    for (const id of ids) expect((await stateOf(id)).status).toBe("sent");
    const subjects = received.map((r) => /^Subject: (.*)$/m.exec(r.raw)?.[1]).sort();
    expect(subjects).toEqual(["Deux serveurs 1", "Deux serveurs 2", "Deux serveurs 3", "Deux serveurs 4"]);
  });

  it("is woken at the commit of a new message, and stops cleanly", async () => {
    const loop = createDelivery(db, { smtp: { url: smtpUrl, from: FROM }, intervalMs: 60_000 });
    await loop.start();
    try {
      const id = await enqueue("Réveil au commit", false);
      const deadline = Date.now() + 10_000;
      while ((await stateOf(id)).status !== "sent" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await stateOf(id)).status).toBe("sent");
    } finally {
      await loop.stop();
    }
    // Stopped: a message enqueued now waits (nothing listens any more).
    const waiting = await enqueue("Après l'arrêt", false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await stateOf(waiting)).status).toBe("pending");
    await db.run("platform", (tx) =>
      tx.execute(sql`UPDATE outbox_messages SET status = 'failed' WHERE id = ${waiting}`),
    );
  });
});

describe("the accounts' one-time links (issue 31)", () => {
  /** An invitation through the API, while SMTP is configured: its answer's link and its stored message. */
  async function invitation() {
    const admin = (await login(app, company.emails.admin)).token;
    const res = await app.inject({
      method: "POST",
      url: "/api/company/users/invitations",
      headers: bearer(admin),
      payload: { email: `lien-${randomBytes(4).toString("hex")}@exemple.fr`, full_name: "Lien Courrier", role_ids: [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { link } = res.json() as { link: { path: string } };
    const token = link.path.split("/").pop() ?? "";
    const rows = await db.run({ companyId: company.id }, (tx) =>
      tx.execute<{ id: string; body: string; link_secret: string | null; row: string }>(
        sql`SELECT id, body, link_secret, m::text AS row FROM outbox_messages m
            WHERE company_id = ${company.id} AND kind = 'invitation' ORDER BY created_at DESC LIMIT 1`,
      ),
    );
    const row = rows.rows[0];
    if (!row) throw new Error("no invitation message");
    return { link, token, row };
  }

  const stored = async (id: string) =>
    (
      await db.run({ companyId: company.id }, (tx) =>
        tx.execute<{ row: string; link_secret: string | null }>(
          sql`SELECT m::text AS row, link_secret FROM outbox_messages m WHERE id = ${id}`,
        ),
      )
    ).rows[0];

  it("stores the message without the token, and the mail sent carries the working link", async () => {
    const { link, token, row } = await invitation();
    expect(row.body).toContain(publicUrl("/invitation/[masqué]"));
    expect(row.row).not.toContain(token);
    expect(row.link_secret).not.toBeNull();

    const loop = delivery();
    await loop.runOnce();
    await loop.stop();
    const mail = received.find((r) => r.raw.includes("Lien Courrier") || r.rcpt.some((a) => a.startsWith("lien-")));
    if (!mail) throw new Error("not received");
    // Quoted-printable: soft line breaks joined (a token has no character it would encode).
    const text = mail.raw.replace(/=\r\n/g, "");
    expect(text).toContain(publicUrl(link.path));
    expect(text).not.toContain("[masqué]");
    // The link of the mail opens the invitation.
    const opened = await app.inject({ method: "GET", url: `/api/account-links/invitation/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    // Sent: nothing of the link stays in the outbox.
    const after = await stored(row.id);
    expect(after?.link_secret).toBeNull();
    expect(after?.row).not.toContain(token);
  });

  it("fails the message for good when its sealed link cannot be read, and clears it", async () => {
    const { row } = await invitation();
    // Another server secret: the sealed link cannot be opened.
    const previous = configureMail({ linkKey: randomBytes(32) });
    try {
      const loop = delivery();
      await loop.runOnce();
      await loop.stop();
    } finally {
      configureMail(previous);
    }
    expect(await stateOf(row.id)).toMatchObject({ status: "failed", last_error: MESSAGE_TEXTS.linkUnreadable });
    expect((await stored(row.id))?.link_secret).toBeNull();
    expect(received.some((r) => r.rcpt.some((a) => a.startsWith("lien-")))).toBe(false);
  });
});

describe("failureReason", () => {
  it("masks the SMTP URL and its password wherever they appear", () => {
    const url = "smtp://user:p%40ss@mail.exemple.fr:587";
    const reason = failureReason(new Error(`connexion à ${url} refusée (p@ss, p%40ss)`), url);
    expect(reason).not.toContain("p@ss");
    expect(reason).not.toContain("p%40ss");
    expect(reason).toContain("[masqué]");
    expect(failureReason({ code: "ECONNREFUSED", message: "connect ECONNREFUSED" }, url)).toBe(
      "Serveur d’envoi injoignable (ECONNREFUSED)",
    );
    expect(failureReason({ code: "EAUTH", responseCode: 535, response: "535 Authentication failed" }, url)).toContain(
      "535",
    );
  });
});
