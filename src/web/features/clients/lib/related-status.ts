import { QUOTE_STATUS_LABELS, type QuoteStatus } from "@shared/quote-rules";

export type StatusTone = "default" | "success" | "warning" | "destructive" | "outline";

const QUOTE_TONES: Record<QuoteStatus, StatusTone> = {
  "en cours de redaction": "outline",
  "envoye au client": "default",
  "client relance": "warning",
  valide: "success",
  refuse: "destructive",
  annule: "outline",
};

/** Worksite statuses with a colour (docs/domain/clients.md#detail); any other value gets a neutral badge. */
const PROJECT_TONES: Record<string, StatusTone> = {
  "en cours": "default",
  "à faire": "warning",
  "en pause": "outline",
  livré: "success",
  terminé: "success",
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Label and badge tone of a quote or worksite status in the client detail. */
export function relatedStatus(kind: "quote" | "project", status: string): { label: string; tone: StatusTone } {
  if (kind === "quote") {
    const label = QUOTE_STATUS_LABELS[status as QuoteStatus];
    return label ? { label, tone: QUOTE_TONES[status as QuoteStatus] } : { label: capitalise(status), tone: "outline" };
  }
  return { label: capitalise(status), tone: PROJECT_TONES[status] ?? "outline" };
}
