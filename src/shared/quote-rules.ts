import { computeTotals, fromCents } from "./money";

/**
 * What a quote screen needs without zod: statuses and their labels, units, VAT rates, defaults, texts,
 * the totals in euros and the history's actions. `quotes.ts` re-exports it with the schemas, which a list page does not
 * load (docs/conventions.md).
 */
/** Quote statuses (docs/domain/quotes.md#statuses), wire values kept as the spec spells them. */
export const QUOTE_STATUSES = [
  "en cours de redaction",
  "envoye au client",
  "client relance",
  "valide",
  "refuse",
  "annule",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  "en cours de redaction": "En cours de rédaction",
  "envoye au client": "Envoyé au client",
  "client relance": "Client relancé",
  valide: "Validé",
  refuse: "Refusé",
  annule: "Annulé",
};

export const FINAL_QUOTE_STATUSES: readonly QuoteStatus[] = ["valide", "refuse", "annule"];
export const isFinalQuoteStatus = (status: string): boolean => FINAL_QUOTE_STATUSES.includes(status as QuoteStatus);
/** The status a quote is written in; the only one a quote without lines may have (409 otherwise). */
export const DRAFT_QUOTE_STATUS: QuoteStatus = "en cours de redaction";
export const statusAllowsNoLines = (status: QuoteStatus): boolean => status === DRAFT_QUOTE_STATUS;
/** Statuses whose totals make up 'CA en attente'. */
export const PENDING_QUOTE_STATUSES: readonly QuoteStatus[] = ["envoye au client", "client relance"];

/** Units (docs/domain/quotes.md#form-rules). */
export const UNITS = ["unité", "heure", "jour", "m²", "m", "ml", "kg", "forfait"] as const;
export const VAT_RATES = [20, 10, 5.5, 2.1, 0] as const;
export const QUOTE_DEFAULTS = { unit: "unité", taxRate: 20, quantity: 1, validityDays: 30, pageSize: 20 } as const;

export const QUOTE_TEXTS = {
  nameRequired: "Le nom du devis est obligatoire",
  clientRequired: "Veuillez sélectionner un client",
  statusRequired: "Veuillez sélectionner un statut",
  dateRequired: "La date est obligatoire",
  itemNameRequired: "Le nom de l'article est obligatoire",
  quantityPositive: "La quantité doit être supérieure à 0",
  unitRequired: "L'unité est obligatoire",
  unitPricePositive: "Le prix unitaire doit être positif",
  taxRateRange: "Le taux de TVA doit être entre 0 et 100",
  discountRange: "La remise doit être entre 0 et 100 %",
  discountAmountPositive: "La remise doit être positive",
  discountTooLarge: "La remise ne peut pas dépasser le sous-total",
  linesRequired:
    "Un devis sans ligne reste «\u00a0En cours de rédaction\u00a0»\u00a0: ajoutez au moins une ligne avant de changer son statut",
  finalLocked: "Ce devis ne peut plus être modifié car son statut est finalisé",
  finalWarning: "Ce devis ne peut plus être modifié car son statut est finalisé.",
  notFound: "Devis introuvable",
  templateNotFound: "Modèle introuvable",
  templateNameRequired: "Le nom du modèle est obligatoire",
  clientNotFound: "Client introuvable",
  companyRequired: "Vous devez être connecté à une entreprise pour gérer les devis",
  validUntilBeforeDate: "La date de validité doit être postérieure à la date du devis",
  noProjectUnlessValid: "Seuls les devis validés peuvent être transformés en chantier",
  alreadyProject: "Ce devis est déjà associé à un chantier",
  noInvoiceUnlessValid: "Seuls les devis validés peuvent être transformés en factures",
  created: "Devis créé avec succès",
  updated: "Devis mis à jour avec succès",
  duplicated: "Devis dupliqué",
  pdfDownloaded: "PDF téléchargé avec succès",
  pdfFailed: "Erreur lors du téléchargement du PDF",
  historyFailed: "Erreur lors du chargement de l'historique",
  templateCreated: "Modèle de devis créé avec succès",
  templateUpdated: "Modèle mis à jour avec succès",
  templateDeleted: "Modèle supprimé avec succès",
  templateFromQuote: "Modèle créé à partir du devis",
} as const;

/** Totals in euros for the wire, from the shared cents computation. */
export function quoteTotalsInEuros(input: {
  items: readonly { quantity: number; unit_price: number; tax_rate: number }[];
  discount_percentage: number;
  discount_amount: number;
}) {
  const t = computeTotals(input);
  return {
    lines: t.lines.map((l) => ({
      subtotal: fromCents(l.subtotal),
      tax_amount: fromCents(l.tax),
      total: fromCents(l.total),
    })),
    subtotal: fromCents(t.subtotal),
    discount: fromCents(t.discount),
    tax_amount: fromCents(t.tax_amount),
    total: fromCents(t.total),
    vat_breakdown: t.vat.map((v) => ({
      rate: v.rate,
      base: fromCents(v.base),
      discount: fromCents(v.discount),
      net: fromCents(v.net),
      tax: fromCents(v.tax),
    })),
  };
}

/** What a quote's history records (docs/domain/quotes.md, « Life of a quote »). */
export const QUOTE_HISTORY_ACTIONS = [
  "created",
  "updated",
  "status_changed",
  "sent",
  "validated",
  "cancelled",
] as const;
export type QuoteHistoryAction = (typeof QUOTE_HISTORY_ACTIONS)[number];
export const QUOTE_HISTORY_LABELS: Record<QuoteHistoryAction, string> = {
  created: "Création",
  updated: "Modification",
  status_changed: "Changement de statut",
  sent: "Envoi au client",
  validated: "Validation",
  cancelled: "Annulation",
};

/** A field's change, from → to. */
export type QuoteHistoryChanges = Record<string, { from: unknown; to: unknown }>;
