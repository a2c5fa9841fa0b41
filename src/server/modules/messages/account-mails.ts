import type { Db } from "@server/db/client";
import { INVITATION_DAYS, RESET_HOURS } from "@shared/account-rules";
import { plural } from "@shared/format";
import { maskedUrl } from "./link-secrets";
import { publicUrl } from "./mail-config";
import { enqueueMessage } from "./mailer";
import { outboxRepository } from "./outbox.repository";

/**
 * The accounts' links by mail (docs/domain/messages.md#accounts-mails): an invitation or a password reset
 * issued by an administrator (or a SuperAdmin for a new company's first administrator) is also sent to
 * the person, through the outbox like every message. The stored body names the link with its token
 * masked; the link itself goes to the mailer apart (`link`), sealed for the delivery loop when SMTP
 * sends, dropped when the app keeps the message (link-secrets.ts). Never logged, never in a subject; the
 * answer of the route keeps returning the link as before.
 */
export interface AccountLinkMail {
  companyId: string;
  kind: "invitation" | "password_reset";
  to: string;
  fullName: string;
  /** The link's path (`/invitation/<token>`, `/reinitialiser/<token>`): the mail names its full URL. */
  path: string;
  createdBy: { id: string; name: string } | null;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export async function mailAccountLink(tx: Db, mail: AccountLinkMail): Promise<{ id: string }> {
  const company = oneLine((await outboxRepository.companyName(tx, mail.companyId)) ?? "Propulse");
  const link = publicUrl(mail.path);
  const url = maskedUrl(link);
  const hello = `Bonjour ${oneLine(mail.fullName)},`;
  const message =
    mail.kind === "invitation"
      ? {
          subject: `Invitation à rejoindre ${company} sur Propulse`,
          body: [
            hello,
            "",
            `${mail.createdBy ? oneLine(mail.createdBy.name) : "Un administrateur"} vous invite à rejoindre ${company} sur Propulse.`,
            "",
            `Pour activer votre compte et choisir votre mot de passe, ouvrez ce lien (valable ${plural(INVITATION_DAYS, "jour")})\u00a0:`,
            url,
            "",
            "Si vous n’attendiez pas cette invitation, ignorez ce message.",
          ].join("\n"),
        }
      : {
          subject: "Réinitialisation de votre mot de passe Propulse",
          body: [
            hello,
            "",
            `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${plural(RESET_HOURS, "heure")})\u00a0:`,
            url,
            "",
            "Si vous n’avez pas demandé ce changement, ignorez ce message\u00a0: votre mot de passe actuel reste valable.",
          ].join("\n"),
        };
  return enqueueMessage(tx, {
    companyId: mail.companyId,
    kind: mail.kind,
    to: [mail.to],
    subject: message.subject,
    body: message.body,
    createdBy: mail.createdBy,
    link,
  });
}
