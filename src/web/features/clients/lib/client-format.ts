import { formatMonthYear } from "@shared/format";

/** Client card: « Client depuis novembre 2026 » (month and year, docs/domain/clients.md#cards); null without a readable date. */
export function formatClientSinceShort(createdAt: string | null | undefined): string | null {
  return formatMonthYear(createdAt) || null;
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
