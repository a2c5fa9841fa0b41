/**
 * What a client screen needs without zod: texts, limits, the rule on documents and the pure rules of a
 * client's identity (type, display name, SIREN / SIRET and VAT number checks, the rule that typed the
 * clients written before types existed). `clients.ts` re-exports it with the schemas, which a list page
 * does not load (docs/conventions.md).
 */

import {
  vatNumberIssue as anyVatNumberIssue,
  EINVOICE_TEXTS,
  frenchVatKey,
  LA_POSTE_SIREN,
  luhnValid,
  normaliseSiret,
  normaliseVatNumber,
  sirenIssue as sirenKeyIssue,
  sirenOfVatNumber,
  siretIssue as siretKeyIssue,
  siretKeyValid,
  vatNumberFromSiren,
} from "./einvoice-rules";

export {
  frenchVatKey,
  LA_POSTE_SIREN,
  luhnValid,
  normaliseSiret,
  normaliseVatNumber,
  siretKeyValid,
  vatNumberFromSiren,
};

/** Client texts (screens, toasts, validation: docs/domain/clients.md), in one place. */
export const CLIENT_TEXTS = {
  nameRequiredForm: "Le nom est obligatoire",
  nameRequiredService: "Le nom du client est obligatoire",
  companyNameRequired: "La raison sociale est obligatoire",
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
  typeInvalid: "Type de client invalide (particulier ou professionnel)",
  civilityInvalid: "Civilité invalide (M. ou Mme)",
  siretLength: "Le SIRET compte 14\u00a0chiffres (ou le SIREN 9)",
  // The identifiers' checks are electronic invoicing's, with their texts (einvoice-rules.ts).
  sirenKey: EINVOICE_TEXTS.sirenKey,
  siretKey: EINVOICE_TEXTS.siretKey,
  vatFormat: EINVOICE_TEXTS.vatFormat,
  vatKey: EINVOICE_TEXTS.vatKey,
  vatSiren: EINVOICE_TEXTS.vatSiren,
  vatSirenMismatch: "Le numéro de TVA ne correspond pas au SIREN du client",
  contactNameRequired: "Le nom du contact est obligatoire",
  addressRequired: "L’adresse du chantier est obligatoire",
  tooManyContacts: "50\u00a0contacts au maximum",
  tooManyAddresses: "100\u00a0adresses de chantier au maximum",
} as const;

/**
 * The documents that keep a client from being deleted, as French words (one, several): quotes,
 * worksites and invoices (their count in the repository).
 */
const CLIENT_DOCUMENT_WORDS = {
  quotes: ["devis", "devis"],
  projects: ["chantier", "chantiers"],
  invoices: ["facture", "factures"],
} as const;
/** A kind left out counts 0. */
export type ClientDocumentCounts = Partial<Record<keyof typeof CLIENT_DOCUMENT_WORDS, number>>;

export const clientHasDocuments = (counts: ClientDocumentCounts): boolean =>
  Object.values(counts).some((n) => (n ?? 0) > 0);

