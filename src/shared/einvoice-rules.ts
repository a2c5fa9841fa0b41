import type { Unit } from "./documents/lines";

/**
 * Electronic invoicing's pure rules (docs/domain/einvoicing.md, ADR 0016): the UN/ECE codes of the
 * units, the VAT category of a line or of a breakdown row, the identifiers' checks (SIREN, SIRET,
 * French VAT number, IBAN, BIC) with their French texts. No zod: the company settings' schema, the
 * clients' (`client-rules.ts` builds its checks on these) and the CII builder all read it.
 */

export const EINVOICE_TEXTS = {
  sirenFormat: "Le SIREN compte 9\u00a0chiffres",
  sirenKey: "SIREN invalide\u00a0: sa clé de contrôle ne correspond pas",
  siretFormat: "Le SIRET compte 14\u00a0chiffres",
  siretKey: "SIRET invalide\u00a0: sa clé de contrôle ne correspond pas",
  vatFormat: "Numéro de TVA invalide (FR, 2\u00a0chiffres de clé puis les 9\u00a0chiffres du SIREN)",
  vatKey: "Numéro de TVA invalide\u00a0: sa clé ne correspond pas au SIREN qu’il contient",
  vatSiren: "Numéro de TVA invalide\u00a0: le SIREN qu’il contient n’est pas valide",
  ibanFormat: "IBAN invalide\u00a0: 2\u00a0lettres de pays, 2\u00a0chiffres de clé puis le numéro de compte",
  ibanLength: (country: string, length: number) =>
    `IBAN invalide\u00a0: un IBAN ${country} compte ${length}\u00a0caractères`,
  ibanKey: "IBAN invalide\u00a0: sa clé de contrôle ne correspond pas",
  bicFormat: "BIC invalide\u00a0: 8 ou 11\u00a0caractères (banque, pays, ville, agence)",
  /** The exemption reason of a franchise seller's invoice (category E, CGI art. 293 B). */
  franchiseReason: "TVA non applicable, art. 293 B du CGI",
  /** The exemption reason of a reverse-charge invoice (category AE, CGI art. 283-2 nonies). */
  reverseChargeReason: "Autoliquidation",
  // The invoices' screens (docs/domain/einvoicing.md#web).
  /** The badge of an issued document whose XML passed the official rules. */
  facturxBadge: "Factur-X conforme EN\u00a016931",
  facturxBadgeHint:
    "Le PDF de ce document porte ses données au format Factur-X (profil EN\u00a016931), vérifiées par les règles européennes officielles à son émission.",
  downloadXml: "Télécharger le XML",
  xmlDone: "XML Factur-X téléchargé",
  xmlFailed: "Impossible de télécharger le XML",
  exportAction: "Exporter",
  exportTitle: "Exporter les factures",
  exportDescription:
    "Les factures, acomptes et avoirs émis sur la période, chacun en Factur-X (le PDF et ses données), avec un récapitulatif CSV, dans un fichier ZIP pour votre comptable ou votre plateforme.",
  exportFrom: "Du",
  exportTo: "Au",
  exportSubmit: "Télécharger le ZIP",
  exportDone: "Export téléchargé",
  exportFailed: "Impossible d’exporter les factures",
} as const;

// ---------------------------------------------------------------------------------------------
// Units (UN/ECE Recommendation 20)

/**
 * The UN/ECE Recommendation 20 code of each unit a line may have (docs/domain/einvoicing.md#units):
 * « unité » is C62 (« one », the unit count, for a piece as for a service counted by the unit), « ml »
 * (mètre linéaire) is LM (linear metre), kept apart from « m » (MTR) as the artisan wrote it.
 */
export const UNIT_CODES: Record<Unit, string> = {
  unité: "C62",
  heure: "HUR",
  jour: "DAY",
  "m²": "MTK",
  m: "MTR",
  ml: "LM",
  kg: "KGM",
  forfait: "LS",
};

/** A line's unit as a UN/ECE code; a unit outside the list (none today) counts as a unit (C62). */
export function unitCode(unit: string | null | undefined): string {
  return (unit && (UNIT_CODES as Record<string, string>)[unit]) || UNIT_CODES.unité;
}

// ---------------------------------------------------------------------------------------------
// VAT categories (UNTDID 5305, EN 16931 BT-118 / BT-151)

/**
 * S: standard (any rate above 0: 20, 10, 5,5, 2,1 %); Z: a line at 0 % outside the two regimes below;
 * E: exempt, the seller under VAT franchise (art. 293 B); AE: reverse charge (building subcontracting).
 */
export type VatCategory = "S" | "Z" | "E" | "AE";

