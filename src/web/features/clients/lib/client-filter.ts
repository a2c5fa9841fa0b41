import type { Client } from "@shared/clients";
import { formatCount } from "@shared/format";
import { fold } from "@shared/search";

/** The search as the server reads it: trimmed, folded (accents and case aside, ADR 0032); empty means no search. */
export function normaliseSearch(term: string): string {
  return fold(term.trim());
}

/**
 * The client-side filter (docs/domain/clients.md#client-screen): name, e-mail, phone or city containing the typed text,
 * accents and case aside (fold(), ADR 0032). It reads the same text as the server's `search_text` (name, e-mail, phone and
 * city joined by spaces), so it never hides a row the server found for the same term.
 */
export function matchesSearch(client: Pick<Client, "name" | "email" | "phone" | "city">, term: string): boolean {
  const wanted = normaliseSearch(term);
  if (!wanted) return true;
  const text = fold([client.name, client.email ?? "", client.phone ?? "", client.city ?? ""].join(" "));
  return text.includes(wanted);
}

export function filterClients<T extends Pick<Client, "name" | "email" | "phone" | "city">>(
  clients: readonly T[],
  term: string,
): T[] {
  return clients.filter((client) => matchesSearch(client, term));
}

/** « 1 client trouvé », « 12 clients trouvés » (docs/domain/clients.md#client-screen). */
export function foundLabel(count: number): string {
  const n = formatCount(count);
  return count > 1 ? `${n} clients trouvés` : `${n} client trouvé`;
}

export type StatusFilter = "all" | "active" | "inactive";

/** Tous / Actifs / Inactifs (docs/domain/clients.md#client-screen). */
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "Tous" },
  { value: "active", label: "Actifs" },
  { value: "inactive", label: "Inactifs" },
];
