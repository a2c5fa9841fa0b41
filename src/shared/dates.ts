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
