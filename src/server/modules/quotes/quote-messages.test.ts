import { readFileSync } from "node:fs";
import path from "node:path";
import { outboxAttachments, outboxMessages, quoteHistory } from "@server/db/schema";
import type { AuthContext } from "@server/lib/access";
import { login } from "@server/test/helpers";
import { addDays, parisToday } from "@shared/dates";
import { formatEuro } from "@shared/format";
import { DEFAULT_TEMPLATES, MESSAGE_TEXTS } from "@shared/messages";
import { DRAFT_QUOTE_STATUS, QUOTE_TEXTS } from "@shared/quotes";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enqueueMessage } from "../messages/mailer";
import { createQuoteMessagesService } from "./quote-messages.service";
import { quoteBody, setupQuotesTest } from "./quotes.fixtures";
import { createQuotesService } from "./quotes.service";
import { issueSigningLink } from "./signing-links";

const { app, db, api, company, admin, compagnon, norole, otherAdmin, createQuote } = await setupQuotesTest();

const today = parisToday();
/** A draft quote of Famille Martin valid for a month from today. */
const draftQuote = () => createQuote(admin, { date: today, valid_until: addDays(today, 30) });
const mail = {
  to: ["martin@ex.fr"],
  cc: ["bureau@ex.fr"],
  subject: "Votre devis",
  body: "Bonjour,\n\n{lien_signature}",
};

/** The stored message with its attachment (the outbox, read in the company's scope). */
/**
 * The message as « Messages envoyés » shows it (GET /api/outbox/:id: the signing link in place) and as
 * it is stored (`storedBody`: the link masked, never in clear — link-secrets.ts).
 */
async function stored(messageId: string) {
  const { message, attachment } = await db.run({ companyId: company.id }, async (tx) => {
    const [message] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
    const [attachment] = await tx.select().from(outboxAttachments).where(eq(outboxAttachments.messageId, messageId));
    return { message, attachment };
  });
  const shown = await api(admin, "GET", `/api/outbox/${messageId}`);
  expect(shown.statusCode, shown.body).toBe(200);
  return {
    message: message && { ...message, body: (shown.json() as { body: string }).body },
    storedBody: message?.body,
    attachment,
  };
}

const history = async (id: string) =>
  (await api(admin, "GET", `/api/quotes/${id}/history`)).json() as {
    action: string;
    changes: unknown;
    metadata: Record<string, unknown> | null;
  }[];