export interface VatRegime {
  /** The seller is under VAT franchise (frozen in the invoice's seller). */
  vat_franchise: boolean;
  /** The invoice is reverse-charged. */
  reverse_charge: boolean;
}

/** The category of a line, or of a breakdown row, at `rate` under the invoice's regime. */
export function vatCategory(rate: number, regime: VatRegime): VatCategory {
  if (regime.vat_franchise) return "E";
  if (regime.reverse_charge) return "AE";
  return rate > 0 ? "S" : "Z";
}

/** The exemption reason (BT-120) and its code (BT-121, CEF VATEX) of the categories that need one. */
export const VAT_EXEMPTIONS: Record<"E" | "AE", { text: string; code: string }> = {
  E: { text: EINVOICE_TEXTS.franchiseReason, code: "VATEX-FR-FRANCHISE" },
  AE: { text: EINVOICE_TEXTS.reverseChargeReason, code: "VATEX-EU-AE" },
};

export const vatExemption = (category: VatCategory): { text: string; code: string } | null =>
  category === "E" || category === "AE" ? VAT_EXEMPTIONS[category] : null;

// ---------------------------------------------------------------------------------------------
// Identifiers

/** Digits of a SIREN / SIRET as typed (« 812 345 678 00021 », « 812.345.678 »): spaces, dots and dashes off. */
export function normaliseSiret(text: string): string {
  return text.replace(/[\s\u00a0\u202f.-]/g, "");
}

/** The Luhn check of a string of digits: from the right, every second digit doubled (9 taken off above 9), sum multiple of 10. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** La Poste's SIREN: its establishments' SIRETs are checked by the sum of their digits (multiple of 5), not Luhn. */
export const LA_POSTE_SIREN = "356000000";

/** Whether 9 or 14 digits are a SIREN or SIRET whose control key is right (the whole number's key only). */
export function siretKeyValid(digits: string): boolean {
  if (digits.length === 9) return luhnValid(digits);
  if (digits.length !== 14) return false;
  if (digits.startsWith(LA_POSTE_SIREN)) {
    const sum = [...digits].reduce((s, d) => s + Number(d), 0);
    return sum % 5 === 0 || luhnValid(digits);
  }
  return luhnValid(digits);
}

/** Whether `text` (spaces, dots, dashes allowed) is a SIREN: 9 digits whose Luhn key is right. */
export function isValidSiren(text: string): boolean {
  const digits = normaliseSiret(text);
  return /^\d{9}$/.test(digits) && luhnValid(digits);
}

/**
 * Whether `text` is a SIRET: 14 digits whose Luhn key is right, its first 9 a SIREN whose key is right
 * too — La Poste's establishments (SIREN 356 000 000) are keyed by the sum of their digits, a multiple
 * of 5 (`siretKeyValid`).
 */
export function isValidSiret(text: string): boolean {
  const digits = normaliseSiret(text);
  return (
    /^\d{14}$/.test(digits) &&
    siretKeyValid(digits) &&
    (digits.startsWith(LA_POSTE_SIREN) || isValidSiren(digits.slice(0, 9)))
  );
}

export function sirenIssue(text: string): string | null {
  const digits = normaliseSiret(text);
  if (!/^\d{9}$/.test(digits)) return EINVOICE_TEXTS.sirenFormat;
  return luhnValid(digits) ? null : EINVOICE_TEXTS.sirenKey;
}

export function siretIssue(text: string): string | null {
  const digits = normaliseSiret(text);
  if (!/^\d{14}$/.test(digits)) return EINVOICE_TEXTS.siretFormat;
  return isValidSiret(digits) ? null : EINVOICE_TEXTS.siretKey;
}

/** A VAT number as typed (« fr 45 812 345 678 »): upper case, spaces, dots and dashes off. */
export function normaliseVatNumber(text: string): string {
  return text.replace(/[\s\u00a0\u202f.-]/g, "").toUpperCase();
}

