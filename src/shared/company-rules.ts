/**
 * What the company screens need without zod: texts, the logo's size limit and the defaults.
 * `company.ts` re-exports it with the schemas, which only the forms load (docs/conventions.md).
 */
export const COMPANY_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise",
  nameRequired: "Le nom de l'entreprise est obligatoire",
  emailInvalid: "Adresse e-mail invalide",
  siretInvalid: "Le SIRET doit contenir 14 chiffres",
  tvaInvalid: "Numéro de TVA invalide (ex. FR12345678901)",
  websiteInvalid: "Adresse du site invalide",
  vatFranchiseInvalid: "Indiquez oui ou non pour la franchise en base de TVA",
  validityRange: "La durée de validité doit être comprise entre 1 et 365 jours",
  defaultTaxRateInvalid: "Choisissez un taux de TVA de la liste",
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
