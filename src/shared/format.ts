/**
 * French formatting of what users read, on screen and in the PDFs: euros, percentages, quantities and
 * their units, counts, hours, dates, telephone numbers and SIRET. Pure (Intl only), the one place that decides how a figure or a date is written.
 *
 * Spaces, one rule everywhere (Intl fr-FR's own, pinned here because ICU versions differ):
 * - digit groups are separated by U+202F, the narrow no-break space (`1 234 567`);
 * - a number is joined to its sign by U+00A0, the no-break space (`12,50 €`, `5,5 %`).
 * No negative zero: a value that rounds to 0 is written without a minus sign.
 *
 * Dates: a business date `yyyy-mm-dd` is a calendar day and is written as such, whatever the time
 * zone; an instant (a timestamp or a `Date`) is written in the runtime's time zone (the user's, in
 * the browser). Date arithmetic (Paris « today », adding days) lives in `dates.ts`.
 */

/** U+202F: separates digit groups. */
export const NARROW_NBSP = "\u202f";
/** U+00A0: joins a number to its sign (€, %). */
export const NBSP = "\u00a0";

/**
 * Each Intl formatter is built on its first use, not when the module loads: building one costs a few
 * milliseconds on a phone, and a screen's first paint should pay only for the ones it writes with.
 */
function numberFormat(minimumFractionDigits: number, maximumFractionDigits: number) {
  let format: Intl.NumberFormat | undefined;
  return (value: number) => {
    format ??= new Intl.NumberFormat("fr-FR", {
      minimumFractionDigits,
      maximumFractionDigits,
      signDisplay: "negative",
    });
    // Whatever space this ICU version groups digits with, the rule's is U+202F.
    return format.format(value).replace(/\s/g, NARROW_NBSP);
  };
}

const amount = numberFormat(2, 2);
const rate = numberFormat(0, 2);
const quantity = numberFormat(0, 3);
const count = numberFormat(0, 0);
const fixedRates = new Map<number, (value: number) => string>();

/** 1234.5 → `1 234,50 €` (always two decimals). */
export function formatEuro(value: number): string {
  return `${amount(value)}${NBSP}€`;
}

/** An amount taken off, such as a discount: 397.34 → `− 397,34 €` (minus sign U+2212, then U+00A0). */
export function formatDeduction(value: number): string {
  return `−${NBSP}${formatEuro(value)}`;
}

/**
 * A rate given in percent: 5.5 → `5,5 %`, 20 → `20 %` (up to two decimals); with `decimals`,
 * exactly that many: formatPercent(66.666, 1) → `66,7 %`, formatPercent(0, 1) → `0,0 %`.
 */
export function formatPercent(value: number, decimals?: number): string {
  let format = rate;
  if (decimals !== undefined) {
    format = fixedRates.get(decimals) ?? numberFormat(decimals, decimals);
    if (!fixedRates.has(decimals)) fixedRates.set(decimals, format);
  }
  return `${format(value)}${NBSP}%`;
}

/** 12.5 → `12,5`, 1250 → `1 250`, up to three decimals (quantities are kept in thousandths). */
export function formatQuantity(value: number): string {
  return quantity(value);
}

const plain = numberFormat(0, 6);

/** Any number as written in a message (a limit, a value): up to six decimals, 1234.5 → `1 234,5`. */
export function formatNumber(value: number): string {
  return plain(value);
}

/** A number of things: 1200 → `1 200`. */
export function formatCount(value: number): string {
  return count(value);
}

/**
 * A count and its noun, the plural computed (docs/glossary.md, « Plurals »): `plural(1, "ligne")` →
 * `1 ligne`, `plural(12, "heure")` → `12 heures`, `plural(0, "client")` → `0 client` (zero takes the
 * singular in French), `plural(3, "devis", "devis")`; the number as `formatCount` writes it, a no-break
 * space before the noun.
 */
export function plural(value: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count(value)}${NBSP}${Math.abs(value) >= 2 ? pluralForm : singular}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `yyyy-mm-dd` day as a Date at UTC midnight, an instant as itself; null when unreadable. */
function toDate(value: string | Date): { date: Date; calendar: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, calendar: false };
  const day = ISO_DAY.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // 2026-02-31 rolls over to March: not a day.
  if (day && date.getUTCDate() !== Number(day[3])) return null;
  return { date, calendar: Boolean(day) };
}

type DateParts = Pick<Intl.DateTimeFormatOptions, "weekday" | "day" | "month" | "year" | "hour" | "minute">;

