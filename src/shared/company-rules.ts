import { EINVOICE_TEXTS } from "./einvoice-rules";

/**
 * What the company screens need without zod: texts, the logo's size limit and the defaults.
 * `company.ts` re-exports it with the schemas, which only the forms load (docs/conventions.md).
 */
export const COMPANY_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise",
  nameRequired: "Le nom de l'entreprise est obligatoire",
  emailInvalid: "Adresse e-mail invalide",
  // The identifiers and the bank account are checked by their keys, with electronic invoicing's texts
  // (einvoice-rules.ts; docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants).
  siretInvalid: EINVOICE_TEXTS.siretFormat,
  tvaInvalid: EINVOICE_TEXTS.vatFormat,
  tvaSirenMismatch: "Le numéro de TVA ne correspond pas au SIREN de votre SIRET",
  ibanInvalid: EINVOICE_TEXTS.ibanFormat,
  bicInvalid: EINVOICE_TEXTS.bicFormat,
  websiteInvalid: "Adresse du site invalide",
  vatFranchiseInvalid: "Indiquez oui ou non pour la franchise en base de TVA",
  validityRange: "La durée de validité doit être comprise entre 1 et 365 jours",
  defaultTaxRateInvalid: "Choisissez un taux de TVA de la liste",
  extraTaxRateInvalid: "Chaque taux de TVA ajouté doit être entre 0 et 100 (exclus), avec deux décimales au plus",
  extraTaxRatesTooMany: "10 taux de TVA ajoutés au plus",
  /** A rate of the company's own cannot be taken away while it is the rate of new lines. */
  defaultTaxRateRemoved: "Ce taux est la TVA par défaut des nouvelles lignes\u00a0: choisissez-en une autre d’abord",
  vatOnDebitsInvalid: "Indiquez oui ou non pour l’option pour le paiement de la taxe d’après les débits",
  reminderRange: "Le délai de relance doit être compris entre 1 et 90 jours",
  logoType: "Veuillez sélectionner un fichier image (JPG, PNG, GIF, WebP)",
  logoSize: "Le fichier ne doit pas dépasser 5MB",
  logoDamaged: "Ce fichier image est endommagé\u00a0: choisissez une autre image",
  logoMissing: "Aucun fichier reçu",
  logoAdded: "Logo ajouté avec succès",
  logoRemoved: "Logo supprimé",
  infoUpdated: "Informations de l'entreprise mises à jour avec succès",
  settingsUpdated: "Paramètres de l'entreprise mis à jour avec succès",
} as const;

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
/** VAT rate of a new quote line until the company chooses another (docs/domain/company-settings.md#rules). */
export const DEFAULT_TAX_RATE = 20;
export const DEFAULT_COUNTRY = "France";
