/**
 * What a teams screen needs without zod (docs/domain/teams.md): texts, limits and the pure rules of a
 * team's members. `teams.ts` re-exports it with the schemas.
 */

export const TEAM_LIMITS = {
  /** GET /api/teams: 50 teams a page by default, 100 at most. */
  defaultLimit: 50,
  maxLimit: 100,
  /** GET /api/teams/candidates: the users proposed as the user types. */
  candidates: 20,
  maxCandidates: 50,
  /** Members of one team. */
  maxMembers: 100,
  /** Members shown (initials) on a card of the list, the leader first. */
  preview: 5,
  nameMax: 100,
  descriptionMax: 1000,
  /** The spec's search debounce (§5 Search). */
  searchDebounceMs: 300,
} as const;

/** Team texts (screens, toasts, validation), the spec's words (§2.13, §5 Team, §8 Teams). */
export const TEAM_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise pour accéder aux équipes",
  notFound: "Équipe introuvable",
  nameRequired: "Le nom est obligatoire",
  nameTooLong: `Le nom\u00a0: ${TEAM_LIMITS.nameMax} caractères au maximum`,
  memberInvalid: "Un membre choisi n’est pas un utilisateur actif de votre entreprise.",
  leaderNotMember: "Le chef d’équipe doit faire partie de l’équipe.",
  tooManyMembers: `${TEAM_LIMITS.maxMembers} membres au maximum`,
  usedByProjects: "Cette équipe est affectée à des chantiers\u00a0: retirez-la de ces chantiers avant de la supprimer.",
  created: "Équipe créée",
  createdDescription: "L’équipe a été créée avec succès.",
  updated: "Équipe modifiée",
  updatedDescription: "L’équipe a été modifiée avec succès.",
  deleted: "Équipe supprimée",
  deletedDescription: "L’équipe a été supprimée avec succès.",
  createFailed: "Impossible de créer l'équipe.",
  updateFailed: "Impossible de modifier l'équipe.",
  deleteFailed: "Impossible de supprimer l'équipe.",
  loadFailed: "Impossible de charger les équipes",
  emptyTitle: "Aucune équipe",
  emptyText: "Commencez par créer votre première équipe.",
  searchPlaceholder: "Rechercher une équipe…",
  deleteTitle: "Supprimer l'équipe",
  accessDenied: "Vous n'avez pas les permissions pour accéder à cette page.",
} as const;

/** The member ids as chosen, each once, in the order first given (duplicates are ignored). */
export function uniqueMemberIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The leader, when there is one, is one of the members (docs/domain/teams.md#members). */
export function leaderIsMember(memberIds: readonly string[], leaderId: string | null | undefined): boolean {
  return leaderId == null || memberIds.includes(leaderId);
}

/** Two-letter initials of a full name: « Marc Lefèvre » → « ML », « Julien » → « J ». */
export function nameInitials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? "";
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? "") : "";
  return `${first}${last}`.toUpperCase() || "?";
}
