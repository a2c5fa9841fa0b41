/**
 * Sending and reminding an invoice from the app (issue 18, docs/domain/messages.md#send-and-remind):
 * the dialog's draft, the message with the issued document's Factur-X attached, and the invoice's
 * messages. An invoice's status does not change (it was « envoyée » when issued).
 */
import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { RenderLog } from "@server/pdf/document";
import { parisToday } from "@shared/dates";
import { formatDate } from "@shared/format";
import { INVOICE_TEXTS, isOverdue } from "@shared/invoices";
import { MESSAGE_TEXTS, type MessageDraft, type MessageSend, type MessageSummary } from "@shared/messages";
import { draftOf, outgoing } from "../documents/document-mail";
import type { EnqueueMessage } from "../messages/contract";
import { enqueueMessage } from "../messages/mailer";
import { messagesOfDocument } from "../messages/messages.service";
import { invoicesRepository } from "./invoices.repository";
import type { InvoicesService } from "./invoices.service";

export const INVOICE_MESSAGES_ACCESS = permissions({
  draft: "invoices:view",
  messages: "invoices:view",
  send: "invoices:edit",
  remind: "invoices:edit",
});

export type InvoiceMessageKind = "send" | "remind";

export function createInvoiceMessagesService(
  db: Database,
  invoices: Pick<InvoicesService, "pdfInTransaction">,
  options: { today?: () => string; enqueue?: EnqueueMessage } = {},
) {
  const today = options.today ?? parisToday;
  const enqueue = options.enqueue ?? enqueueMessage;

  /**
   * The invoice (locked when it is to be sent), the company's: issued (409 for a draft), and overdue
   * for a reminder (409 otherwise).
   */
  async function mailable(tx: Db, companyId: string, id: string, kind: InvoiceMessageKind, lock: boolean) {
    const found = await invoicesRepository.find(tx, companyId, id, { lock });
    if (!found) throw errors.notFound(INVOICE_TEXTS.notFound);
    if (found.status === "draft") throw errors.conflict(MESSAGE_TEXTS.invoiceDraft);
    if (kind === "remind" && !isOverdue(found, today())) throw errors.conflict(MESSAGE_TEXTS.invoiceNotRemindable);
    const invoice = await invoicesRepository.detail(tx, companyId, id);
    if (!invoice) throw errors.notFound(INVOICE_TEXTS.notFound);
    return invoice;
  }

  /** Sends (or reminds) in one transaction: the invoice checked, its Factur-X (the bytes of GET …/pdf), the message. */
  async function mail(
    auth: AuthContext,
    id: string,
    input: MessageSend,
    kind: InvoiceMessageKind,
    log?: RenderLog,
  ): Promise<MessageSummary> {
    const t = tenant(auth, INVOICE_MESSAGES_ACCESS[kind], INVOICE_TEXTS.companyRequired);
    const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
    return db.run(t.scope, async (tx) => {
      const invoice = await mailable(tx, t.companyId, invoiceId, kind, true);
      const pdf = await invoices.pdfInTransaction(tx, t.companyId, invoiceId, log);
      const message = await enqueue(
        tx,
        outgoing(t.companyId, auth, kind === "send" ? "invoice_send" : "invoice_reminder", input, {
          type: "invoice",
          id: invoiceId,
          reference: invoice.reference,
          pdf,
        }),
      );
      const sent = (await messagesOfDocument(tx, t.companyId, "invoice", invoiceId)).find((m) => m.id === message.id);
      if (!sent) throw new Error("message not written");
      return sent;
    });
  }

  return {
    /** GET …/send-draft?kind=send|remind: the dialog's starting point ({echeance}: the due date, dd/mm/yyyy). */
    async draft(auth: AuthContext, id: string, kind: InvoiceMessageKind): Promise<MessageDraft> {
      const t = tenant(auth, INVOICE_MESSAGES_ACCESS.draft, INVOICE_TEXTS.companyRequired);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const invoice = await mailable(tx, t.companyId, invoiceId, kind, false);
        return draftOf(tx, t.companyId, kind === "send" ? "invoice_send" : "invoice_reminder", {
          email: invoice.client.email,
          client: invoice.client.name,
          reference: invoice.reference,
          total: invoice.total,
          objet: invoice.name,
          echeance: formatDate(invoice.due_date) || "—",
        });
      });
    },

    send: (auth: AuthContext, id: string, input: MessageSend, log?: RenderLog) => mail(auth, id, input, "send", log),
    remind: (auth: AuthContext, id: string, input: MessageSend, log?: RenderLog) =>
      mail(auth, id, input, "remind", log),

    /** GET …/messages: the invoice's messages, newest first. */
    async messages(auth: AuthContext, id: string): Promise<{ data: MessageSummary[] }> {
      const t = tenant(auth, INVOICE_MESSAGES_ACCESS.messages, INVOICE_TEXTS.companyRequired);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        if (!(await invoicesRepository.find(tx, t.companyId, invoiceId))) throw errors.notFound(INVOICE_TEXTS.notFound);
        return { data: await messagesOfDocument(tx, t.companyId, "invoice", invoiceId) };
      });
    },
  };
}
