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

/** `yyyy-mm-dd` + n days (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A real calendar day written `yyyy-mm-dd` (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