/** The French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

/** The French intra-community VAT number of a SIREN: « FR » + its key + the SIREN. */
export function vatNumberFromSiren(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

/**
 * What is wrong with a French intra-community VAT number: « FR », a key of 2 digits, a SIREN; the key
 * is (12 + 3 × (SIREN mod 97)) mod 97 (`frenchVatKey`) and the SIREN has its Luhn key. Spaces, dots and
 * dashes are ignored, case too. null when it is right.
 */
export function frenchVatIssue(text: string): string | null {
  const vat = normaliseVatNumber(text);
  const match = /^FR(\d{2})(\d{9})$/.exec(vat);
  if (!match) return EINVOICE_TEXTS.vatFormat;
  const [, key, siren] = match as unknown as [string, string, string];
  if (key !== frenchVatKey(siren)) return EINVOICE_TEXTS.vatKey;
  return luhnValid(siren) ? null : EINVOICE_TEXTS.vatSiren;
}

export const isValidFrenchVat = (text: string): boolean => frenchVatIssue(text) === null;

/** A French number whose key is 2 letters or a letter and a digit: an entity without a SIREN-derived key. */
const FRENCH_VAT_LETTER_KEY = /^FR(?!\d{2})[0-9A-Z]{2}\d{9}$/;
/** Another member state's number: its two letters and 2 to 13 characters (checked by its own state). */
const OTHER_VAT = /^(?!FR)[A-Z]{2}[0-9A-Z+*]{2,13}$/;

/**
 * What is wrong with a VAT number of any member state, as a company or a client enters it (spaces,
 * dots, dashes and case ignored); null when it is right. A French one with a numeric key is checked as
 * `frenchVatIssue` does (key, SIREN); one with a letter key (no SIREN-derived key to check) and other
 * member states' numbers are checked for their shape only.
 */
export function vatNumberIssue(text: string): string | null {
  const vat = normaliseVatNumber(text);
  if (/^FR\d{2}/.test(vat)) return frenchVatIssue(vat);
  return FRENCH_VAT_LETTER_KEY.test(vat) || OTHER_VAT.test(vat) ? null : EINVOICE_TEXTS.vatFormat;
}

/** A VAT number of any member state, as the clients' rule checks it (a French one by its key). */
export const isValidVatNumber = (text: string): boolean => vatNumberIssue(text) === null;

/** The SIREN a French VAT number holds (its last 9 digits); null for another state's number. */
export function sirenOfVatNumber(text: string): string | null {
  const match = /^FR[0-9A-Z]{2}(\d{9})$/.exec(normaliseVatNumber(text));
  return match ? (match[1] as string) : null;
}

/** An IBAN or a BIC as typed: spaces off, upper case. */
export const normaliseIban = (text: string): string => text.replace(/[\s\u00a0\u202f-]/g, "").toUpperCase();
export const normaliseBic = normaliseIban;

/** An IBAN as people read it: groups of 4 (« FR76 3000 4008 … »); `space` a no-break one on paper. */
export function formatIban(text: string, space = " "): string {
  return normaliseIban(text).replace(/(.{4})(?=.)/g, `$1${space}`);
}

/** The IBAN's length of the countries a French artisan's bank is likely in (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  FR: 27,
  MC: 27,
  BE: 16,
  LU: 20,
  DE: 22,
  ES: 24,
  IT: 27,
  PT: 25,
  NL: 18,
  CH: 21,
  AT: 20,
  IE: 22,
  GB: 22,
  AD: 24,
};

/** ISO 13616 key: the IBAN with its first 4 characters moved to the end, letters as 10–35, mod 97 = 1. */
function ibanKeyValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = char >= "A" && char <= "Z" ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** What is wrong with an IBAN (spaces ignored); null when it is right. */
export function ibanIssue(text: string): string | null {
  const iban = normaliseIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return EINVOICE_TEXTS.ibanFormat;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && iban.length !== length) return EINVOICE_TEXTS.ibanLength(country, length);
  return ibanKeyValid(iban) ? null : EINVOICE_TEXTS.ibanKey;
}

export const isValidIban = (text: string): boolean => ibanIssue(text) === null;

/**
 * ISO 9362 BIC: 4 characters of the institution, 2 letters of its country, 2 of its location, and
 * optionally 3 of the branch (8 or 11 in all).
 */
export function bicIssue(text: string): string | null {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normaliseBic(text)) ? null : EINVOICE_TEXTS.bicFormat;
}

export const isValidBic = (text: string): boolean => bicIssue(text) === null;

// ---------------------------------------------------------------------------------------------
// Countries

/** The ISO 3166-1 code of the countries a company's address may name (`companies.country`, free text). */
const COUNTRY_CODES: Record<string, string> = {
  france: "FR",
  monaco: "MC",
  belgique: "BE",
  luxembourg: "LU",
  suisse: "CH",
  allemagne: "DE",
  espagne: "ES",
  italie: "IT",
  andorre: "AD",
  portugal: "PT",
  "pays-bas": "NL",
  "royaume-uni": "GB",
};

/** « France » → FR; an ISO code as is; null for a name not in the list. Empty: France. */
export function countryCode(name: string | null | undefined): string | null {
  const text = (name ?? "").trim();
  if (!text) return "FR";
  if (/^[A-Z]{2}$/.test(text)) return text;
  return (
    COUNTRY_CODES[
      text
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
    ] ?? null
  );
}
