import { DRAFT_KEY_PREFIX } from "@web/lib/storage";
import type { QuoteFormFields, QuoteItemFields } from "./quote-form";

/**
 * A quote being written is kept on the device until it is saved or discarded (issue 9, defect 1): a
 * long quote typed on a phone survives a closed tab, a dead battery or a mis-tap. One draft per
 * company, user and quote (« new » for a creation), in localStorage (src/web/lib/storage.ts).
 */
export const QUOTE_DRAFT_PREFIX = `${DRAFT_KEY_PREFIX}quote:`;
/** A draft older than this is dropped unread. */
export const QUOTE_DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Written this long after the last keystroke. */
export const QUOTE_DRAFT_DELAY_MS = 800;

export const QUOTE_DRAFT_TEXTS = {
  title: "Brouillon non enregistré",
  description: (when: string) => `Ce devis a été saisi sur cet appareil le ${when} sans être enregistré.`,
  resume: "Reprendre le brouillon",
  ignore: "Ignorer",
} as const;

export interface QuoteDraft {
  /** When it was written (ISO). */
  savedAt: string;
  values: QuoteFormFields;
}

/** `propulse:draft:quote:<company>:<user>:<quote id | new>`. */
export function quoteDraftKey(scope: string, quoteId: string | null): string {
  return `${QUOTE_DRAFT_PREFIX}${scope}:${quoteId ?? "new"}`;
}

export function serialiseQuoteDraft(values: QuoteFormFields, now: Date): string {
  return JSON.stringify({ savedAt: now.toISOString(), values } satisfies QuoteDraft);
}

const TEXT_FIELDS = ["name", "client_id", "status", "date", "valid_until", "notes", "terms"] as const;
const NUMBER_FIELDS = ["discount_percentage", "discount_amount"] as const;
const ITEM_FIELDS = ["name", "description", "quantity", "unit", "unit_price", "tax_rate"] as const;
/** Added with line kinds and costs: a draft written before them reads as priced lines without cost. */
const LATER_ITEM_FIELDS = { kind: "item", cost_price: "", library_item_id: "" } as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function itemOf(value: unknown): QuoteItemFields | null {
  if (!isRecord(value) || !ITEM_FIELDS.every((key) => typeof value[key] === "string")) return null;
  const later = Object.entries(LATER_ITEM_FIELDS).map(([key, fallback]) => [
    key,
    typeof value[key] === "string" ? value[key] : fallback,
  ]);
  if (!["item", "section", "text"].includes(String(later[0]?.[1]))) return null;
  return Object.fromEntries([...ITEM_FIELDS.map((key) => [key, value[key]]), ...later]) as unknown as QuoteItemFields;
}

/**
 * The draft stored under a key, or null: nothing stored, unreadable (written by an older form), or older
 * than 30 days. Only the form's own fields are kept.
 */
export function parseQuoteDraft(raw: string | null, now: Date): QuoteDraft | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.savedAt !== "string" || !isRecord(parsed.values)) return null;
  const savedAt = Date.parse(parsed.savedAt);
  if (Number.isNaN(savedAt) || now.getTime() - savedAt > QUOTE_DRAFT_MAX_AGE_MS) return null;
  const values = parsed.values;
  if (![...TEXT_FIELDS, ...NUMBER_FIELDS].every((key) => typeof values[key] === "string")) return null;
  if (!Array.isArray(values.items)) return null;
  const items = values.items.map(itemOf);
  if (items.some((item) => item === null)) return null;
  const fields = Object.fromEntries([...TEXT_FIELDS, ...NUMBER_FIELDS].map((key) => [key, values[key]]));
  const site = values.worksite;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  // The worksite address chosen, when the draft has one (drafts written before it have none).
  const worksite =
    isRecord(site) && typeof site.address === "string"
      ? { label: text(site.label), address: site.address, postal_code: text(site.postal_code), city: text(site.city) }
      : null;
  return { savedAt: parsed.savedAt, values: { ...fields, items, worksite } as unknown as QuoteFormFields };
}
