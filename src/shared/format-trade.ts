/**
 * The trade's figures as French writes them (docs/glossary.md): a quantity and its unit (« 2 unités »,
 * « 12,5 m² »), hours of work (« 6 h 56 »), telephone numbers and SIREN/SIRET grouped. Apart from
 * format.ts, which every screen's first load carries (the login's budget, e2e/pwa.spec.ts): these load
 * with the screens that show them.
 */
import { formatCount, formatQuantity, NBSP } from "./format";

/** Units written as symbols or abbreviations: the same after any quantity (`2 m²`, `3 kg`). */
const INVARIABLE_UNITS = new Set([
  "m",
  "m²",
  "m2",
  "m³",
  "m3",
  "ml",
  "cm",
  "mm",
  "km",
  "kg",
  "g",
  "t",
  "l",
  "h",
  "u",
  "ft",
  "pce",
]);

/**
 * The unit after a quantity, in the plural from 2 (docs/glossary.md, « Plurals »): `unitAfter(2, "unité")`
 * → `unités`, `unitAfter(1.5, "heure")` → `heure` (below 2: singular, as French writes `1,5 heure`), a
 * symbol never changes (`m²`, `kg`, `ml`), nor a word already ending in s, x or z (`2 forfaits`, `2 lots`,
 * `2 devis`).
 */
export function unitAfter(quantity: number, unit: string): string {
  const word = unit.trim();
  if (Math.abs(quantity) < 2 || word.length < 3 || INVARIABLE_UNITS.has(word.toLowerCase())) return word;
  if (!/^\p{Ll}+$/u.test(word) || /[sxz]$/.test(word)) return word;
  return `${word}s`;
}

/** A quantity and its unit: `2 unités`, `12,5 m²`, `1 forfait` (a no-break space between them). */
export function formatQuantityUnit(quantity: number, unit: string): string {
  const word = unitAfter(quantity, unit);
  return word ? `${formatQuantity(quantity)}${NBSP}${word}` : formatQuantity(quantity);
}

/**
 * A length of time given in hours, to the minute (docs/glossary.md, « Times »): 4 → `4 h`, 2.5 →
 * `2 h 30`, 6.9333 → `6 h 56`, 0.25 → `15 min`, 0 → `0 h`; no-break spaces, so it never breaks.
 */
export function formatHours(hours: number): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const sign = hours < 0 && minutes > 0 ? "\u2212" : "";
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return `${sign}${formatCount(whole)}${NBSP}h`;
  if (whole === 0) return `${sign}${rest}${NBSP}min`;
  return `${sign}${formatCount(whole)}${NBSP}h${NBSP}${String(rest).padStart(2, "0")}`;
}

/** `0612345678` → `06 12 34 56 78`, `+33612345678` / `0033 6 12…` → `+33 6 12 34 56 78`. */
const FRENCH_NATIONAL = /^0(\d{9})$/;
const FRENCH_INTERNATIONAL = /^(?:\+|00)33(\d{9})$/;

/**
 * A telephone number grouped as French writes it (docs/glossary.md, « Numbers »): a French number in
 * pairs, `06 12 34 56 78` or `+33 6 12 34 56 78`; any other number (abroad, short) is kept as typed.
 * No-break spaces: a number never breaks over two lines. The `tel:` link is made from the stored value.
 */
export function formatPhone(phone: string): string {
  const typed = phone.trim();
  const digits = typed.replace(/\(0\)/, "").replace(/[\s.\-/()\u00a0\u202f]/g, "");
  const national = FRENCH_NATIONAL.exec(digits);
  if (national) return `0${national[1]}`.replace(/(\d{2})(?=\d)/g, `$1${NBSP}`);
  const international = FRENCH_INTERNATIONAL.exec(digits);
  if (international) {
    const [first, rest] = [international[1]?.slice(0, 1), international[1]?.slice(1) ?? ""];
    return `+33${NBSP}${first}${NBSP}${rest.replace(/(\d{2})(?=\d)/g, `$1${NBSP}`)}`;
  }
  return typed;
}

/**
 * A SIREN or a SIRET grouped (no-break spaces, never broken): `812 345 678`, `812 345 678 00021` (the
 * SIREN by threes, then the establishment's five digits); anything else as typed.
 */
export function formatSiret(siret: string): string {
  const digits = siret.replace(/[\s\u00a0\u202f]/g, "");
  if (!/^\d{9}(\d{5})?$/.test(digits)) return siret;
  const siren = `${digits.slice(0, 3)}${NBSP}${digits.slice(3, 6)}${NBSP}${digits.slice(6, 9)}`;
  return digits.length === 14 ? `${siren}${NBSP}${digits.slice(9)}` : siren;
}