describe("GET /api/quotes/:id/send-draft", () => {
  it("fills the default template: the client's e-mail, the quote's values, the link made at sending", async () => {
    const quote = await draftQuote();
    const res = await api(compagnon, "GET", `/api/quotes/${quote.id}/send-draft`);
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json();
    expect(draft).toMatchObject({ to: ["martin@ex.fr"], cc: [], attachment_name: `${quote.reference}.pdf` });
    expect(draft.subject).toBe(`Devis ${quote.reference} — ${company.name}`);
    expect(draft.body).toContain("Bonjour Famille Martin,");
    expect(draft.body).toContain(
      `${quote.reference} (Rénovation salle de bain) d’un montant de ${formatEuro(quote.total)}`,
    );
    expect(draft.body).toContain(`en ligne\u00a0: ${MESSAGE_TEXTS.linkAtSending}`);
    expect(draft.body).not.toContain("{");
  });

  it("uses the company's saved template, and the reminder's for kind=remind", async () => {
    const templates = {
      ...DEFAULT_TEMPLATES,
      quote_send: {
        subject: "{entreprise} vous envoie {reference}",
        body: "Cher {client}, {montant}. {lien_signature}",
      },
    };
    expect((await api(admin, "PUT", "/api/company/message-templates", templates)).statusCode).toBe(200);
    const quote = await draftQuote();
    const draft = (await api(admin, "GET", `/api/quotes/${quote.id}/send-draft?kind=send`)).json();
    expect(draft.subject).toBe(`${company.name} vous envoie ${quote.reference}`);
    expect(draft.body).toBe(`Cher Famille Martin, ${formatEuro(quote.total)}. ${MESSAGE_TEXTS.linkAtSending}`);

    await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { status: "envoye au client" }));
    const reminder = (await api(admin, "GET", `/api/quotes/${quote.id}/send-draft?kind=remind`)).json();
    expect(reminder.subject).toBe(`Relance\u00a0: devis ${quote.reference} — ${company.name}`);
    expect((await api(admin, "PUT", "/api/company/message-templates", DEFAULT_TEMPLATES)).statusCode).toBe(200);
  });

  it("answers 409 for a quote that cannot be sent or reminded", async () => {
    const quote = await draftQuote();
    const remind = await api(admin, "GET", `/api/quotes/${quote.id}/send-draft?kind=remind`);
    expect(remind.statusCode).toBe(409);
    expect(remind.json().error).toBe(MESSAGE_TEXTS.quoteNotRemindable);
    await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { status: "refuse" }));
    const send = await api(admin, "GET", `/api/quotes/${quote.id}/send-draft`);
    expect(send.statusCode).toBe(409);
    expect(send.json().error).toBe(MESSAGE_TEXTS.quoteNotSendable);
  });

  it("answers 409 for a quote whose validity has passed (its link would expire at once), and sends nothing", async () => {
    const quote = await createQuote(admin, { date: addDays(today, -40), valid_until: addDays(today, -1) });
    for (const kind of ["send", "remind"]) {
      const draft = await api(admin, "GET", `/api/quotes/${quote.id}/send-draft?kind=${kind}`);
      expect(draft.statusCode).toBe(409);
      expect(draft.json().error).toBe(
        kind === "send" ? MESSAGE_TEXTS.quoteValidityPassed : MESSAGE_TEXTS.quoteNotRemindable,
      );
    }
    const send = await api(admin, "POST", `/api/quotes/${quote.id}/send`, mail);
    expect(send.statusCode).toBe(409);
    expect(send.json().error).toBe(MESSAGE_TEXTS.quoteValidityPassed);
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().status).toBe(DRAFT_QUOTE_STATUS);
    expect((await api(admin, "GET", `/api/quotes/${quote.id}/messages`)).json().data).toEqual([]);

    // Sent while valid, then past its date: no reminder either.
    await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { status: "envoye au client" }));
    const remind = await api(admin, "POST", `/api/quotes/${quote.id}/remind`, mail);
    expect(remind.statusCode).toBe(409);
    expect(remind.json().error).toBe(MESSAGE_TEXTS.quoteValidityPassed);
    // Its validity prolonged, it goes.
    await api(
      admin,
      "PUT",
      `/api/quotes/${quote.id}`,
      quoteBody(quote, { status: "envoye au client", valid_until: addDays(today, 15) }),
    );
    expect((await api(admin, "POST", `/api/quotes/${quote.id}/remind`, mail)).statusCode).toBe(201);
  });
});

