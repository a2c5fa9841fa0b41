/**
 * The accounts' texts a zod-free page needs (docs/domain/accounts.md): the login screen shows the
 * « Mot de passe oublié ? » answer without loading `accounts.ts`, whose schemas bring zod (ADR 0005 §10).
 * `ACCOUNT_TEXTS.forgotPassword` is this text.
 */
export const FORGOT_PASSWORD_TEXT =
  "Demandez à l'administrateur de votre entreprise de vous envoyer un lien de réinitialisation depuis «\u00a0Utilisateurs\u00a0».";
