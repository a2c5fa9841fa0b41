import { format, isValid, parseISO } from "date-fns";
import { fr } from "date-fns/locale";

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** Client card: « novembre 2026 » (month and year, spec 1 §9). */
export function formatClientSinceShort(createdAt: string | null | undefined): string | null {
  const date = toDate(createdAt);
  return date ? format(date, "MMMM yyyy", { locale: fr }) : null;
}

/** Client detail: « 22 novembre 2026 » (day, long month, year, spec 1 §9). */
export function formatLongFrenchDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? format(date, "d MMMM yyyy", { locale: fr }) : null;
}

const percentFormatter = new Intl.NumberFormat("fr-FR", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Conversion rate given in percent (12.5) → « 12,5 % » (one decimal, French). */
export function formatPercent(rate: number): string {
  return percentFormatter.format(rate / 100);
}

/** « Jean Dupont » → « JD », « Sarl Martin & fils » → « SM », one word → its first two letters. */
export function clientInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = words[0];
  if (!first) return "?";
  const letter = (word: string) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? "";
  const second = words[1];
  const result = second ? letter(first) + letter(second) : first.replace(/[^\p{L}\p{N}]/gu, "").slice(0, 2);
  return result.toUpperCase() || "?";
}