describe("POST /api/quotes/:id/send", () => {
  it("mails the quote: recipients, subject, the link's URL, its PDF; a draft becomes « Envoyé au client »", async () => {
    const quote = await draftQuote();
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/send`, mail);
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json();
    expect(summary).toMatchObject({
      kind: "quote_send",
      to: ["martin@ex.fr"],
      cc: ["bureau@ex.fr"],
      subject: "Votre devis",
      document: { type: "quote", id: quote.id },
      attachment_name: `${quote.reference}.pdf`,
      created_by_name: "Test admin",
    });

    const { message, storedBody, attachment } = await stored(summary.id);
    const url = message?.body.match(/https?:\/\/\S+\/signer\/[\w-]{43}/)?.[0];
    expect(url, message?.body).toBeDefined();
    expect(message?.body).toBe(`Bonjour,\n\n${url}`);
    // Stored with the token masked; the link itself only sealed (never in clear in the database).
    const token = url?.split("/").pop() ?? "";
    expect(storedBody).toBe(`Bonjour,\n\n${url?.replace(token, "[masqué]")}`);
    expect(message?.linkSecret).toMatch(/^v1\./);
    expect(message?.linkSecret).not.toContain(token);
    // The link is the quote's live signing link (docs/domain/signing.md).
    const link = await app.inject({ method: "GET", url: `/api/signing/${url?.split("/").pop()}` });
    expect(link.json().state).toBe("open");
    const pdf = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(attachment?.name).toBe(`${quote.reference}.pdf`);
    expect(attachment?.contentType).toBe("application/pdf");
    expect(Buffer.compare(Buffer.from(attachment?.content ?? []), pdf.rawPayload)).toBe(0);

    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().status).toBe("envoye au client");
    const last = (await history(quote.id)).at(-1);
    expect(last).toMatchObject({
      action: "sent",
      changes: { status: { from: "en cours de redaction", to: "envoye au client" } },
      metadata: { to: ["martin@ex.fr"], cc: ["bureau@ex.fr"] },
    });
  });

  it("sends a sent quote again (status kept, « Envoi au client » again), each time with a new link", async () => {
    const quote = await draftQuote();
    const first = (await api(admin, "POST", `/api/quotes/${quote.id}/send`, mail)).json();
    const again = await api(admin, "POST", `/api/quotes/${quote.id}/send`, { ...mail, body: "Sans lien" });
    expect(again.statusCode).toBe(201);
    const [a, b] = [(await stored(first.id)).message?.body ?? "", (await stored(again.json().id)).message?.body ?? ""];
    // A body that no longer names the link gets it on a last line.
    expect(b).toMatch(new RegExp(`^Sans lien\\n\\n${MESSAGE_TEXTS.linkLine} https?://\\S+/signer/`));
    expect(b.slice(-43)).not.toBe(a.slice(-43));
    const entries = await history(quote.id);
    expect(entries.map((e) => e.action).slice(-2)).toEqual(["sent", "sent"]);
    expect(entries.at(-1)?.changes).toBeNull();
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().status).toBe("envoye au client");
  });

  it.each(["valide", "refuse", "annule"])("refuses a quote « %s » (409), writing nothing", async (status) => {
    const quote = await draftQuote();
    await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { status }));
    const before = await history(quote.id);
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/send`, mail);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", error: MESSAGE_TEXTS.quoteNotSendable });
    expect(await history(quote.id)).toHaveLength(before.length);
    expect((await api(admin, "GET", `/api/quotes/${quote.id}/messages`)).json().data).toEqual([]);
  });

  it.each([
    [{ ...mail, to: [] }, "to", MESSAGE_TEXTS.recipientRequired],
    [{ ...mail, to: ["pas-une-adresse"] }, "to.0", MESSAGE_TEXTS.recipientInvalid],
    [{ ...mail, cc: ["a@b.fr\r\nBcc: x@y.fr"] }, "cc.0", MESSAGE_TEXTS.recipientInvalid],
    [{ ...mail, subject: "Devis\r\nBcc: espion@ex.fr" }, "subject", MESSAGE_TEXTS.subjectInvalid],
    [{ ...mail, subject: " " }, "subject", MESSAGE_TEXTS.subjectRequired],
    [{ ...mail, body: "" }, "body", MESSAGE_TEXTS.bodyRequired],
  ])("refuses %j with its message", async (payload, path, message) => {
    const quote = await draftQuote();
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/send`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path, message });
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().status).toBe("en cours de redaction");
  });

  it("leaves nothing half done when the message cannot be written", async () => {
    const quote = await draftQuote();
    const { user } = await login(app, company.emails.admin);
    const auth = {
      userId: user.id,
      sessionId: "test",
      companyId: company.id,
      isSuperadmin: false,
      permissions: user.permissions,
      user,
      scope: { companyId: company.id },
    } as AuthContext;
    const failing = createQuoteMessagesService(db, createQuotesService(db), {
      issueLink: issueSigningLink,
      enqueue: async (tx, message) => {
        await enqueueMessage(tx, message);
        throw new Error("SMTP en panne");
      },
    });
    await expect(failing.send(auth, quote.id, { ...mail, cc: [] })).rejects.toThrow("SMTP en panne");
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().status).toBe("en cours de redaction");
    expect((await history(quote.id)).map((e) => e.action)).toEqual(["created"]);
    expect((await api(admin, "GET", `/api/quotes/${quote.id}/messages`)).json().data).toEqual([]);
  });
});

