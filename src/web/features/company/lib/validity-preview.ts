import { DEFAULT_QUOTE_VALIDITY_DAYS } from "@shared/company-rules";
import { addDays, parisToday } from "@shared/dates";

/** The days the validity input stands for: '' → 30 (docs/domain/company-settings.md#rules), a whole 1–365 as is, else null. */
export function validityDays(raw: string): number | null {
  const text = raw.trim();
  if (text === "") return DEFAULT_QUOTE_VALIDITY_DAYS;
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= 365 ? days : null;
}

/**
 * « 06/01/2027 »: the end of validity of a quote dated today (Europe/Paris), as the server computes
 * it for a new quote (date + validity days); null while the input is not a valid number of days.
 */
export function validUntilForToday(raw: string, now: Date = new Date()): string | null {
  const days = validityDays(raw);
  if (days === null) return null;
  const [year, month, day] = addDays(parisToday(now), days).split("-");
  return `${day}/${month}/${year}`;
}
