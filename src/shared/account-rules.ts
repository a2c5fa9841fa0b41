/**
 * Accounts (issue 15, docs/domain/accounts.md): the texts, the password policy, the plans and the pure
 * rules — everything but the wire schemas, which are in `accounts.ts` and bring zod: a list screen or the
 * login imports this file alone (ADR 0005 §10, docs/conventions.md « <domain>-rules.ts »).
 */
import { dayNumber } from "./dates";
import { formatLongDate, plural } from "./format";

/** The login's « Mot de passe oublié ? » answer (`ACCOUNT_TEXTS.forgotPassword`). */
export const FORGOT_PASSWORD_TEXT =
  "Demandez à l’administrateur de votre entreprise de vous envoyer un lien de réinitialisation depuis «\u00a0Utilisateurs\u00a0».";

// ---------------------------------------------------------------------------------------------
// Texts (spec 3 §8 verbatim where the spec has one; ours, in the same voice, elsewhere)

export const ACCOUNT_TEXTS = {
  // Spec 3 §2.8, §2.12, §5, §8
  userNotFound: "Utilisateur non trouvé",
  roleNotFound: "Rôle non trouvé",
  selectUsers: "Veuillez sélectionner au moins un utilisateur",
  roleNameRequired: "Le nom du rôle est requis",
  roleNameTaken: "Un rôle porte déjà ce nom",
  defaultRoleLocked: "Un rôle par défaut ne peut pas être supprimé",
  superadminPermission: "Les permissions SuperAdmin ne peuvent pas être attribuées par une entreprise",
  unknownPermission: "Permission inconnue",
  unknownRole: "Rôle inconnu",
  unknownUser: "Utilisateur inconnu",
  companyRequired: "Vous devez être connecté à une entreprise pour gérer ses utilisateurs et ses rôles",
  roleNameTooLong: "Le nom du rôle ne peut pas dépasser 80 caractères",
  roleNameReserved: "Ce nom de rôle est réservé à la plateforme",
  cannotGrantUnheld: "Vous ne pouvez pas attribuer une permission que vous n’avez pas",
  // No takeover (issue 31): an action on a user who holds a permission the caller lacks.
  cannotActOnStronger:
    "Vous ne pouvez pas agir sur cet utilisateur\u00a0: il détient des permissions que vous n’avez pas",
  /** The users' list, on a card whose user is out of the signed-in one’s reach (the same rule). */
  strongerUserNote: "Il détient des permissions que vous n’avez pas\u00a0: vous ne pouvez pas modifier ce compte.",
  roleHolderStronger:
    "Un utilisateur de ce rôle détient des permissions que vous n’avez pas\u00a0: vous ne pouvez pas supprimer ce rôle ni lui retirer des permissions",
  rolesUpdated: "Rôles mis à jour",
  rolesUpdateFailed: "Impossible de mettre à jour les rôles de l'utilisateur.",
  roleCreated: "Rôle créé avec succès",
  roleDeleted: "Rôle supprimé avec succès",
  roleUpdated: "Rôle et permissions mis à jour avec succès",
  permissionsUpdated: "Permissions mises à jour avec succès",
  usersAdded: "Utilisateurs ajoutés au rôle avec succès",
  usersRemoved: "Utilisateurs retirés du rôle avec succès",
  // The last administrator (issue 15): the company can never lock itself out.
  lastAdmin:
    "L’entreprise doit garder au moins un utilisateur actif ayant l’accès administrateur\u00a0: cette modification est impossible.",
  // People
  emailRequired: "L'adresse e-mail est requise",
  emailInvalid: "Adresse e-mail invalide",
  emailTaken: "Un compte existe déjà avec cette adresse e-mail",
  fullNameRequired: "Le nom complet est requis",
  invitationCreated: "Invitation créée\u00a0: copiez le lien et envoyez-le à votre collègue",
  invitationInvalid: "Ce lien d’invitation n’est plus valable. Demandez un nouveau lien à votre administrateur.",
  resetInvalid: "Ce lien de réinitialisation n’est plus valable. Demandez un nouveau lien à votre administrateur.",
  resetCreated: "Lien de réinitialisation créé\u00a0: copiez-le et envoyez-le à l’utilisateur",
  userDeactivated: "Utilisateur désactivé",
  userReactivated: "Utilisateur réactivé",
  cannotDeactivateSelf: "Vous ne pouvez pas désactiver votre propre compte",
  // A new invitation for a user who has a password, a reset link for one who has none (S2).
  alreadyActivated:
    "Cet utilisateur a déjà choisi son mot de passe\u00a0: envoyez-lui plutôt un lien de réinitialisation",
  invitationStillPending:
    "Cet utilisateur n’a pas encore accepté son invitation\u00a0: envoyez-lui plutôt un nouveau lien d’invitation",
  pendingInvitation: "Invitation en attente",
  // Web: users and roles screens (spec 3 §2.8–§2.12, §8; W1)
  usersSearchPlaceholder: "Rechercher par nom ou e-mail…",
  allRoles: "Tous les rôles",
  noName: "Sans nom",
  neverSignedIn: "Jamais connecté",
  usersEmptyTitle: "Aucun utilisateur trouvé",
  usersEmptyText: "Aucun utilisateur ne correspond à vos critères de recherche.",
  usersLoadFailed: "Erreur lors de la récupération des utilisateurs",
  rolesEmpty: "Aucun rôle trouvé",
  rolesLoadFailed: "Impossible de charger les rôles",
  permissionsEmpty: "Aucune permission disponible.",
  roleLoadFailed: "Erreur de chargement du rôle",
  roleSaveFailed: "Erreur",
  permissionsSaveFailed: "Erreur lors de la sauvegarde des permissions",
  roleUsersAddFailed: "Erreur lors de l'assignation du rôle",
  roleUsersRemoveFailed: "Erreur lors du retrait du rôle",
  deleteRoleTitle: "Supprimer le rôle\u202f?",
  deleteRoleFailed: "Erreur lors de la suppression du rôle",
  inviteFailed: "Impossible de créer l’invitation",
  linkFailed: "Impossible de créer le lien",
  userUpdateFailed: "Impossible de modifier l’utilisateur",
  linkCopied: "Lien copié",
  copyFailed: "Copie impossible\u00a0: sélectionnez le lien et copiez-le",
  // Account
  currentPasswordWrong: "Le mot de passe actuel est incorrect",
  passwordChanged: "Mot de passe modifié. Vos autres sessions ont été fermées.",
  accountSaved: "Vos informations ont été enregistrées",
  passwordsDiffer: "Les deux mots de passe ne sont pas identiques",
  forgotPassword: FORGOT_PASSWORD_TEXT,
  tooManyAttempts: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
  // SuperAdmin
  companyNotFound: "Entreprise non trouvée",
  companyNameRequired: "Le nom de l’entreprise est requis",
  companyCreated: "Entreprise créée\u00a0: envoyez le lien d’invitation à son administrateur",
  companySuspended: "Entreprise suspendue\u00a0: ses utilisateurs ne peuvent plus se connecter",
  companyReactivated: "Entreprise réactivée",
  planChanged: "Formule modifiée",
  trialEndsAtInvalid: "Date de fin d’essai invalide",
} as const;