describe("POST /api/quotes/:id/remind", () => {
  it("reminds a sent quote: « Client relancé », history « Relance », a new link; again while reminded", async () => {
    const quote = await draftQuote();
    await api(admin, "POST", `/api/quotes/${quote.id}/send`, mail);
    const res = await api(admin, "POST", `/api/quotes/${quote.id}/remind`, { ...mail, subject: "Relance" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: "quote_reminder", subject: "Relance" });
    expect((await stored(res.json().id)).message?.body).toMatch(/\/signer\/[\w-]{43}$/);
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().status).toBe("client relance");
    expect((await history(quote.id)).at(-1)).toMatchObject({
      action: "reminded",
      changes: { status: { from: "envoye au client", to: "client relance" } },
    });
    expect((await api(admin, "POST", `/api/quotes/${quote.id}/remind`, mail)).statusCode).toBe(201);
    expect((await history(quote.id)).at(-1)).toMatchObject({ action: "reminded", changes: null });

    const messages = (await api(compagnon, "GET", `/api/quotes/${quote.id}/messages`)).json().data;
    expect(messages.map((m: { kind: string }) => m.kind)).toEqual(["quote_reminder", "quote_reminder", "quote_send"]);
  });

  it("refuses a draft or an answered quote (409)", async () => {
    const quote = await draftQuote();
    const draft = await api(admin, "POST", `/api/quotes/${quote.id}/remind`, mail);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().error).toBe(MESSAGE_TEXTS.quoteNotRemindable);
    await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { status: "valide" }));
    expect((await api(admin, "POST", `/api/quotes/${quote.id}/remind`, mail)).statusCode).toBe(409);
  });
});

describe("quote messages: permissions and companies", () => {
  it("reads with quotes:view, sends with quotes:edit", async () => {
    const quote = await draftQuote();
    expect((await api(compagnon, "GET", `/api/quotes/${quote.id}/messages`)).statusCode).toBe(200);
    for (const action of ["send", "remind"]) {
      expect((await api(compagnon, "POST", `/api/quotes/${quote.id}/${action}`, mail)).statusCode).toBe(403);
    }
    expect((await api(norole, "GET", `/api/quotes/${quote.id}/send-draft`)).statusCode).toBe(403);
    expect((await api(norole, "GET", `/api/quotes/${quote.id}/messages`)).statusCode).toBe(403);
  });

  it("answers 404 for another company's quote or a malformed id, and writes nothing", async () => {
    const quote = await draftQuote();
    for (const id of [quote.id, "pas-un-uuid"]) {
      for (const [method, url] of [
        ["GET", `/api/quotes/${id}/send-draft`],
        ["GET", `/api/quotes/${id}/messages`],
        ["POST", `/api/quotes/${id}/send`],
        ["POST", `/api/quotes/${id}/remind`],
      ] as const) {
        const res = await api(otherAdmin, method, url, method === "POST" ? mail : undefined);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toBe(QUOTE_TEXTS.notFound);
      }
    }
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().status).toBe("en cours de redaction");
    const written = await db.run("platform", (tx) =>
      tx
        .select()
        .from(quoteHistory)
        .where(and(eq(quoteHistory.quoteId, quote.id), eq(quoteHistory.action, "sent"))),
    );
    expect(written).toEqual([]);
  });
});

describe("drizzle/0043: the signing links stored in clear before are masked", () => {
  it("masks every /signer/<token> of a quote's message, and nothing else", async () => {
    const token = "A".repeat(43);
    const body = `Bonjour,\n\nhttp://localhost:3000/signer/${token}\nVoir aussi https://exemple.fr/signer/court`;
    const id = await db.run("platform", async (tx) => {
      const [row] = await tx
        .insert(outboxMessages)
        .values({
          companyId: company.id,
          kind: "quote_send",
          status: "sent",
          transport: "outbox",
          toAddresses: ["martin@ex.fr"],
          ccAddresses: [],
          subject: "Votre devis",
          body,
          searchText: "votre devis",
        })
        .returning({ id: outboxMessages.id });
      return row?.id ?? "";
    });
    const migration = readFileSync(
      path.resolve(import.meta.dirname, "../../../../drizzle/0043_signing_links_masked.sql"),
      "utf8",
    );
    await db.run("platform", (tx) => tx.execute(sql.raw(migration)));
    const [after] = await db.run("platform", (tx) =>
      tx.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.id, id)),
    );
    expect(after?.body).toBe(
      "Bonjour,\n\nhttp://localhost:3000/signer/[masqué]\nVoir aussi https://exemple.fr/signer/court",
    );
  });
});
