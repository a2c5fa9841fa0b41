/**
 * What sending and reminding a quote or an invoice share (docs/domain/messages.md#send-and-remind): the
 * company's template filled with the document's values, the sender, the attachment. Pure or read in
 * the caller's transaction; the quote and invoice message services do the rest.
 */
import type { Db } from "@server/db/client";
import type { AuthContext } from "@server/lib/access";
import { formatEuro } from "@shared/format";
import {
  fillTemplate,
  type MessageDraft,
  type MessageSend,
  type TemplateKind,
  type TemplateVariable,
} from "@shared/messages";
import { companyInfoQueries } from "../company/company.queries";
import type { OutgoingMessage } from "../messages/contract";
import { companyTemplate } from "../messages/messages.service";

/** The document's values for the template's variables ({montant}: its total TTC). */
export interface DocumentValues {
  client: string;
  reference: string;
  total: number;
  objet: string;
  echeance?: string;
  lien_signature?: string;
}

/**
 * The dialog's starting point: the client's e-mail (none when the client has none), the company's
 * template for `kind` (or the default) filled in, the attachment's name.
 */
export async function draftOf(
  tx: Db,
  companyId: string,
  kind: TemplateKind,
  document: DocumentValues & { email: string | null },
): Promise<MessageDraft> {
  const template = await companyTemplate(tx, companyId, kind);
  const { name } = await companyInfoQueries.forDocuments(tx, companyId);
  const values: Partial<Record<TemplateVariable, string>> = {
    client: document.client,
    reference: document.reference,
    montant: formatEuro(document.total),
    objet: document.objet,
    entreprise: name,
    ...(document.echeance !== undefined ? { echeance: document.echeance } : {}),
    ...(document.lien_signature !== undefined ? { lien_signature: document.lien_signature } : {}),
  };
  return {
    to: document.email ? [document.email] : [],
    cc: [],
    // A value never holds a line break in a subject (a client's name could): one line, always.
    subject: fillTemplate(template.subject, values).replace(/[\r\n]+/g, " "),
    body: fillTemplate(template.body, values),
    attachment_name: attachmentName(document.reference),
  };
}

/** The attachment's name: the document's reference (`DEV-2026-0001.pdf`). */
export const attachmentName = (reference: string) => `${reference}.pdf`;

/** The message to enqueue from what the person sent (the attachment: the document's own PDF). */
export function outgoing(
  companyId: string,
  auth: AuthContext,
  kind: OutgoingMessage["kind"],
  input: MessageSend,
  document: { type: "quote" | "invoice"; id: string; reference: string; pdf: Uint8Array },
  body: string = input.body,
): OutgoingMessage {
  return {
    companyId,
    kind,
    to: input.to,
    cc: input.cc,
    subject: input.subject,
    body,
    document: { type: document.type, id: document.id },
    attachment: { name: attachmentName(document.reference), contentType: "application/pdf", content: document.pdf },
    createdBy: { id: auth.userId, name: auth.user.full_name },
  };
}
