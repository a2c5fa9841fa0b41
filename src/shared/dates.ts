/** Business dates are calendar days in Europe/Paris (docs/domain/api.md#ids-and-dates), as `yyyy-mm-dd`. */
const parisDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function parisToday(now: Date = new Date()): string {
  return parisDay.format(now);
}

/**
 * The number of a `yyyy-mm-dd` day counted from 1970-01-01 (day 0), by integer arithmetic (the
 * proleptic Gregorian calendar, H. Hinnant's days_from_civil): the planning counts days by the thousand
 * a request, where a `Date` parsed and printed each time cost more than the rest of the work. An
 * overflowing day rolls over as `Date` does (2026-02-30 is 2026-03-02); a string that is no date throws.
 */
export function dayNumber(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const day = Number(isoDate.slice(8, 10));
  if (isoDate.length !== 10 || !(year >= 0 && month >= 1 && month <= 12 && day >= 0 && day <= 99)) {
    throw new RangeError(`Date invalide\u00a0: ${isoDate}`);
  }
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The `yyyy-mm-dd` of a day number (the inverse of `dayNumber`, civil_from_days). */
export function dayOfNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

/** ISO day of the week of a day number: 1 Monday … 7 Sunday (day 0, 1970-01-01, was a Thursday). */
export const weekdayOfNumber = (n: number): number => ((((n + 3) % 7) + 7) % 7) + 1;

/** `yyyy-mm-dd` + n days (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  return dayOfNumber(dayNumber(isoDate) + days);
}

/**
 * The days a business date may take (docs/domain/api.md#ids-and-dates): PostgreSQL has no year 0, and a
 * date near 9999 overflows the four digits once a term or a week is added to it (issue 31).
 */
export const DAY_RANGE = { first: "1900-01-01", last: "2999-12-31" } as const;

/** A real calendar day written `yyyy-mm-dd` (2026-02-30 is not one), within DAY_RANGE. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (value < DAY_RANGE.first || value > DAY_RANGE.last) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
