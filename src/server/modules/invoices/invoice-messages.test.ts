import { outboxAttachments, outboxMessages } from "@server/db/schema";
import { addDays, parisToday } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { INVOICE_TEXTS } from "@shared/invoices";
import { DEFAULT_TEMPLATES, MESSAGE_TEXTS } from "@shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupInvoicesTest } from "./invoices.fixtures";

const { db, api, company, admin, chef, compagnon, norole, viewer, otherAdmin, createInvoice, issue, issueOn, get } =
  await setupInvoicesTest();

const mail = { to: ["martin@ex.fr"], cc: [], subject: "Votre facture", body: "Bonjour,\n\nci-joint." };
const today = parisToday();

/** An issued invoice due in 30 days (not late). */
const issued = async () => issue((await createInvoice()).id);
/** An issued invoice whose due date has passed (issued 40 days ago, due 30 days after). */
const late = async () => issueOn(addDays(today, -40), (await createInvoice(admin, { date: addDays(today, -40) })).id);

async function stored(messageId: string) {
  return db.run({ companyId: company.id }, async (tx) => {
    const [message] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
    const [attachment] = await tx.select().from(outboxAttachments).where(eq(outboxAttachments.messageId, messageId));
    return { message, attachment };
  });
}

describe("GET /api/invoices/:id/send-draft", () => {
  it("fills the invoice's template: client e-mail, reference, amount TTC, due date", async () => {
    const invoice = await issued();
    const res = await api(viewer, "GET", `/api/invoices/${invoice.id}/send-draft`);
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json();
    expect(draft).toMatchObject({ to: ["martin@ex.fr"], cc: [], attachment_name: `${invoice.reference}.pdf` });
    expect(draft.subject).toBe(`Facture ${invoice.reference} — ${company.name}`);
    expect(draft.body).toBe(
      DEFAULT_TEMPLATES.invoice_send.body
        .replace("{client}", "Famille Martin")
        .replace("{reference}", invoice.reference)
        .replace("{montant}", formatEuro(invoice.total))
        .replace("{echeance}", formatDate(invoice.due_date))
        .replace("{entreprise}", company.name),
    );
  });

  it("refuses a draft (409), and a reminder of an invoice not late (409)", async () => {
    const draft = await createInvoice();
    const res = await api(admin, "GET", `/api/invoices/${draft.id}/send-draft`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MESSAGE_TEXTS.invoiceDraft);
    const onTime = await issued();
    const remind = await api(admin, "GET", `/api/invoices/${onTime.id}/send-draft?kind=remind`);
    expect(remind.statusCode).toBe(409);
    expect(remind.json().error).toBe(MESSAGE_TEXTS.invoiceNotRemindable);
  });
});

