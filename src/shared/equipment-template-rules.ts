import { plural } from "./format";

/**
 * What an equipment-template screen needs without zod (docs/domain/equipment.md): limits, texts, and
 * the rules of an equipment list. `equipment-templates.ts` re-exports it with the schemas.
 */

export const EQUIPMENT_LIMITS = {
  /** The list's page (spec 3 §9). */
  defaultLimit: 20,
  maxLimit: 100,
  nameLength: 200,
  /** Items of one template, once cleaned (blanks dropped, repeats merged). */
  maxItems: 200,
  itemLength: 200,
  /** Items shown on a card before « +N autres équipements » (spec 3 §9). */
  preview: 3,
  /** Spec 3 §5, « Search ». */
  searchDebounceMs: 300,
} as const;

export const EQUIPMENT_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise pour accéder aux modèles d’équipement",
  notFound: "Modèle d’équipement introuvable",
  nameRequired: "Le nom du modèle est obligatoire",
  nameTooLong: `Le nom du modèle\u00a0: ${EQUIPMENT_LIMITS.nameLength} caractères au maximum`,
  itemsInvalid: "La liste des équipements est invalide",
  itemInvalid: "Équipement invalide",
  itemTooLong: `Un équipement\u00a0: ${EQUIPMENT_LIMITS.itemLength} caractères au maximum`,
  tooManyItems: `${EQUIPMENT_LIMITS.maxItems} équipements au maximum par modèle`,
  created: "Modèle créé avec succès",
  updated: "Modèle mis à jour avec succès",
  deleted: "Modèle supprimé avec succès",
  createFailed: "Erreur lors de la création",
  updateFailed: "Erreur lors de la mise à jour",
  deleteFailed: "Erreur lors de la suppression",
  noItems: "Aucun équipement défini",
  duplicateItem: "Déjà dans la liste\u00a0: il ne sera gardé qu’une fois",
  copySuffix: " (copie)",
  confirmDelete: (name: string) => `Êtes-vous sûr de vouloir supprimer le modèle «\u00a0${name}\u00a0»\u202f?`,
} as const;

/** How two items are compared: trimmed, inner spaces collapsed, case left out (« Niveau laser » = « niveau  LASER »). */
const itemKey = (item: string) => item.trim().replace(/\s+/g, " ").toLocaleLowerCase("fr");

/**
 * An equipment list as stored (docs/domain/equipment.md#rules): each item trimmed, blank ones dropped,
 * an item that repeats an earlier one (same words, whatever the case) merged into it; the order kept.
 */
export function cleanEquipmentItems(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    if (item === "") continue;
    const key = itemKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** The places of the rows that repeat an earlier non-blank row (the form says they will be merged). */
export function repeatedItemRows(items: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  items.forEach((raw, index) => {
    const key = itemKey(raw);
    if (key === "") return;
    if (seen.has(key)) repeated.push(index);
    else seen.add(key);
  });
  return repeated;
}

/** « 1 équipement », « 12 équipements » (the card's badge). */
export const equipmentCountLabel = (count: number) => plural(count, "équipement");

/** A card's preview: the first items, and « +N autres équipements » for the rest (null when none). */
export function equipmentPreview(
  items: readonly string[],
  size: number = EQUIPMENT_LIMITS.preview,
): { shown: string[]; more: string | null } {
  const rest = items.length - size;
  return {
    shown: items.slice(0, size),
    more: rest > 0 ? `+${plural(rest, "autre équipement", "autres équipements")}` : null,
  };
}

/** The name of a duplicate: « … (copie) », within the name's limit. */
export function copyName(name: string): string {
  const suffix = EQUIPMENT_TEXTS.copySuffix;
  return `${name.trim().slice(0, EQUIPMENT_LIMITS.nameLength - suffix.length)}${suffix}`;
}
