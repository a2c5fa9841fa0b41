import { createHash, randomUUID } from "node:crypto";
import { quoteSignatures, quoteSigningLinks } from "@server/db/schema";
import { parisToday } from "@shared/dates";
import { SIGNING_LIMITS, SIGNING_TEXTS, type SigningView } from "@shared/signing";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../../test/helpers";
import { blankPng } from "../../test/images";
import { apiOf, type Crew, crewOf } from "../users/accounts.fixtures";
import { pdfText, QUOTE_LINES, quoteBody } from "./quotes.fixtures";
import { quotesRepository } from "./quotes.repository";
import { createQuotesService } from "./quotes.service";
import { issueSigningLink } from "./signing-links";

const { app, db } = await setupApp();
const api = apiOf(app);
const crew = crewOf(app, db);
const quotesService = createQuotesService(db);

/** Each call its own client IP, so the per-IP limit of one test never touches another. */
const ipOf = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148";

/** A drawn signature, as the page's canvas makes it: a PNG with an alpha channel. */
const SIGNATURE = await sharp(
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 200 190, 300 80 S 480 60, 580 120" stroke="#0f172a" stroke-width="5" fill="none"/></svg>',
  ),
)
  .png()
  .toBuffer();
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

const view = (token: string, ip = ipOf()) =>
  app.inject({ method: "GET", url: `/api/signing/${token}`, remoteAddress: ip });
const pdfOf = (token: string, ip = ipOf()) =>
  app.inject({ method: "GET", url: `/api/signing/${token}/pdf`, remoteAddress: ip });
const sign = (token: string, body: object = {}, ip = ipOf()) =>
  app.inject({
    method: "POST",
    url: `/api/signing/${token}`,
    remoteAddress: ip,
    headers: { "user-agent": UA },
    payload: { signer_name: "Jeanne Martin", approved: true, signature: dataUrl(SIGNATURE), ...body },
  });
const tokenOf = (path: string) => path.split("/").pop() ?? "";

let a: Crew;
let b: Crew;
let clientA: string;

