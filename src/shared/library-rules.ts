import { plural } from "./format";
import { lineAmount, roundDiv } from "./money";

/**
 * What a price-library screen needs without zod (docs/domain/library.md): kinds, categories, texts,
 * and the pricing of an ouvrage from its parts. `library.ts` re-exports it with the schemas.
 * Money is integer cents and quantities thousandths, rounded half away from zero (ADR 0002).
 */

export const LIBRARY_KINDS = ["article", "ouvrage"] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export const LIBRARY_KIND_LABELS: Record<LibraryKind, string> = { article: "Article", ouvrage: "Ouvrage" };

/** An article's category (docs/domain/library.md#articles); the labour ones make an ouvrage's labour time. */
export const LIBRARY_CATEGORIES = ["fourniture", "main_oeuvre", "materiel", "sous_traitance"] as const;
export type LibraryCategory = (typeof LIBRARY_CATEGORIES)[number];
export const LIBRARY_CATEGORY_LABELS: Record<LibraryCategory, string> = {
  fourniture: "Fourniture",
  main_oeuvre: "Main-d'œuvre",
  materiel: "Matériel",
  sous_traitance: "Sous-traitance",
};

/**
 * How an ouvrage's sale price is set: the sum of its parts' sale prices, its cost times a coefficient
 * (« coefficient de vente »), or a price typed in (« prix forcé »).
 */
export const OUVRAGE_PRICINGS = ["parts", "coefficient", "forced"] as const;
export type OuvragePricing = (typeof OUVRAGE_PRICINGS)[number];
export const OUVRAGE_PRICING_LABELS: Record<OuvragePricing, string> = {
  parts: "Somme des prix de vente des composants",
  coefficient: "Déboursé × coefficient de vente",
  forced: "Prix de vente forcé",
};

export const LIBRARY_LIMITS = {
  defaultLimit: 50,
  maxLimit: 200,
  /** Suggestions under a quote line's name as the user types. */
  suggestions: 10,
  maxComponents: 100,
  searchDebounceMs: 150,
} as const;

export const LIBRARY_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise pour accéder à la bibliothèque",
  notFound: "Élément de bibliothèque introuvable",
  nameRequired: "Le nom est obligatoire",
  unitRequired: "L'unité est obligatoire",
  categoryRequired: "Choisissez une catégorie",
  pricePositive: "Le prix doit être positif ou nul",
  salePriceRequired: "Indiquez le prix de vente HT",
  costPriceRequired: "Indiquez le déboursé (0 si aucun)",
  coefficientPositive: "Le coefficient de vente doit être supérieur à 0",
  forcedPriceRequired: "Indiquez le prix de vente forcé",
  componentsRequired: "Un ouvrage se compose d’au moins un article",
  componentNotFound: "Un composant de l’ouvrage est introuvable ou n’est pas un article",
  componentArchived: "Un composant de l’ouvrage est archivé\u00a0: restaurez-le ou retirez-le",
  componentDuplicate: "Un article ne figure qu’une fois dans un ouvrage\u00a0: ajustez sa quantité",
  quantityPositive: "La quantité doit être supérieure à 0",
  kindLocked: "Un article ne peut pas devenir un ouvrage, ni l’inverse",
  usedByOuvrages: (count: number) =>
    `Cet article compose ${plural(count, "ouvrage")}\u00a0: il ne peut pas être supprimé. Archivez-le plutôt.`,
  usedByDocuments: (count: number) =>
    `Cet élément figure dans ${plural(count, "devis ou modèle", "devis ou modèles")} : il ne peut pas être supprimé. Archivez-le plutôt.`,
  archiveUsedByOuvrages: (count: number) =>
    `Cet article compose ${plural(count, "ouvrage actif", "ouvrages actifs")}\u00a0: ` +
    (count > 1
      ? "retirez-le de ces ouvrages ou archivez-les d'abord."
      : "retirez-le de cet ouvrage ou archivez-le d'abord."),
  created: "Élément ajouté à la bibliothèque",
  updated: "Élément modifié",
  duplicated: "Élément dupliqué",
  archived: "Élément archivé",
  restored: "Élément restauré",
  deleted: "Élément supprimé",
  copySuffix: " (copie)",
} as const;

/** An article as an ouvrage's part: its prices (cents) and what it is. */
export interface OuvragePart {
  /** Quantity of the article in one unit of the ouvrage (up to 3 decimals). */
  quantity: number;
  unit_price_cents: number;
  cost_price_cents: number;
  category: LibraryCategory;
  unit: string;
}

export interface OuvragePricingInput {
  parts: readonly OuvragePart[];
  pricing: OuvragePricing;
  /** Coefficient de vente, e.g. 1.35 (up to 4 decimals); read when pricing is "coefficient". */
  coefficient?: number | null;
  /** The forced sale price (cents); read when pricing is "forced". */
  forced_price_cents?: number | null;
}

export interface OuvragePrice {
  /** Déboursé sec: Σ quantity × cost price (cents). */
  cost_cents: number;
  /** Sale price HT of one unit (cents). */
  sale_cents: number;
  /** Σ of the parts' sale prices (cents), whatever the pricing: what "parts" would give. */
  parts_sale_cents: number;
  /** Hours of labour in one unit: Σ quantities of the labour parts counted in hours. */
  labour_hours: number;
}

const milli = (quantity: number) => BigInt(Math.round(quantity * 1000));

/** The price of one unit of an ouvrage from its parts and its pricing (docs/domain/library.md#ouvrages). */
export function priceOuvrage(input: OuvragePricingInput): OuvragePrice {
  let cost = 0;
  let partsSale = 0;
  let labourMilliHours = 0n;
  for (const part of input.parts) {
    cost += lineAmount(part.quantity, part.cost_price_cents);
    partsSale += lineAmount(part.quantity, part.unit_price_cents);
    if (part.category === "main_oeuvre" && part.unit === "heure") labourMilliHours += milli(part.quantity);
  }
  let sale = partsSale;
  if (input.pricing === "coefficient") {
    // Coefficient with 4 decimals: cost × (coefficient × 10 000) / 10 000.
    const coefficient = BigInt(Math.round((input.coefficient ?? 1) * 10_000));
    sale = Number(roundDiv(BigInt(cost) * coefficient, 10_000n));
  } else if (input.pricing === "forced") {
    sale = input.forced_price_cents ?? 0;
  }
  return {
    cost_cents: cost,
    sale_cents: sale,
    parts_sale_cents: partsSale,
    labour_hours: Number(labourMilliHours) / 1000,
  };
}

/**
 * The list's orders (docs/domain/library.md#as-a-table): name A → Z (the default), selling price HT
 * (lowest first), or type (articles then ouvrages, by category, then name); `order` reverses.
 */
export const LIBRARY_SORTS = ["name", "unit_price", "kind"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
/** Each sort's direction when `order` is left out. */
export const LIBRARY_SORT_ORDERS: Record<LibrarySort, "asc" | "desc"> = { name: "asc", unit_price: "asc", kind: "asc" };
