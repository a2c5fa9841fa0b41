import { plural } from "@shared/format";
import { FINAL_QUOTE_STATUSES, type QuoteStatus } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";

/** The first two lines of a card and the « +1 autre » / « +2 autres » that follows them. */
export function itemsPreview<T extends { position: number; kind?: string }>(items: readonly T[], shown = 2) {
  // The priced lines: headings and text lines say nothing on a card.
  const ordered = items.filter((i) => (i.kind ?? "item") === "item").sort((a, b) => a.position - b.position);
  const rest = Math.max(0, ordered.length - shown);
  return {
    items: ordered.slice(0, shown),
    rest,
    restLabel: rest > 0 ? `+${plural(rest, "autre")}` : null,
  };
}

/** One colour per status (badge classes over the design tokens). */
export const STATUS_BADGE_CLASSES: Record<QuoteStatus, string> = {
  "en cours de redaction": "border-[#fde68a] bg-warning-soft text-warning-soft-foreground",
  "envoye au client": "border-[#bfdbfe] bg-[#eff6ff] text-[#1d4ed8]",
  "client relance": "border-[#c7cbfb] bg-primary-soft text-primary-soft-foreground",
  valide: "border-[#bbf7d0] bg-success-soft text-success-soft-foreground",
  refuse: "border-[#fecaca] bg-destructive-soft text-destructive-soft-foreground",
  annule: "border-[#e2e8f0] bg-muted text-[#475569]",
};

/** Actions a status allows (docs/domain/quotes.md#statuses): send a draft, remind after sending, validate until final. */
export function statusActions(quote: Pick<Quote, "status" | "project_id">) {
  const final = FINAL_QUOTE_STATUSES.includes(quote.status);
  return {
    final,
    canSend: quote.status === "en cours de redaction",
    canRemind: quote.status === "envoye au client",
    canValidate: !final,
    /** 'Créer un projet': only a validated quote without a project. */
    showCreateProject: quote.status === "valide" && !quote.project_id,
    /** 'Créer une facture': only a validated quote. */
    showCreateInvoice: quote.status === "valide",
  };
}

/** « 12 chemin des Vignes, 69620 Oingt »: a worksite address on one line. */
export function worksiteLine(site: { address: string; postal_code: string | null; city: string | null }): string {
  return [site.address, [site.postal_code, site.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}