async function sentQuote(c: Crew, client: string, extra: object = {}): Promise<{ id: string; reference: string }> {
  const res = await api(c.token.admin, "POST", "/api/quotes", {
    name: "Rénovation salle de bain",
    client_id: client,
    status: "envoye au client",
    date: parisToday(),
    valid_until: `${Number(parisToday().slice(0, 4)) + 1}-06-30`,
    discount_percentage: 10,
    items: QUOTE_LINES,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/**
 * A link sent to the client (the contract S's sending uses), its token: it freezes the quote as stored
 * now and its PDF (the bytes GET …/pdf answers), as the sending does.
 */
async function mailedLink(c: Crew, quoteId: string, expiresOn: string | null = null): Promise<string> {
  const issued = await db.run({ companyId: c.id }, async (tx) => {
    const quote = await quotesRepository.find(tx, c.id, quoteId);
    if (!quote) throw new Error("no such quote");
    const pdf = await quotesService.pdfInTransaction(tx, c.id, quote);
    return issueSigningLink(tx, {
      companyId: c.id,
      quoteId,
      expiresOn,
      createdBy: c.ids.admin,
      frozen: { quote, pdf },
    });
  });
  return issued.token;
}

beforeAll(async () => {
  a = await crew("Signature SARL");
  b = await crew("Signature rivale");
  await db.run("platform", (tx) =>
    tx.execute(sql`UPDATE companies SET email_contact = 'bureau@signature.test' WHERE id = ${a.id}`),
  );
  clientA = (
    await api(a.token.admin, "POST", "/api/clients", {
      name: "Famille Martin",
      email: "martin@ex.fr",
      address: "3 rue Neuve",
      postal_code: "69001",
      city: "Lyon",
    })
  ).json().id;
});

describe("POST /api/quotes/:id/signing-link (signing on site)", () => {
  it("makes a link that expires at the end of the validity day in Paris, and kills the previous one", async () => {
    const quote = await sentQuote(a, clientA, { valid_until: "2099-07-14" });
    const first = await mailedLink(a, quote.id, "2099-07-14");
    const res = await api(a.token.admin, "POST", `/api/quotes/${quote.id}/signing-link`);
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as { url: string; path: string; expires_at: string };
    expect(link.path).toMatch(/^\/signer\/[A-Za-z0-9_-]{43}$/);
    expect(link.url.endsWith(link.path)).toBe(true);
    // Midnight at the end of 14 July in Paris (summer time, UTC+2).
    expect(link.expires_at).toBe("2099-07-14T22:00:00.000Z");
    expect((await view(first)).statusCode).toBe(404);
    expect((await view(tokenOf(link.path))).json().state).toBe("open");
    // Only the hash is stored.
    const stored = await db.run("platform", (tx) =>
      tx
        .select({ hash: quoteSigningLinks.tokenHash })
        .from(quoteSigningLinks)
        .where(eq(quoteSigningLinks.quoteId, quote.id)),
    );
    expect(stored.map((r) => r.hash)).not.toContain(tokenOf(link.path));
  });

  it("a quote without validity: 30 days", async () => {
    const quote = await sentQuote(a, clientA, { valid_until: null });
    const token = await mailedLink(a, quote.id, null);
    const [row] = await db.run("platform", (tx) =>
      tx
        .select({ expiresAt: quoteSigningLinks.expiresAt })
        .from(quoteSigningLinks)
        .where(eq(quoteSigningLinks.quoteId, quote.id)),
    );
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await view(token)).json().state).toBe("open");
  });

  it("is refused to a Compagnon (403), for another company's quote (404), a final or expired quote (409)", async () => {
    const quote = await sentQuote(a, clientA);
    expect((await api(a.token.compagnon, "POST", `/api/quotes/${quote.id}/signing-link`)).statusCode).toBe(403);
    expect((await api(b.token.admin, "POST", `/api/quotes/${quote.id}/signing-link`)).statusCode).toBe(404);
    const refused = await sentQuote(a, clientA, { status: "refuse" });
    const res = await api(a.token.admin, "POST", `/api/quotes/${refused.id}/signing-link`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SIGNING_TEXTS.finalQuote);
    const old = await sentQuote(a, clientA, { date: "2020-01-01", valid_until: "2020-02-01" });
    const late = await api(a.token.admin, "POST", `/api/quotes/${old.id}/signing-link`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(SIGNING_TEXTS.validityPassed);
  });
});

describe("GET /api/signing/:token: the states", () => {
  it("shows an open quote: company, client, lines, totals, terms — and nothing of another document", async () => {
    const other = await sentQuote(a, clientA, { name: "Autre chantier secret" });
    const quote = await sentQuote(a, clientA, { terms: "Acompte de 30 % à la commande." });
    const token = await mailedLink(a, quote.id);
    const res = await view(token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SigningView;
    expect(body.state).toBe("open");
    expect(body.quote).toMatchObject({
      reference: quote.reference,
      name: "Rénovation salle de bain",
      company: { name: a.name, email: "bureau@signature.test" },
      client: { name: "Famille Martin", address_lines: ["3 rue Neuve", "69001 Lyon"] },
      terms: "Acompte de 30 % à la commande.",
      pdf_url: `/api/signing/${token}/pdf`,
    });
    expect(body.quote?.lines.map((l) => l.name)).toEqual(QUOTE_LINES.map((l) => l.name));
    expect(body.quote?.totals).toMatchObject({ net: 573.4, discount: 57.34, discount_percentage: 10 });
    expect(res.body).not.toContain(other.id);
    expect(res.body).not.toContain(other.reference);
    expect(res.body).not.toContain(quote.id);
    expect(res.body).not.toContain(a.id);
  });

  it("unknown or malformed tokens are invalid", async () => {
    const unknown = await view("x".repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(SIGNING_TEXTS.states.invalid);
    expect((await view("abc")).statusCode).toBe(404);
    expect((await pdfOf("x".repeat(43))).statusCode).toBe(404);
    const res = await sign("x".repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(SIGNING_TEXTS.states.invalid);
  });

  it("expired, refused and cancelled quotes show their state, and cannot be signed", async () => {
    const expired = await sentQuote(a, clientA);
    const expiredToken = await mailedLink(a, expired.id);
    await db.run("platform", (tx) =>
      tx
        .update(quoteSigningLinks)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(quoteSigningLinks.quoteId, expired.id)),
    );
    expect((await view(expiredToken)).json()).toEqual({ state: "expired", quote: null, signed: null });
    const late = await sign(expiredToken);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(SIGNING_TEXTS.states.expired);
    expect((await pdfOf(expiredToken)).statusCode).toBe(409);

    for (const [status, state] of [
      ["refuse", "refused"],
      ["annule", "cancelled"],
    ] as const) {
      const quote = await sentQuote(a, clientA);
      const token = await mailedLink(a, quote.id);
      const detail = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json();
      const put = await api(a.token.admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(detail, { status }));
      expect(put.statusCode, put.body).toBe(200);
      expect((await view(token)).json().state).toBe(state);
      const res = await sign(token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(SIGNING_TEXTS.states[state]);
    }
  });
});

describe("POST /api/signing/:token: signing", () => {
  it("validates the quote in one go: evidence, history, signed PDF, notifications, the office's mail; replay refused", async () => {
    const quote = await sentQuote(a, clientA);
    const token = await mailedLink(a, quote.id);
    const shown = await pdfOf(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("application/pdf");
    const shownSha = createHash("sha256").update(shown.rawPayload).digest("hex");
    // The same bytes each time (a document's bytes depend on its content only).
    expect(
      createHash("sha256")
        .update((await pdfOf(token)).rawPayload)
        .digest("hex"),
    ).toBe(shownSha);

    const ip = ipOf();
    const res = await sign(token, { signer_name: "  Jeanne Martin " }, ip);
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json() as SigningView;
    expect(signed).toMatchObject({ state: "signed", quote: null, signed: { signer_name: "Jeanne Martin" } });

    // The evidence.
    const [evidence] = await db.run("platform", (tx) =>
      tx.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id)),
    );
    expect(evidence).toMatchObject({ signerName: "Jeanne Martin", ip, userAgent: UA, via: "link", companyId: a.id });
    expect(evidence?.pdfSha256).toBe(shownSha);
    expect(evidence?.signaturePng.equals(SIGNATURE)).toBe(true);

    // The quote: « Validé », its signature in the detail, « Validation » by the signer in its history.
    const detail = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json();
    expect(detail.status).toBe("valide");
    expect(detail.signature).toMatchObject({ signer_name: "Jeanne Martin", via: "link", pdf_sha256: shownSha, ip });
    const history = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}/history`)).json() as {
      action: string;
      user_name: string;
      changes: unknown;
      metadata: Record<string, unknown> | null;
    }[];
    expect(history.at(-1)).toMatchObject({
      action: "validated",
      user_name: "Jeanne Martin",
      changes: { status: { from: "envoye au client", to: "valide" } },
      metadata: { signer_name: "Jeanne Martin", signed_via: "link" },
    });

    // The signed PDF: the office's and the link's, with the signer, the date and the audit page.
    const office = await api(a.token.admin, "GET", `/api/quotes/${quote.id}/pdf`);
    const text = await pdfText(office.rawPayload);
    expect(text).toContain("Signé électroniquement par Jeanne Martin");
    expect(text).toContain(SIGNING_TEXTS.auditTitle);
    expect(text).toContain(shownSha);
    expect(text).toContain(ip);
    expect(text).toContain("(heure de Paris)");
    expect(text).toContain(SIGNING_TEXTS.via.link);
    const fromLink = await pdfOf(token);
    expect(fromLink.statusCode).toBe(200);
    expect(fromLink.rawPayload.equals(office.rawPayload)).toBe(true);

    // The office is told: admin and Chef d'équipe (quotes:edit), not the Compagnon.
    for (const who of ["admin", "chef"] as const) {
      const list = (await api(a.token[who], "GET", "/api/notifications")).json();
      expect(list.unread).toBeGreaterThanOrEqual(1);
      expect(list.data[0]).toMatchObject({
        kind: "quote_signed",
        title: SIGNING_TEXTS.notification,
        // Following it opens that quote (issue 32), not the list searched for its reference.
        href: `/quotes/${quote.id}`,
      });
      expect(list.data[0].body).toContain("Jeanne Martin");
    }
    expect((await api(a.token.compagnon, "GET", "/api/notifications")).json().data).toEqual([]);
    const mails = await db.run("platform", (tx) =>
      tx.execute<{ kind: string; to_addresses: string[]; subject: string; body: string }>(
        sql`SELECT kind, to_addresses, subject, body FROM outbox_messages WHERE company_id = ${a.id} AND document_id = ${quote.id}`,
      ),
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({ kind: "quote_signed", to_addresses: ["bureau@signature.test"] });
    expect(mails.rows[0]?.subject).toContain("Jeanne Martin");

    // Replay: refused, the state says signed.
    const again = await sign(token, { signer_name: "Quelqu'un d'autre" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(SIGNING_TEXTS.states.signed);
    expect((await view(token)).json()).toMatchObject({
      state: "signed",
      quote: null,
      signed: { signer_name: "Jeanne Martin" },
    });

    // Final: no edit, no status change.
    const put = await api(
      a.token.admin,
      "PUT",
      `/api/quotes/${quote.id}`,
      quoteBody(detail, { name: "Modifié", status: "en cours de redaction" }),
    );
    expect(put.statusCode).toBe(409);
    expect(put.json().error).toBe(SIGNING_TEXTS.signedLocked);
    expect((await api(a.token.admin, "POST", `/api/quotes/${quote.id}/signing-link`)).statusCode).toBe(409);
  });

  it("on site: the signature says so; B never reaches it", async () => {
    const quote = await sentQuote(a, clientA);
    const link = (await api(a.token.admin, "POST", `/api/quotes/${quote.id}/signing-link`)).json();
    expect((await sign(tokenOf(link.path))).statusCode).toBe(200);
    expect((await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json().signature.via).toBe("on_site");
    expect((await api(b.token.admin, "GET", `/api/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await api(b.token.admin, "GET", `/api/notifications`)).json().data).toEqual([]);
  });

  it("checks the body: name, « Bon pour accord », a PNG by its content and size", async () => {
    const quote = await sentQuote(a, clientA);
    const token = await mailedLink(a, quote.id);
    const cases: [object, string][] = [
      [{ signer_name: "" }, SIGNING_TEXTS.signerNameRequired],
      [{ approved: false }, SIGNING_TEXTS.approvalRequired],
      [{ signature: "data:image/png;base64,SGVsbG8gdGhlcmUh" }, SIGNING_TEXTS.signatureInvalid],
      [{ signature: "data:image/jpeg;base64,/9j/4AAQ" }, SIGNING_TEXTS.signatureInvalid],
      [
        { signature: dataUrl(Buffer.concat([SIGNATURE, Buffer.alloc(SIGNING_LIMITS.signatureMaxBytes)])) },
        SIGNING_TEXTS.signatureInvalid,
      ],
      // Bounded by its pixels too: the 130 kB 4,096 × 4,096 16-bit PNG cost each signed PDF 5 s.
      [{ signature: dataUrl(blankPng({ width: 4096, height: 4096, bitDepth: 16 })) }, SIGNING_TEXTS.signatureInvalid],
      [
        { signature: dataUrl(blankPng({ width: SIGNING_LIMITS.signatureMaxWidth + 1, height: 200 })) },
        SIGNING_TEXTS.signatureInvalid,
      ],
      [
        { signature: dataUrl(blankPng({ width: 600, height: SIGNING_LIMITS.signatureMaxHeight + 1 })) },
        SIGNING_TEXTS.signatureInvalid,
      ],
      [{ signature: dataUrl(blankPng({ width: 600, height: 200, bitDepth: 16 })) }, SIGNING_TEXTS.signatureInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await sign(token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await view(token)).json().state).toBe("open");
    // The largest pad a page draws (768 × 208 CSS px at a density of 3) signs.
    const largest = blankPng({ width: 2304, height: 624 });
    expect((await sign(token, { signature: dataUrl(largest) })).statusCode).toBe(200);
  });
});

describe("rate limit and notifications", () => {
  it(`answers 429 to an IP after ${SIGNING_LIMITS.ratePerMinute} requests a minute; other IPs go on`, async () => {
    const ip = ipOf();
    const token = "y".repeat(43);
    for (let i = 0; i < SIGNING_LIMITS.ratePerMinute; i += 1) expect((await view(token, ip)).statusCode).toBe(404);
    const blocked = await view(token, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(SIGNING_TEXTS.tooManyRequests);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await sign(token, {}, ip)).statusCode).toBe(429);
    expect((await view(token)).statusCode).toBe(404);
  });

  it("a user reads and marks only their own notifications", async () => {
    const quote = await sentQuote(a, clientA);
    expect((await sign(await mailedLink(a, quote.id))).statusCode).toBe(200);
    const mine = (await api(a.token.chef, "GET", "/api/notifications")).json();
    const id = mine.data[0].id as string;
    expect(mine.data[0].read_at).toBeNull();
    // The admin's copy is another row: the chef's id is not theirs.
    expect((await api(a.token.admin, "POST", `/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await api(b.token.admin, "POST", `/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await api(a.token.chef, "POST", `/api/notifications/${randomUUID()}/read`)).statusCode).toBe(404);
    const read = await api(a.token.chef, "POST", `/api/notifications/${id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.find((n: { id: string }) => n.id === id).read_at).not.toBeNull();
    expect(read.json().unread).toBe(mine.unread - 1);
    const all = await api(a.token.admin, "POST", "/api/notifications/read-all");
    expect(all.json().unread).toBe(0);
    expect((await api(a.token.chef, "GET", "/api/notifications")).json().unread).toBe(mine.unread - 1);
  });
});

describe("what the client signs is what he was sent (issue 31)", () => {
  /** One line of 1 000 € HT at 10 %: 1 100 € TTC. */
  const ONE_LINE = [{ name: "Pose de carrelage", quantity: 1, unit: "forfait", unit_price: 1000, tax_rate: 10 }];
  const MAIL = { to: ["martin@ex.fr"], cc: [], subject: "Votre devis", body: "Bonjour,\n\n{lien_signature}" };

  /** Sends the quote by mail as the office does (POST …/send): the link's token and the PDF attached. */
  async function send(quoteId: string): Promise<{ token: string; attached: Buffer }> {
    const res = await api(a.token.admin, "POST", `/api/quotes/${quoteId}/send`, MAIL);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await db.run("platform", (tx) =>
      tx.execute<{ content: Buffer }>(
        sql`SELECT a.content FROM outbox_attachments a WHERE a.message_id = ${res.json().id}`,
      ),
    );
    const row = stored.rows[0];
    // The link as « Messages envoyés » shows it (stored masked and sealed, link-secrets.ts).
    const shown = await api(a.token.admin, "GET", `/api/outbox/${res.json().id}`);
    const token = (shown.json() as { body: string }).body.match(/\/signer\/([\w-]{43})/)?.[1];
    if (!row || !token) throw new Error("no link in the message");
    return { token, attached: Buffer.from(row.content) };
  }

  /** A draft of ONE_LINE, as its detail answers it. */
  async function draft(extra: object = {}) {
    const { id } = await sentQuote(a, clientA, {
      status: "en cours de redaction",
      discount_percentage: 0,
      items: ONE_LINE,
      ...extra,
    });
    return (await api(a.token.admin, "GET", `/api/quotes/${id}`)).json();
  }

  it("the amount changed after sending: the link the client holds is refused (410), the quote is a new version to send again", async () => {
    const quote = await draft();
    const { token, attached } = await send(quote.id);
    const shown = await view(token);
    expect(shown.json().quote.totals.total).toBe(1100);

    // The office raises the price tenfold after sending.
    const sent = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json();
    const raised = quoteBody(sent, { items: [{ ...ONE_LINE[0], unit_price: 10_000 }] });
    const put = await api(a.token.admin, "PUT", `/api/quotes/${quote.id}`, raised);
    expect(put.statusCode, put.body).toBe(200);

    // The client's link: a French 410 on the page, the PDF and the signing; nothing signed.
    for (const res of [await view(token), await pdfOf(token), await sign(token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: "GONE", error: SIGNING_TEXTS.states.outdated });
    }
    // A new version, not sent: back to draft, to be sent again.
    expect(sent).toMatchObject({ status: "envoye au client", version: 1 });
    expect(put.json()).toMatchObject({ version: 2, status: "en cours de redaction", total: 11_000 });
    const detail = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json();
    expect(detail).toMatchObject({ status: "en cours de redaction", signature: null });
    const history = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}/history`)).json();
    expect(history.find((e: { action: string }) => e.action === "updated")).toMatchObject({
      changes: { total: { from: 1100, to: 11_000 } },
      metadata: { version: 2, signing_links_revoked: 1 },
    });

    // Sent again: the new link presents version 2, and signing records the hash of its PDF.
    const again = await send(quote.id);
    expect(again.attached.equals(attached)).toBe(false);
    expect((await view(again.token)).json().quote).toMatchObject({ version: 2, totals: { total: 11_000 } });
    const pdf = (await pdfOf(again.token)).rawPayload;
    expect(pdf.equals(again.attached)).toBe(true);
    expect((await sign(again.token)).statusCode).toBe(200);
    const signature = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json().signature;
    expect(signature.pdf_sha256).toBe(createHash("sha256").update(again.attached).digest("hex"));
  });

  it("the client changed after sending: the old link is refused (410) and never shows the new client", async () => {
    const other = (
      await api(a.token.admin, "POST", "/api/clients", {
        name: "Société Tierce",
        email: "tierce@ex.fr",
        address: "9 quai Ouest",
        postal_code: "13002",
        city: "Marseille",
      })
    ).json().id as string;
    const quote = await draft();
    const { token } = await send(quote.id);
    expect((await view(token)).json().quote.client).toEqual({
      name: "Famille Martin",
      address_lines: ["3 rue Neuve", "69001 Lyon"],
    });
    const sent = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json();
    const put = await api(a.token.admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(sent, { client_id: other }));
    expect(put.statusCode, put.body).toBe(200);
    const res = await view(token);
    expect(res.body).not.toContain("Société Tierce");
    expect(res.statusCode).toBe(410);
    expect((await sign(token)).statusCode).toBe(410);
    expect(put.json()).toMatchObject({ version: 2, status: "en cours de redaction" });
  });

  it("the page and the PDF show what was sent, even when the client's record changes; the hash signed is the PDF mailed", async () => {
    const quote = await draft();
    const { token, attached } = await send(quote.id);
    const client = (await api(a.token.admin, "GET", `/api/clients/${clientA}`)).json();
    const moved = await api(a.token.admin, "PUT", `/api/clients/${clientA}`, {
      ...client,
      address: "1 place Nouvelle",
    });
    const restore = () => api(a.token.admin, "PUT", `/api/clients/${clientA}`, client);
    try {
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await view(token)).json().quote.client.address_lines).toEqual(["3 rue Neuve", "69001 Lyon"]);
      expect((await pdfOf(token)).rawPayload.equals(attached)).toBe(true);
      expect((await sign(token)).statusCode).toBe(200);
      const [evidence] = await db.run("platform", (tx) =>
        tx.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id)),
      );
      expect(evidence?.pdfSha256).toBe(createHash("sha256").update(attached).digest("hex"));
    } finally {
      await restore();
    }
  });

  it("keeps the version and the link when nothing the client sees changes (status, notes); a draft never sent is edited as before", async () => {
    const quote = await draft();
    const { token } = await send(quote.id);
    const sent = (await api(a.token.admin, "GET", `/api/quotes/${quote.id}`)).json();
    const reminded = await api(
      a.token.admin,
      "PUT",
      `/api/quotes/${quote.id}`,
      quoteBody(sent, { status: "client relance", notes: "Rappelé le matin" }),
    );
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json()).toMatchObject({ version: 1, status: "client relance" });
    expect((await view(token)).json().state).toBe("open");

    const fresh = await draft();
    const edited = await api(
      a.token.admin,
      "PUT",
      `/api/quotes/${fresh.id}`,
      quoteBody(fresh, { items: [{ ...ONE_LINE[0], unit_price: 2000 }] }),
    );
    expect(edited.json()).toMatchObject({ version: 1, status: "en cours de redaction", total: 2200 });
  });

  it("a draft with a link to sign on site: editing it revokes the link (410) and makes a new version", async () => {
    const quote = await draft();
    const link = (await api(a.token.admin, "POST", `/api/quotes/${quote.id}/signing-link`)).json();
    const put = await api(
      a.token.admin,
      "PUT",
      `/api/quotes/${quote.id}`,
      quoteBody(quote, { items: [{ ...ONE_LINE[0], unit_price: 5000 }] }),
    );
    expect(put.json()).toMatchObject({ version: 2, status: "en cours de redaction" });
    expect((await sign(tokenOf(link.path))).statusCode).toBe(410);
  });

  it("a suspended company's links are refused (403, in French), whatever their state", async () => {
    const c = await crew("Signature suspendue");
    const client = (await api(c.token.admin, "POST", "/api/clients", { name: "Client C", email: "c@ex.fr" })).json().id;
    const quote = await sentQuote(c, client);
    const token = await mailedLink(c, quote.id);
    expect((await view(token)).statusCode).toBe(200);
    await db.run("platform", (tx) => tx.execute(sql`UPDATE companies SET status = 'suspended' WHERE id = ${c.id}`));
    for (const res of [await view(token), await pdfOf(token), await sign(token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(SIGNING_TEXTS.states.suspended);
    }
    expect((await view("z".repeat(43))).statusCode).toBe(404);
    const [row] = await db.run("platform", (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id)),
    );
    expect(row?.n).toBe(0);
  });
});
