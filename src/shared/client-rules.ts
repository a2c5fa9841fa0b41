/**
 * What a client screen needs without zod: texts, limits and the rule on documents. `clients.ts`
 * re-exports it with the schemas, which a list page does not load (docs/conventions.md).
 */

/** Client texts (screens, toasts, validation: docs/domain/clients.md), in one place. */
export const CLIENT_TEXTS = {
  nameRequiredForm: "Le nom est obligatoire",
  nameRequiredService: "Le nom du client est obligatoire",
  emailInvalid: "Adresse e-mail invalide",
  contactRequiredForm: "Au moins un moyen de contact (téléphone ou e-mail) est requis",
  contactRequiredService: "Au moins un moyen de contact (téléphone ou e-mail) est obligatoire",
  companyRequired: "Vous devez être connecté à une entreprise pour créer un client",
  companyRequiredToView: "Vous devez être connecté à une entreprise pour accéder aux clients",
  notFound: "Client introuvable",
  created: "Client créé avec succès",
  createFailed: "Erreur lors de la création du client",
  updated: "Client modifié avec succès",
  updateFailed: "Erreur lors de la modification du client",
  deleted: "Client supprimé avec succès",
  deleteFailed: "Erreur lors de la suppression du client",
} as const;

/**
 * The documents that keep a client from being deleted, as French words (one, several). Quotes today;
 * worksites and invoices add their line with their issues (and their count in the repository).
 */
const CLIENT_DOCUMENT_WORDS = { quotes: ["devis", "devis"] } as const;
export type ClientDocumentCounts = Record<keyof typeof CLIENT_DOCUMENT_WORDS, number>;

export const clientHasDocuments = (counts: ClientDocumentCounts): boolean => Object.values(counts).some((n) => n > 0);

/** 409 of DELETE /api/clients/:id: « Ce client a 3 devis : … Désactivez-le plutôt … ». */
export function clientHasDocumentsMessage(counts: ClientDocumentCounts): string {
  const parts = (Object.keys(CLIENT_DOCUMENT_WORDS) as (keyof ClientDocumentCounts)[]).flatMap((kind) => {
    const n = counts[kind];
    const [one, several] = CLIENT_DOCUMENT_WORDS[kind];
    return n > 0 ? [`${n}\u00a0${n > 1 ? several : one}`] : [];
  });
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} et ${parts.at(-1)}` : (parts[0] ?? "");
  return (
    `Ce client a ${list}\u00a0: il ne peut pas être supprimé. ` +
    "Désactivez-le plutôt («\u00a0Modifier\u00a0», puis «\u00a0Client actif\u00a0»)."
  );
}

export const CLIENT_LIMITS = { defaultLimit: 100, maxLimit: 1000, searchDebounceMs: 300 } as const;
