/**
 * Sending and reminding a quote from the app (issue 18, docs/domain/messages.md#send-and-remind): the
 * dialog's draft, the message with the quote's PDF and a new signing link, the status and history
 * written in the same transaction, and the quote's messages.
 */

import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { RenderLog } from "@server/pdf/document";
import { parisToday } from "@shared/dates";
import { MESSAGE_TEXTS, type MessageDraft, type MessageSend, type MessageSummary } from "@shared/messages";
import {
  DRAFT_QUOTE_STATUS,
  isFinalQuoteStatus,
  PENDING_QUOTE_STATUSES,
  QUOTE_TEXTS,
  type Quote,
  type QuoteStatus,
} from "@shared/quotes";
import { draftOf, outgoing } from "../documents/document-mail";
import type { EnqueueMessage, IssueSigningLink } from "../messages/contract";
import { maskedUrl } from "../messages/link-secrets";
import { enqueueMessage } from "../messages/mailer";
import { messagesOfDocument } from "../messages/messages.service";
import { actorOf } from "./quote-history.service";
import { changeQuoteStatus } from "./quote-status";
import { quotesRepository } from "./quotes.repository";
import type { QuotesService } from "./quotes.service";
import { issueSigningLink } from "./signing-links";

export const QUOTE_MESSAGES_ACCESS = permissions({
  draft: "quotes:view",
  messages: "quotes:view",
  send: "quotes:edit",
  remind: "quotes:edit",
});

export type QuoteMessageKind = "send" | "remind";

/** Sent: any quote not final (a draft becomes « Envoyé au client »); reminded: a sent or reminded one (409 otherwise). */
function assertMayMail(quote: Pick<Quote, "status" | "valid_until">, kind: QuoteMessageKind): void {
  if (kind === "send" && isFinalQuoteStatus(quote.status)) throw errors.conflict(MESSAGE_TEXTS.quoteNotSendable);
  if (kind === "remind" && !PENDING_QUOTE_STATUSES.includes(quote.status)) {
    throw errors.conflict(MESSAGE_TEXTS.quoteNotRemindable);
  }
  // The signing link expires with the quote's validity: sent past it, the client could not sign.
  if (quote.valid_until !== null && quote.valid_until < parisToday()) {
    throw errors.conflict(MESSAGE_TEXTS.quoteValidityPassed);
  }
}

/** The status after the message: a draft is sent; a reminder makes it « Client relancé »; otherwise unchanged. */
function statusAfter(status: QuoteStatus, kind: QuoteMessageKind): QuoteStatus {
  if (kind === "remind") return "client relance";
  return status === DRAFT_QUOTE_STATUS ? "envoye au client" : status;
}

/**
 * The body with the signing link's URL in place of {lien_signature} (or of the draft's « (lien créé à
 * l'envoi) »); a body that names neither gets the link on a last line: a sent quote always carries it.
 */
export function withSigningLink(body: string, url: string): string {
  const filled = body.replaceAll("{lien_signature}", url).replaceAll(MESSAGE_TEXTS.linkAtSending, url);
  return filled.includes(url) ? filled : `${filled}\n\n${MESSAGE_TEXTS.linkLine} ${url}`;
}

export function createQuoteMessagesService(
  db: Database,
  quotes: Pick<QuotesService, "pdfInTransaction">,
  seams: { enqueue: EnqueueMessage; issueLink: IssueSigningLink } = {
    enqueue: enqueueMessage,
    issueLink: issueSigningLink,
  },
) {
  /**
   * Sends (or reminds) in one transaction: the quote locked and checked, the status and its history
   * entry, the quote's PDF — the bytes of GET …/pdf —, a new signing link (expiring with the quote's
   * validity) that freezes this version and these bytes, the message. Any failure leaves nothing of it.
   */
  async function mail(
    auth: AuthContext,
    id: string,
    input: MessageSend,
    kind: QuoteMessageKind,
    log?: RenderLog,
  ): Promise<MessageSummary> {
    const t = tenant(auth, QUOTE_MESSAGES_ACCESS[kind], QUOTE_TEXTS.companyRequired);
    const quoteId = idOr404(id, QUOTE_TEXTS.notFound);
    return db.run(t.scope, async (tx) => {
      const quote = await quotesRepository.find(tx, t.companyId, quoteId, { lock: true });
      if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
      assertMayMail(quote, kind);
      await changeQuoteStatus(tx, t.companyId, {
        quote,
        to: statusAfter(quote.status, kind),
        actor: actorOf(auth),
        action: kind === "send" ? "sent" : "reminded",
        metadata: { to: input.to, cc: input.cc },
      });
      // The quote as it is now (a PDF is dated by the quote's last change): the bytes GET …/pdf answers.
      const sent = await quotesRepository.find(tx, t.companyId, quoteId);
      if (!sent) throw errors.notFound(QUOTE_TEXTS.notFound);
      const pdf = await quotes.pdfInTransaction(tx, t.companyId, sent, log);
      // The link presents this version and these bytes, whatever happens to the quote later
      // (docs/domain/signing.md#what-the-client-signs).
      const link = await seams.issueLink(tx, {
        companyId: t.companyId,
        quoteId,
        expiresOn: quote.valid_until,
        createdBy: auth.userId,
        frozen: { quote: sent, pdf },
      });
      const message = await seams.enqueue(tx, {
        ...outgoing(
          t.companyId,
          auth,
          kind === "send" ? "quote_send" : "quote_reminder",
          input,
          { type: "quote", id: quoteId, reference: quote.reference, pdf },
          // Named masked in the stored body; the link itself travels sealed (link-secrets.ts).
          withSigningLink(input.body, maskedUrl(link.url)),
        ),
        link: link.url,
        keepLink: true,
      });
      const summary = (await messagesOfDocument(tx, t.companyId, "quote", quoteId)).find((m) => m.id === message.id);
      if (!summary) throw new Error("message not written");
      return summary;
    });
  }

  return {
    /** GET …/send-draft?kind=send|remind: the dialog's starting point ({lien_signature}: « (lien créé à l'envoi) »). */
    async draft(auth: AuthContext, id: string, kind: QuoteMessageKind): Promise<MessageDraft> {
      const t = tenant(auth, QUOTE_MESSAGES_ACCESS.draft, QUOTE_TEXTS.companyRequired);
      const quoteId = idOr404(id, QUOTE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const quote = await quotesRepository.find(tx, t.companyId, quoteId);
        if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
        assertMayMail(quote, kind);
        return draftOf(tx, t.companyId, kind === "send" ? "quote_send" : "quote_reminder", {
          email: quote.client.email,
          client: quote.client.name,
          reference: quote.reference,
          total: quote.total,
          objet: quote.name,
          lien_signature: MESSAGE_TEXTS.linkAtSending,
        });
      });
    },

    send: (auth: AuthContext, id: string, input: MessageSend, log?: RenderLog) => mail(auth, id, input, "send", log),
    remind: (auth: AuthContext, id: string, input: MessageSend, log?: RenderLog) =>
      mail(auth, id, input, "remind", log),

    /** GET …/messages: the quote's messages, newest first. */
    async messages(auth: AuthContext, id: string): Promise<{ data: MessageSummary[] }> {
      const t = tenant(auth, QUOTE_MESSAGES_ACCESS.messages, QUOTE_TEXTS.companyRequired);
      const quoteId = idOr404(id, QUOTE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        if (!(await quotesRepository.exists(tx, t.companyId, quoteId))) throw errors.notFound(QUOTE_TEXTS.notFound);
        return { data: await messagesOfDocument(tx, t.companyId, "quote", quoteId) };
      });
    },
  };
}