/** 409 of DELETE /api/clients/:id: « Ce client a 3 devis : … Désactivez-le plutôt … ». */
export function clientHasDocumentsMessage(counts: ClientDocumentCounts): string {
  const parts = (Object.keys(CLIENT_DOCUMENT_WORDS) as (keyof ClientDocumentCounts)[]).flatMap((kind) => {
    const n = counts[kind] ?? 0;
    const [one, several] = CLIENT_DOCUMENT_WORDS[kind];
    return n > 0 ? [`${n}\u00a0${n > 1 ? several : one}`] : [];
  });
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} et ${parts.at(-1)}` : (parts[0] ?? "");
  return (
    `Ce client a ${list}\u00a0: il ne peut pas être supprimé. ` +
    "Désactivez-le plutôt («\u00a0Modifier\u00a0», puis «\u00a0Client actif\u00a0»)."
  );
}

export const CLIENT_LIMITS = {
  defaultLimit: 100,
  maxLimit: 1000,
  searchDebounceMs: 300,
  maxContacts: 50,
  maxAddresses: 100,
  /** An export holds at most this many clients (far more than a company's book). */
  maxExport: 50_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Type and identity (docs/domain/clients.md#types, ADR 0012)

export const CLIENT_TYPES = ["particulier", "professionnel"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  particulier: "Particulier",
  professionnel: "Professionnel",
};

export const CIVILITIES = ["M.", "Mme"] as const;
export type Civility = (typeof CIVILITIES)[number];

export interface ClientIdentity {
  type: ClientType;
  civility: Civility | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
}

/**
 * The name every screen, list, quote and PDF shows (`name` on the wire): « Mme Claire Martin » for an
 * individual (civility, first name and last name that exist), the raison sociale for a business.
 */
export function clientDisplayName(identity: ClientIdentity): string {
  if (identity.type === "professionnel") return identity.company_name ?? "";
  return [identity.civility, identity.first_name, identity.last_name].filter(Boolean).join(" ");
}

/** The identity fields of the other type are not kept: a business has no civility, an individual no raison sociale. */
export function identityOfType(identity: ClientIdentity): ClientIdentity {
  return identity.type === "professionnel"
    ? { type: "professionnel", civility: null, first_name: null, last_name: null, company_name: identity.company_name }
    : {
        type: "particulier",
        civility: identity.civility,
        first_name: identity.first_name,
        last_name: identity.last_name,
        company_name: null,
      };
}

/**
 * The words that make a name written before client types existed a business (normalised as
 * `normaliseWords` writes them): legal forms, public bodies, organisations and a few trades' shop
 * names. drizzle/0017 holds the same list in `clients_legacy_identity()`; a test keeps them equal.
 */
export const LEGAL_FORM_WORDS = [
  // legal forms
  "sa",
  "sas",
  "sasu",
  "sarl",
  "eurl",
  "sci",
  "snc",
  "scop",
  "scp",
  "scm",
  "selarl",
  "selas",
  "gie",
  "gaec",
  "ei",
  "eirl",
  // organisations
  "societe",
  "ste",
  "ets",
  "etablissements",
  "entreprise",
  "groupe",
  "holding",
  "cabinet",
  "agence",
  "office",
  "association",
  "asso",
  "fondation",
  "syndic",
  "syndicat",
  "copropriete",
  "sdc",
  "residence",
  // public bodies
  "mairie",
  "commune",
  "communaute",
  "departement",
  "region",
  "prefecture",
  "ecole",
  "college",
  "lycee",
  "universite",
  "creche",
  "hopital",
  "clinique",
  "ehpad",
  "paroisse",
  // shops
  "restaurant",
  "hotel",
  "boulangerie",
  "pharmacie",
  "garage",
  "camping",
] as const;

/** Letters with accents as their plain letter (the same table as the SQL's translate()). */
const ACCENTED = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ";
const PLAIN = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOooooooUUUUuuuuYyy";

/**
 * A name as the legal-form rule reads it: accents off (`ACCENTED`), « œ » / « æ » as « oe » / « ae »,
 * lower case, every run of other characters one space, trimmed. Written to be mirrored by SQL exactly
 * (translate, replace, lower, regexp_replace, btrim): no Unicode normalisation.
 */
export function normaliseWords(text: string): string {
  let plain = "";
  for (const char of text) {
    const at = ACCENTED.indexOf(char);
    plain += at === -1 ? char : PLAIN[at];
  }
  return plain
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE")
    .replace(/æ/g, "ae")
    .replace(/Æ/g, "AE")
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Whether a name holds one of `LEGAL_FORM_WORDS` as a word (« SARL Dupont », « Mairie de Bron »). */
export function looksLikeBusiness(name: string): boolean {
  const words = new Set(normaliseWords(name).split(" "));
  return LEGAL_FORM_WORDS.some((word) => words.has(word));
}

const CIVILITY_PREFIX = /^(M\.|Mme) (\S+)(?: (.+))?$/s;

/**
 * The identity of a client written before types existed, from its name alone (drizzle/0017, ADR 0012):
 * a name holding a legal form or an organisation's word is a business named so; another is an
 * individual, whose name « M. Jean Dupont » / « Mme Claire Martin » gives the civility, the first name
 * (the word after it) and the last name (the rest), and any other name is the last name whole. The
 * display name of the result is the name itself (nothing lost).
 */
export function legacyIdentity(name: string): ClientIdentity {
  if (looksLikeBusiness(name)) {
    return { type: "professionnel", civility: null, first_name: null, last_name: null, company_name: name };
  }
  const match = CIVILITY_PREFIX.exec(name);
  if (match) {
    const [, civility, first, rest] = match;
    return {
      type: "particulier",
      civility: civility as Civility,
      first_name: rest === undefined ? null : (first ?? null),
      last_name: rest ?? first ?? null,
      company_name: null,
    };
  }
  return { type: "particulier", civility: null, first_name: null, last_name: name, company_name: null };
}

// ---------------------------------------------------------------------------------------------
// SIREN, SIRET, VAT number (docs/domain/clients.md#siren-siret-and-vat-number)

/**
 * What is wrong with a SIREN (9 digits) or SIRET (14 digits) once normalised; null when it is right. The
 * keys are checked as electronic invoicing checks them (`einvoice-rules.ts`): a SIRET's whole number and
 * its SIREN by Luhn, La Poste's establishments by the sum of their digits.
 */
export function siretIssue(digits: string): string | null {
  if (!/^\d+$/.test(digits) || (digits.length !== 9 && digits.length !== 14)) return CLIENT_TEXTS.siretLength;
  return digits.length === 9 ? sirenKeyIssue(digits) : siretKeyIssue(digits);
}

/** The SIREN of a SIREN or SIRET (its first 9 digits); null without one. */
export function sirenOf(siret: string | null | undefined): string | null {
  return siret && /^\d{9}(\d{5})?$/.test(siret) ? siret.slice(0, 9) : null;
}

/** « 812 345 678 » / « 812 345 678 00021 »: written by `@shared/format-trade` (one formatter for every screen and PDF). */
export { formatSiret } from "./format-trade";

/**
 * What is wrong with a VAT number once normalised; null when it is right. Its key and shape are checked
 * as electronic invoicing checks them (`vatNumberIssue` of `einvoice-rules.ts`: a French number's key
 * derived from its SIREN, a letter key or another member state's number by its shape), and when the
 * client's SIREN is known a French number must hold it.
 */
export function vatNumberIssue(vat: string, siren: string | null = null): string | null {
  const issue = anyVatNumberIssue(vat);
  if (issue) return issue;
  const held = sirenOfVatNumber(vat);
  if (siren && held && held !== siren) return CLIENT_TEXTS.vatSirenMismatch;
  return null;
}

/**
 * The list's orders (docs/domain/clients.md#as-a-table): name A → Z (the default), city (then name)
 * A → Z, or the newest clients first; `order` reverses.
 */
export const CLIENT_SORTS = ["name", "city", "created_at"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
/** Each sort's direction when `order` is left out. */
export const CLIENT_SORT_ORDERS: Record<ClientSort, "asc" | "desc"> = { name: "asc", city: "asc", created_at: "desc" };
