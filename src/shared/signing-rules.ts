/** Quotes signed by the client (issue 18, docs/domain/signing.md). Pure and zod-free. */

/** Why a signing link shows a page instead of the quote. */
export const SIGNING_STATES = ["open", "signed", "expired", "refused", "cancelled", "invalid"] as const;
export type SigningState = (typeof SIGNING_STATES)[number];

export const SIGNING_LIMITS = {
  signerNameMax: 120,
  /** The drawn signature, a PNG data URL: at most this many bytes once decoded. */
  signatureMaxBytes: 200_000,
  /**
   * And this many pixels a side, 8 bits per sample at most (docs/domain/signing.md#signing): the page's
   * pad is at most 768 × 208 CSS px, drawn at a density of 3 at most (2,304 × 624). Every signed PDF
   * decodes the image again.
   */
  signatureMaxWidth: 2_400,
  signatureMaxHeight: 800,
  /** Public endpoints: requests per IP and minute. */
  ratePerMinute: 30,
} as const;

/**
 * Why a link answers an error rather than a view (docs/domain/signing.md#states): 410 for a link of an
 * older version of the quote, 403 while the company is suspended. The page shows them as states.
 */
export const SIGNING_REFUSALS = ["outdated", "suspended"] as const;
export type SigningRefusal = (typeof SIGNING_REFUSALS)[number];

/** The web page that opens a signing link. */
export const SIGNING_PATH = "/signer/";

export const SIGNING_TEXTS = {
  title: "Signature du devis",
  approval: "Bon pour accord",
  signerName: "Nom et prénom du signataire",
  signerNameRequired: "Indiquez votre nom",
  approvalRequired: "Cochez «\u00a0Bon pour accord\u00a0» pour signer",
  signatureRequired: "Signez dans le cadre",
  signatureInvalid: "Signature illisible\u00a0: recommencez",
  sign: "Signer le devis",
  clear: "Effacer",
  signed: "Devis signé\u00a0: merci\u202f!",
  states: {
    signed: "Ce devis a déjà été signé.",
    expired: "Ce lien de signature a expiré\u00a0: demandez un nouveau devis à l’entreprise.",
    refused: "Ce devis a été refusé.",
    cancelled: "Ce devis a été annulé.",
    invalid: "Ce lien de signature n’est pas valide.",
    /** 410: the quote was changed after this link was sent (a new version, docs/domain/signing.md#what-the-client-signs). */
    outdated:
      "Ce devis a été modifié depuis l’envoi de ce lien\u00a0: il ne peut plus être signé. L’entreprise doit vous envoyer sa nouvelle version.",
    /** 403: the company's account is suspended (docs/domain/signing.md#security). */
    suspended: "Ce lien de signature n’est plus disponible\u00a0: contactez directement l’entreprise.",
  },
  signOnSite: "Faire signer sur place",
  notification: "Devis signé",
  auditTitle: "Journal de signature",
  /** POST /api/quotes/:id/signing-link on a validated, refused or cancelled quote. */
  finalQuote: "Ce devis est finalisé\u00a0: il ne peut plus être signé",
  validityPassed: "La date de validité du devis est dépassée\u00a0: prolongez-la avant de le faire signer",
  /** A signed quote is final: no edit, no status change. */
  signedLocked: "Ce devis a été signé par le client\u00a0: il ne peut plus être modifié",
  tooManyRequests: "Trop de requêtes sur ce lien. Patientez une minute avant de réessayer.",
  download: "Télécharger le PDF",
  downloadSigned: "Télécharger le PDF signé",
  signedBy: "Signé par",
  via: { link: "Lien de signature envoyé au client", on_site: "Sur place, sur l’appareil de l’entreprise" },
  notifications: "Notifications",
  notificationsEmpty: "Aucune notification pour le moment",
  markAllRead: "Tout marquer comme lu",
} as const;

/** The in-app notification of a signed quote (docs/domain/signing.md#notifications). */
export function signedNotificationBody(signer: string, reference: string, quoteName: string): string {
  return `${signer} a signé le devis ${reference} (${quoteName}).`;
}
