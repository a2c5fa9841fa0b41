/** Machine codes of API errors (docs/domain/api.md#errors). The message is always French. */
export const ERROR_CODES = {
  VALIDATION: "VALIDATION_ERROR",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  INVALID_CREDENTIALS: "INVALID_CREDENTIALS",
  SESSION_EXPIRED: "SESSION_EXPIRED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  /** 410: what the request names is no longer there as it was (a signing link of an older version of its quote). */
  GONE: "GONE",
  /** A PUT/PATCH whose `If-Match` names a version someone else has since replaced (ADR 0024). */
  STALE_VERSION: "STALE_VERSION",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "RATE_LIMITED",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_ERROR",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * The body of every API error (docs/domain/api.md#errors), inferred from `errorResponseSchema`. A type
 * only import: this module stays free of zod (it is in the login page's bundle, ADR 0005 §3).
 */
export type { ErrorResponse } from "./http";

export const MESSAGES = {
  invalidCredentials: "E-mail ou mot de passe incorrect",
  unauthenticated: "Authentification requise",
  invalidToken: "Token invalide",
  refreshFailed: "Échec du rafraîchissement du token",
  forbidden: "Vous n’avez pas les permissions nécessaires pour effectuer cette action",
  notFound: "Ressource introuvable",
  routeNotFound: "Route introuvable",
  internal: "Une erreur interne est survenue. Veuillez réessayer plus tard.",
  payloadTooLarge: "La requête est trop volumineuse",
  accountDisabled: "Ce compte est désactivé. Contactez votre administrateur.",
  companySuspended: "Votre entreprise est suspendue. Contactez le support Propulse.",
  tooManyAttempts: (minutes: number) =>
    `Trop de tentatives de connexion. Veuillez réessayer dans ${minutes > 1 ? `${minutes}\u00a0minutes` : `${minutes}\u00a0minute`}.`,
  tooManyRequests: "Trop de requêtes. Veuillez patienter avant de réessayer.",
  invalidBody: "Données invalides",
  /** The body itself is not a JSON object (null, a list, a text, nothing). */
  bodyNotObject: "Le corps de la requête doit être un objet JSON",
  invalidJson: "Le corps de la requête n’est pas un JSON valide",
  emptyJson: "Le corps de la requête est vide alors qu’il est annoncé en JSON",
  unsupportedMediaType: "Type de contenu non pris en charge\u00a0: envoyez du JSON (application/json)",
  badUrl: "Adresse de la requête invalide",
  /** A text holding U+0000, which PostgreSQL's text cannot store (docs/domain/api.md#text). */
  nulCharacter: "Caractère nul (U+0000) non autorisé dans un texte",
  /** A request that reaches the server while it stops (deployment, restart): the client may retry. */
  /** A save made on a version someone else has replaced since it was loaded (409, ADR 0024). */
  staleVersion:
    "Ces informations ont été modifiées par quelqu’un d’autre depuis leur ouverture\u00a0: rechargez-les pour voir ses modifications.",
  serverClosing: "Le serveur redémarre. Veuillez réessayer dans quelques secondes.",
} as const;