function dateFormat(parts: DateParts) {
  let calendar: Intl.DateTimeFormat | undefined;
  let local: Intl.DateTimeFormat | undefined;
  return (value: string | Date | null | undefined) => {
    const read = value ? toDate(value) : null;
    if (!read) return null;
    if (read.calendar) {
      calendar ??= new Intl.DateTimeFormat("fr-FR", { ...parts, hourCycle: "h23", timeZone: "UTC" });
      return calendar.formatToParts(read.date);
    }
    local ??= new Intl.DateTimeFormat("fr-FR", { ...parts, hourCycle: "h23" });
    return local.formatToParts(read.date);
  };
}

function pick(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((part) => part.type === type)?.value ?? "";
}

const numericDay = dateFormat({ day: "2-digit", month: "2-digit", year: "numeric" });
const longDay = dateFormat({ day: "numeric", month: "long", year: "numeric" });
const weekdayLongDay = dateFormat({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
const monthYear = dateFormat({ month: "long", year: "numeric" });
const dayTime = dateFormat({ day: "2-digit", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** `2026-03-09` → `09/03/2026`; '' when there is no (readable) date. */
export function formatDate(value: string | Date | null | undefined): string {
  const parts = numericDay(value);
  return parts ? `${pick(parts, "day")}/${pick(parts, "month")}/${pick(parts, "year")}` : "";
}

/** `2026-02-01` → `1 février 2026`; '' when there is no (readable) date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  const parts = longDay(value);
  return parts ? `${pick(parts, "day")} ${pick(parts, "month")} ${pick(parts, "year")}` : "";
}

/** `lundi 24 novembre 2025` (lower case, as French writes it inside a sentence); '' when unreadable. */
export function formatWeekdayDate(value: string | Date | null | undefined): string {
  const parts = weekdayLongDay(value);
  return parts ? `${pick(parts, "weekday")} ${pick(parts, "day")} ${pick(parts, "month")} ${pick(parts, "year")}` : "";
}

/** `novembre 2025`; '' when unreadable. */
export function formatMonthYear(value: string | Date | null | undefined): string {
  const parts = monthYear(value);
  return parts ? `${pick(parts, "month")} ${pick(parts, "year")}` : "";
}

/** `9 h`, `9 h 30`, `14 h 05`: an hour and its minutes, none when on the hour (no-break spaces). */
function clock(hour: string, minute: string): string {
  const h = String(Number(hour));
  return minute === "00" ? `${h}${NBSP}h` : `${h}${NBSP}h${NBSP}${minute}`;
}

/** `12 mars 2026 à 14 h 05`, `03 janv. 2026 à 9 h` (abbreviated month, 24-hour clock); '' when unreadable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const parts = dayTime(value);
  if (!parts) return "";
  const day = `${pick(parts, "day")} ${pick(parts, "month")} ${pick(parts, "year")}`;
  return `${day} à ${clock(pick(parts, "hour"), pick(parts, "minute"))}`;
}

const timeOfDay = dateFormat({ hour: "2-digit", minute: "2-digit" });

/** The time of an instant: `9 h`, `9 h 30`, `14 h 05` (24-hour clock, runtime's zone); '' when unreadable. */
export function formatTime(value: string | Date | null | undefined): string {
  const parts = timeOfDay(value);
  return parts ? clock(pick(parts, "hour"), pick(parts, "minute")) : "";
}

/** The day and month of a `yyyy-mm-dd`: [`23`, `novembre`, `2026`]. */
function dayParts(value: string): [day: string, month: string, year: string] | null {
  const parts = longDay(value);
  return parts ? [pick(parts, "day"), pick(parts, "month"), pick(parts, "year")] : null;
}

/**
 * A span of days written once (docs/glossary.md, « Dates »): `23–29 novembre 2026` within a month (en
 * dash, no spaces), `30 novembre – 6 décembre 2026` across months, `28 décembre 2026 – 3 janvier 2027`
 * across years (spaced en dash: a line may break after it, never before), `23 novembre 2026` for one
 * day; '' when a day is unreadable.
 */
export function formatDayRange(first: string, last: string): string {
  const from = dayParts(first);
  const to = dayParts(last);
  if (!from || !to) return "";
  const [d1, m1, y1] = from;
  const [d2, m2, y2] = to;
  if (y1 === y2 && m1 === m2) return d1 === d2 ? `${d1} ${m1} ${y1}` : `${d1}\u2013${d2} ${m1} ${y1}`;
  if (y1 === y2) return `${d1} ${m1}${NBSP}\u2013 ${d2} ${m2} ${y2}`;
  return `${d1} ${m1} ${y1}${NBSP}\u2013 ${d2} ${m2} ${y2}`;
}
