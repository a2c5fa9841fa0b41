/**
 * Messages sent from the app (issue 18, docs/domain/messages.md): the outbox, the company's templates
 * and their variables, reminders. Pure and zod-free (the web's screens import it without the schemas).
 */

/** What a message is about. */
export const MESSAGE_KINDS = [
  "quote_send",
  "invoice_send",
  "quote_reminder",
  "invoice_reminder",
  "quote_signed",
  "invitation",
  "password_reset",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The templates a company edits in « Paramètres » (the others are the app's own texts). */
export const TEMPLATE_KINDS = ["quote_send", "invoice_send", "quote_reminder", "invoice_reminder"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/**
 * `pending`: waiting for the SMTP server (first try or a retry); `sent`: handed to the SMTP server, or
 * kept in the in-app outbox when no SMTP is configured; `failed`: given up after the last retry.
 */
export const MESSAGE_STATUSES = ["pending", "sent", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: "En attente",
  sent: "Envoyé",
  failed: "Échec",
};

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  quote_send: "Envoi de devis",
  invoice_send: "Envoi de facture",
  quote_reminder: "Relance de devis",
  invoice_reminder: "Relance de facture",
  quote_signed: "Devis signé",
  invitation: "Invitation",
  password_reset: "Réinitialisation du mot de passe",
};

/** The variables a template may hold, and what each becomes. */
export const TEMPLATE_VARIABLES = [
  "client",
  "reference",
  "montant",
  "lien_signature",
  "echeance",
  "entreprise",
  "objet",
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** What each variable becomes, as the templates editor lists them (« Paramètres », « Messages »). */
export const TEMPLATE_VARIABLE_LABELS: Record<TemplateVariable, string> = {
  client: "Nom du client",
  reference: "Référence du document",
  montant: "Montant TTC",
  lien_signature: "Lien de signature en ligne",
  echeance: "Date d’échéance",
  entreprise: "Nom de votre entreprise",
  objet: "Objet du devis",
};

/** The variables each template may use (a quote has a signing link, an invoice a due date). */
export const TEMPLATE_KIND_VARIABLES: Record<TemplateKind, readonly TemplateVariable[]> = {
  quote_send: ["client", "reference", "objet", "montant", "lien_signature", "entreprise"],
  invoice_send: ["client", "reference", "montant", "echeance", "entreprise"],
  quote_reminder: ["client", "reference", "objet", "montant", "lien_signature", "entreprise"],
  invoice_reminder: ["client", "reference", "montant", "echeance", "entreprise"],
};

export const MESSAGE_LIMITS = {
  subjectMax: 200,
  bodyMax: 10_000,
  recipientsMax: 10,
  /** SMTP retries after the first try: 1 min, 5 min, 30 min, 2 h. */
  retryDelaysMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000],
  /** « À relancer »: quotes sent more than this many days ago without answer (company setting default). */
  reminderAfterDaysDefault: 7,
  pageSize: 50,
} as const;

/**
 * Replaces each {variable} of `text` by its value; an unknown or missing variable is left as written
 * (the person sees it in the dialog before sending). Values are plain text: never interpreted.
 */
export function fillTemplate(text: string, values: Partial<Record<TemplateVariable, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    const value = values[name as TemplateVariable];
    return value === undefined ? whole : value;
  });
}

/** The templates a company starts with (« Paramètres » may change them). */
export const DEFAULT_TEMPLATES: Record<TemplateKind, { subject: string; body: string }> = {
  quote_send: {
    subject: "Devis {reference} — {entreprise}",
    body:
      "Bonjour {client},\n\nVeuillez trouver ci-joint notre devis {reference} ({objet}) d’un montant de {montant}.\n\n" +
      "Vous pouvez le consulter et le signer en ligne\u00a0: {lien_signature}\n\nCordialement,\n{entreprise}",
  },
  invoice_send: {
    subject: "Facture {reference} — {entreprise}",
    body:
      "Bonjour {client},\n\nVeuillez trouver ci-joint notre facture {reference} d’un montant de {montant}, " +
      "à régler avant le {echeance}.\n\nCordialement,\n{entreprise}",
  },
  quote_reminder: {
    subject: "Relance\u00a0: devis {reference} — {entreprise}",
    body:
      "Bonjour {client},\n\nSauf erreur de notre part, nous n’avons pas encore reçu votre réponse à notre devis " +
      "{reference} ({objet}) d’un montant de {montant}.\n\nVous pouvez le signer en ligne\u00a0: {lien_signature}\n\n" +
      "Cordialement,\n{entreprise}",
  },
  invoice_reminder: {
    subject: "Relance\u00a0: facture {reference} — {entreprise}",
    body:
      "Bonjour {client},\n\nSauf erreur de notre part, notre facture {reference} d’un montant de {montant}, " +
      "échue le {echeance}, reste impayée. Merci de procéder à son règlement.\n\nCordialement,\n{entreprise}",
  },
};

export const MESSAGE_TEXTS = {
  outboxTitle: "Messages envoyés",
  sendToClient: "Envoyer au client",
  remind: "Relancer",
  toRemind: "À relancer",
  sent: "Message envoyé",
  sendFailed: "Erreur lors de l’envoi du message",
  recipientRequired: "Au moins un destinataire",
  recipientInvalid: "Adresse e-mail invalide",
  tooManyRecipients: "10 destinataires au plus",
  subjectRequired: "L’objet est obligatoire",
  subjectInvalid: "L’objet ne peut pas contenir de retour à la ligne",
  bodyRequired: "Le message est obligatoire",
  // A pending invitation or reset mail whose sealed link cannot be read any more (the server's secret changed).
  linkUnreadable:
    "Lien illisible (la clé du serveur a changé)\u00a0: envoyez un nouveau lien depuis «\u00a0Utilisateurs\u00a0»",
  notFound: "Message introuvable",
  noMessages: "Aucun message envoyé",
  invoiceDraft: "Une facture brouillon ne s’envoie pas\u00a0: émettez-la d’abord",
  quoteNotSendable: "Ce devis ne peut plus être envoyé",
  quoteNotRemindable: "Seul un devis envoyé ou relancé peut être relancé",
  /** Its signing link would expire at once (docs/domain/messages.md#quotes). */
  quoteValidityPassed: "La date de validité du devis est dépassée\u00a0: prolongez-la avant de l’envoyer",
  invoiceNotRemindable: "Seule une facture en retard peut être relancée",
  /** What {lien_signature} shows in the dialog: the link is made when the message is sent. */
  linkAtSending: "(lien créé à l’envoi)",
  /** Appended to a quote's message whose body no longer names the link (each sent quote carries one). */
  linkLine: "Consulter et signer le devis\u00a0:",
  reminded: "Relance envoyée",
  /**
   * Issue 32: without a mail server a message is kept in « Messages », not sent: the dialog says so
   * instead of « Message envoyé ».
   */
  keptInOutbox: "Message enregistré dans «\u00a0Messages\u00a0», pas encore envoyé",
  keptInOutboxDetail: (label: string, to: string) =>
    `${label} · ${to}\u00a0: aucun serveur d’envoi n’est configuré, le message attend dans «\u00a0Messages\u00a0».`,
} as const;