describe("POST /api/invoices/:id/send", () => {
  it("mails an issued invoice with its Factur-X (the bytes of GET …/pdf); its status is unchanged", async () => {
    const invoice = await issued();
    const res = await api(chef, "POST", `/api/invoices/${invoice.id}/send`, { ...mail, cc: ["compta@ex.fr"] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: "invoice_send",
      to: ["martin@ex.fr"],
      cc: ["compta@ex.fr"],
      subject: "Votre facture",
      document: { type: "invoice", id: invoice.id, reference: invoice.reference },
      attachment_name: `${invoice.reference}.pdf`,
    });
    const { message, attachment } = await stored(res.json().id);
    expect(message?.body).toBe(mail.body);
    const pdf = await api(admin, "GET", `/api/invoices/${invoice.id}/pdf`);
    expect(Buffer.compare(Buffer.from(attachment?.content ?? []), pdf.rawPayload)).toBe(0);
    expect(pdf.rawPayload.includes("factur-x.xml")).toBe(true);
    expect((await get(invoice.id)).status).toBe("sent");

    const listed = (await api(viewer, "GET", `/api/invoices/${invoice.id}/messages`)).json().data;
    expect(listed.map((m: { id: string }) => m.id)).toEqual([res.json().id]);
  });

  it("issue 32: `emailed_at` — null while issued only or kept in « Messages », the mail server's time once it took it", async () => {
    const invoice = await issued();
    expect((await get(invoice.id)).emailed_at).toBeNull();
    const res = await api(chef, "POST", `/api/invoices/${invoice.id}/send`, mail);
    expect(res.statusCode, res.body).toBe(201);
    // Without a mail server the message waits in « Messages »: not sent to the client.
    expect((await get(invoice.id)).emailed_at).toBeNull();
    // The delivery loop handing it to an SMTP server.
    const sentAt = new Date("2026-03-12T10:00:00.000Z");
    await db.run({ companyId: company.id }, (tx) =>
      tx
        .update(outboxMessages)
        .set({ transport: "smtp", status: "sent", sentAt })
        .where(eq(outboxMessages.id, res.json().id)),
    );
    expect((await get(invoice.id)).emailed_at).toBe(sentAt.toISOString());
    const rows = (await api(viewer, "GET", `/api/invoices?search=${invoice.reference}`)).json().invoices;
    expect(rows.find((r: { id: string }) => r.id === invoice.id)?.emailed_at).toBe(sentAt.toISOString());
    // `status` keeps its meaning: still `sent` (issued).
    expect((await get(invoice.id)).status).toBe("sent");
  });

  it("refuses a draft (409) and writes nothing", async () => {
    const draft = await createInvoice();
    const res = await api(admin, "POST", `/api/invoices/${draft.id}/send`, mail);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", error: MESSAGE_TEXTS.invoiceDraft });
    expect((await api(admin, "GET", `/api/invoices/${draft.id}/messages`)).json().data).toEqual([]);
  });

  it.each([
    [{ ...mail, to: [] }, "to", MESSAGE_TEXTS.recipientRequired],
    [{ ...mail, to: ["martin@ex.fr", "x@"] }, "to.1", MESSAGE_TEXTS.recipientInvalid],
    [{ ...mail, subject: "Facture\nBcc: x@y.fr" }, "subject", MESSAGE_TEXTS.subjectInvalid],
  ])("refuses %j with its message", async (payload, path, message) => {
    const invoice = await issued();
    const res = await api(admin, "POST", `/api/invoices/${invoice.id}/send`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path, message });
  });
});

describe("POST /api/invoices/:id/remind", () => {
  it("reminds a late invoice with the reminder's kind; refuses one on time or paid (409)", async () => {
    const invoice = await late();
    expect((await get(invoice.id)).overdue).toBe(true);
    const draft = (await api(admin, "GET", `/api/invoices/${invoice.id}/send-draft?kind=remind`)).json();
    expect(draft.subject).toBe(`Relance\u00a0: facture ${invoice.reference} — ${company.name}`);
    expect(draft.body).toContain(`échue le ${formatDate(invoice.due_date)}`);
    const res = await api(admin, "POST", `/api/invoices/${invoice.id}/remind`, mail);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().kind).toBe("invoice_reminder");

    const onTime = await issued();
    const refused = await api(admin, "POST", `/api/invoices/${onTime.id}/remind`, mail);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MESSAGE_TEXTS.invoiceNotRemindable);
    expect((await api(admin, "POST", `/api/invoices/${invoice.id}/pay`, {})).statusCode).toBe(200);
    expect((await api(admin, "POST", `/api/invoices/${invoice.id}/remind`, mail)).statusCode).toBe(409);
  });
});

describe("invoice messages: permissions and companies", () => {
  it("reads with invoices:view, sends with invoices:edit", async () => {
    const invoice = await issued();
    expect((await api(viewer, "GET", `/api/invoices/${invoice.id}/send-draft`)).statusCode).toBe(200);
    expect((await api(viewer, "POST", `/api/invoices/${invoice.id}/send`, mail)).statusCode).toBe(403);
    for (const token of [compagnon, norole]) {
      expect((await api(token, "GET", `/api/invoices/${invoice.id}/messages`)).statusCode).toBe(403);
      expect((await api(token, "POST", `/api/invoices/${invoice.id}/send`, mail)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's invoice or a malformed id", async () => {
    const invoice = await late();
    for (const id of [invoice.id, "pas-un-uuid"]) {
      for (const [method, url] of [
        ["GET", `/api/invoices/${id}/send-draft`],
        ["GET", `/api/invoices/${id}/messages`],
        ["POST", `/api/invoices/${id}/send`],
        ["POST", `/api/invoices/${id}/remind`],
      ] as const) {
        const res = await api(otherAdmin, method, url, method === "POST" ? mail : undefined);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toBe(INVOICE_TEXTS.notFound);
      }
    }
    expect((await api(admin, "GET", `/api/invoices/${invoice.id}/messages`)).json().data).toEqual([]);
  });
});