// ---------------------------------------------------------------------------------------------
// Passwords: policy and strength (one rule for the server and the meter)

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TEXTS = {
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  tooLong: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  tooSimple:
    "Le mot de passe doit mêler au moins trois sortes de caractères\u00a0: minuscules, majuscules, chiffres, symboles",
  containsEmail: "Le mot de passe ne doit pas contenir votre adresse e-mail ni votre nom",
  strength: ["Très faible", "Faible", "Moyen", "Bon", "Excellent"] as const,
} as const;

/** Which of lower case, upper case, digits and other characters `password` uses (0–4). */
function characterKinds(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
}

/**
 * Why `password` is refused (French sentences), or [] when it is accepted: 12 characters at least, three
 * kinds of characters (or 20 characters at least: a passphrase), and neither the e-mail's local part
 * nor a word of the name (4 letters or more) inside (ANSSI / CNIL recommendations).
 */
export function passwordProblems(password: string, context: { email?: string; fullName?: string } = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_TEXTS.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_TEXTS.tooLong);
  if (password.length < 20 && characterKinds(password) < 3) problems.push(PASSWORD_TEXTS.tooSimple);
  const lower = password.toLowerCase();
  const local = context.email?.split("@")[0]?.toLowerCase() ?? "";
  const words = (context.fullName ?? "")
    .toLowerCase()
    .split(/[\s'-]+/)
    .filter((w) => w.length >= 4);
  if ((local.length >= 4 && lower.includes(local)) || words.some((w) => lower.includes(w))) {
    problems.push(PASSWORD_TEXTS.containsEmail);
  }
  return problems;
}

/** The meter's score, 0 (très faible) to 4 (excellent): length and variety; a refused password is at most 1. */
export function passwordStrength(password: string, context: { email?: string; fullName?: string } = {}): number {
  if (password.length === 0) return 0;
  const kinds = characterKinds(password);
  let score = password.length >= 16 ? 2 : password.length >= PASSWORD_MIN_LENGTH ? 1 : 0;
  score += kinds >= 4 ? 2 : kinds === 3 ? 1 : 0;
  if (password.length >= 20) score += 1;
  if (passwordProblems(password, context).length > 0) return Math.min(score, 1);
  return Math.max(1, Math.min(4, score));
}

export const INVITATION_DAYS = 7;
export const RESET_HOURS = 24;

/** The spec's four plans; stored as these keys. */
export const PLANS = ["essai", "standard", "professionnel", "entreprise"] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_LABELS: Record<Plan, string> = {
  essai: "Essai gratuit",
  standard: "Standard",
  professionnel: "Professionnel",
  entreprise: "Entreprise",
};
/** The spec's three statuses, derived: suspended → inactif; trial plan → essai; else actif. */
export const COMPANY_STATUSES = ["actif", "essai", "inactif"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const TRIAL_DAYS = 30;
/** Alerts: no sign-in of any of its users for this many days; a trial ending within this many days. */
export const INACTIVE_DAYS = 30;
export const TRIAL_ENDING_DAYS = 7;

export function companyStatus(company: { suspended: boolean; plan: Plan }): CompanyStatus {
  if (company.suspended) return "inactif";
  return company.plan === "essai" ? "essai" : "actif";
}

/** The inactivity alert (docs/domain/accounts.md#superadmin-platform): « Aucune connexion depuis 34 jours ». */
export function inactivityAlertMessage(days: number): string {
  return `Aucune connexion depuis ${plural(days, "jour")}`;
}

/**
 * The trial alert on `today` (Paris, yyyy-mm-dd): « Essai terminé le 3 mars 2026 », « Fin de l'essai
 * aujourd'hui », « Fin de l'essai demain », « Fin de l'essai dans 3 jours ».
 */
export function trialAlertMessage(trialEndsAt: string, today: string): string {
  const left = dayNumber(trialEndsAt) - dayNumber(today);
  if (left < 0) return `Essai terminé le ${formatLongDate(trialEndsAt)}`;
  if (left === 0) return "Fin de l’essai aujourd’hui";
  if (left === 1) return "Fin de l’essai demain";
  return `Fin de l’essai dans ${plural(left, "jour")}`;
}
