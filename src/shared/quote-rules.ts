import { htAfterDiscount } from "./documents/discount";
import { type LineKind, storedLineFigures, taxRatesList } from "./documents/lines";
import { DOCUMENT_TEXTS } from "./documents/texts";
import { computeTotals, fromCents, isPricedLine, lineAmount, marginOf, type TotalsLineInput, toCents } from "./money";
import type { QuoteItemInput } from "./quotes";

/**
 * What a quote screen needs without zod: statuses and their labels, units, VAT rates, defaults, texts,
 * the totals in euros and the history's actions. `quotes.ts` re-exports it with the schemas, which a list page does not
 * load (docs/conventions.md).
 */
/** Quote statuses (docs/domain/quotes.md#statuses), wire values kept as the spec spells them. */
export const QUOTE_STATUSES = [
  "en cours de redaction",
  "envoye au client",
  "client relance",
  "valide",
  "refuse",
  "annule",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  "en cours de redaction": "En cours de rédaction",
  "envoye au client": "Envoyé au client",
  "client relance": "Client relancé",
  valide: "Validé",
  refuse: "Refusé",
  annule: "Annulé",
};

export const FINAL_QUOTE_STATUSES: readonly QuoteStatus[] = ["valide", "refuse", "annule"];
export const isFinalQuoteStatus = (status: string): boolean => FINAL_QUOTE_STATUSES.includes(status as QuoteStatus);
/** The status a quote is written in; the only one a quote without lines may have (409 otherwise). */
export const DRAFT_QUOTE_STATUS: QuoteStatus = "en cours de redaction";
export const statusAllowsNoLines = (status: QuoteStatus): boolean => status === DRAFT_QUOTE_STATUS;
/** Sent statuses: the quote waits for the client's answer (« Envoyés »), until its validity date. */
export const PENDING_QUOTE_STATUSES: readonly QuoteStatus[] = ["envoye au client", "client relance"];

/**
 * A sent quote past its validity date (docs/domain/quotes.md#list-and-figures): shown « Expiré », out of
 * « CA en attente » and of the total. `today` is the business day, `yyyy-mm-dd` (Europe/Paris).
 */
export function isExpiredQuote(quote: { status: string; valid_until: string | null }, today: string): boolean {
  return (
    PENDING_QUOTE_STATUSES.includes(quote.status as QuoteStatus) &&
    quote.valid_until !== null &&
    quote.valid_until < today
  );
}

/** The list's `state` filter: sent quotes still valid (« Envoyés »), or past their validity (« Expirés »). */
export const QUOTE_STATES = ["pending", "expired"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
export const EXPIRED_LABEL = "Expiré";

/** The list's orders: most recent first (the spec's), largest amount HT first, client name A → Z. */
export const QUOTE_SORTS = ["date", "amount", "client"] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];
export const QUOTE_SORT_LABELS: Record<QuoteSort, string> = {
  date: "Plus récents",
  amount: "Montant HT",
  client: "Client (A → Z)",
};
/** Each sort's direction when `order` is left out (the published orders above). */
export const QUOTE_SORT_ORDERS: Record<QuoteSort, "asc" | "desc"> = { date: "desc", amount: "desc", client: "asc" };

/**
 * Line kinds, units and VAT rates are every document's (src/shared/documents/lines.ts): re-exported
 * here for the modules that read them with the quotes' words.
 */
export {
  allowedTaxRates,
  EXTRA_TAX_RATES_MAX,
  isAllowedTaxRate,
  LINE_KINDS,
  type LineKind,
  sectionSubtotals,
  taxRatesList,
  UNITS,
  type Unit,
  VAT_RATES,
} from "./documents/lines";
export const QUOTE_DEFAULTS = { unit: "unité", taxRate: 20, quantity: 1, validityDays: 30, pageSize: 20 } as const;

/**
 * Where the work is done, copied onto the quote from the client's worksite addresses (or typed): a
 * quote keeps it as written even when the client's record changes. None: the client's address.
 */
export interface QuoteWorksite {
  label: string | null;
  address: string;
  postal_code: string | null;
  city: string | null;
}

/** GET /api/quotes/defaults: what a new quote takes from the company's settings. */
export interface QuoteDefaults {
  validity_days: number;
  default_tax_rate: number;
}

export const QUOTE_TEXTS = {
  nameRequired: "Le nom du devis est obligatoire",
  clientRequired: "Veuillez sélectionner un client",
  statusRequired: "Veuillez sélectionner un statut",
  dateRequired: "La date est obligatoire",
  itemNameRequired: "Le nom de l'article est obligatoire",
  sectionTitleRequired: "Le titre de la section est obligatoire",
  textRequired: "Le texte de la ligne est obligatoire",
  lineKindInvalid: "Type de ligne invalide (item, section ou text)",
  costPositive: "Le coût unitaire doit être positif",
  libraryItemNotFound: "Élément de la bibliothèque introuvable",
  worksiteAddressRequired: "L’adresse du chantier est obligatoire",
  quantityPositive: "La quantité doit être supérieure à 0",
  unitRequired: "L'unité est obligatoire",
  unitPricePositive: "Le prix unitaire doit être positif",
  taxRateRange: "Le taux de TVA doit être entre 0 et 100",
  /** Issue 31: a rate outside the company's list (docs/decisions/0020-vat-rates.md). */
  taxRateNotAllowed: (allowed: readonly number[]) =>
    `Taux de TVA non autorisé\u00a0: choisissez ${taxRatesList(allowed)}\u00a0%`,
  ...DOCUMENT_TEXTS,
  linesRequired:
    "Un devis sans ligne reste «\u00a0En cours de rédaction\u00a0»\u00a0: ajoutez au moins une ligne avant de changer son statut",
  finalLocked: "Ce devis ne peut plus être modifié car son statut est finalisé",
  finalWarning: "Ce devis ne peut plus être modifié car son statut est finalisé.",
  /** The form of a sent or reminded quote (docs/domain/quotes.md#sent-quotes-are-frozen). */
  sentEditWarning:
    "Ce devis a été envoyé au client\u00a0: modifier son contenu en fait une nouvelle version, à lui renvoyer. Le lien de signature qu’il a reçu ne fonctionnera plus.",
  notFound: "Devis introuvable",
  templateNotFound: "Modèle introuvable",
  templateNameRequired: "Le nom du modèle est obligatoire",
  clientNotFound: "Client introuvable",
  companyRequired: "Vous devez être connecté à une entreprise pour gérer les devis",
  validUntilBeforeDate: "La date de validité doit être postérieure à la date du devis",
  noProjectUnlessValid: "Seuls les devis validés peuvent être transformés en chantier",
  alreadyProject: "Ce devis est déjà associé à un chantier",
  noInvoiceUnlessValid: "Seuls les devis validés peuvent être transformés en factures",
  created: "Devis créé avec succès",
  updated: "Devis mis à jour avec succès",
  duplicated: "Devis dupliqué",
  pdfDownloaded: "PDF téléchargé avec succès",
  pdfFailed: "Erreur lors du téléchargement du PDF",
  historyFailed: "Erreur lors du chargement de l'historique",
  templateCreated: "Modèle de devis créé avec succès",
  templateUpdated: "Modèle mis à jour avec succès",
  templateDeleted: "Modèle supprimé avec succès",
  templateFromQuote: "Modèle créé à partir du devis",
} as const;

/** A line as the totals and the margins read it (a kind, its figures and, when known, its unit cost). */
export type PricedLineInput = TotalsLineInput & { cost_price?: number | null };

/**
 * Totals in euros for the wire, from the shared cents computation. A section heading's line carries
 * its section's subtotal HT (never counted again: the totals read priced lines only); a text line 0.
 */
export function quoteTotalsInEuros(input: {
  items: readonly TotalsLineInput[];
  discount_percentage: number;
  discount_amount: number;
}) {
  const t = computeTotals(input);
  return {
    lines: storedLineFigures(input.items, t),
    subtotal: fromCents(t.subtotal),
    discount: fromCents(t.discount),
    tax_amount: fromCents(t.tax_amount),
    total: fromCents(t.total),
    vat_breakdown: t.vat.map((v) => ({
      rate: v.rate,
      base: fromCents(v.base),
      discount: fromCents(v.discount),
      net: fromCents(v.net),
      tax: fromCents(v.tax),
    })),
  };
}

/** Cost and margin in euros; the rate on the sale price HT (« taux de marque »), null without sale. */
export interface MarginFigures {
  cost: number;
  amount: number;
  rate: number | null;
}

/** A priced line's cost and margin (quantity × unit cost against its amount HT); null without a cost. */
export function lineMargin(line: PricedLineInput): MarginFigures | null {
  if (!isPricedLine(line) || line.cost_price === null || line.cost_price === undefined) return null;
  const cost = lineAmount(line.quantity, toCents(line.cost_price));
  const margin = marginOf(lineAmount(line.quantity, toCents(line.unit_price)), cost);
  return { cost: fromCents(cost), amount: fromCents(margin.amount_cents), rate: margin.rate };
}

/** The quote's margin: its total HT after discount against the cost of its lines (docs/domain/quotes.md#margins). */
export interface QuoteMargin extends MarginFigures {
  /** Priced lines without a cost: the margin counts them at cost 0, the screen says how many. */
  missing_costs: number;
}

export function quoteMargin(input: {
  items: readonly PricedLineInput[];
  discount_percentage: number;
  discount_amount: number;
}): QuoteMargin {
  const totals = computeTotals(input);
  let cost = 0;
  let missing = 0;
  for (const line of input.items) {
    if (!isPricedLine(line)) continue;
    if (line.cost_price === null || line.cost_price === undefined) missing += 1;
    else cost += lineAmount(line.quantity, toCents(line.cost_price));
  }
  const margin = marginOf(htAfterDiscount(totals), cost);
  return { cost: fromCents(cost), amount: fromCents(margin.amount_cents), rate: margin.rate, missing_costs: missing };
}

/** What a quote's history records (docs/domain/quotes.md, « Life of a quote »). */
export const QUOTE_HISTORY_ACTIONS = [
  "created",
  "updated",
  "status_changed",
  "sent",
  "reminded",
  "validated",
  "cancelled",
] as const;
export type QuoteHistoryAction = (typeof QUOTE_HISTORY_ACTIONS)[number];
export const QUOTE_HISTORY_LABELS: Record<QuoteHistoryAction, string> = {
  created: "Création",
  updated: "Modification",
  status_changed: "Changement de statut",
  sent: "Envoi au client",
  reminded: "Relance",
  validated: "Validation",
  cancelled: "Annulation",
};

/** A field's change, from → to. */
export type QuoteHistoryChanges = Record<string, { from: unknown; to: unknown }>;

/** What the cost of a line is resolved from: its kind, words and library item, and a cost when said. */
export interface CostedLine {
  kind?: string;
  name: string;
  unit: string;
  library_item_id: string | null;
  cost_price?: number | null | undefined;
}

/**
 * The unit cost each line is stored with (docs/domain/quotes.md#margins), index by index:
 * - a heading or a text line: none;
 * - a cost said (a number or null) by a user who may see costs (`maySetCosts`): as said;
 * - otherwise (unsaid, or from a user who may not see costs, whose answers never carry them): the cost
 *   the same line had before (the first unused line with the same library item and name, or the same
 *   name and unit); failing that, the library item's current cost; failing that, none.
 * So a user who cannot see costs never erases nor sets one, and an API client that ignores costs
 * keeps them.
 */
export function resolveLineCosts(
  lines: readonly CostedLine[],
  before: readonly CostedLine[],
  libraryCosts: ReadonlyMap<string, number>,
  maySetCosts: boolean,
): (number | null)[] {
  const unused = before.filter(isPricedLine);
  const take = (match: (line: CostedLine) => boolean): CostedLine | undefined => {
    const index = unused.findIndex(match);
    return index < 0 ? undefined : unused.splice(index, 1)[0];
  };
  return lines.map((line) => {
    if (!isPricedLine(line)) return null;
    if (maySetCosts && line.cost_price !== undefined) {
      // Said: the line of before with the same words is used up all the same.
      take((b) => b.library_item_id === line.library_item_id && b.name === line.name && b.unit === line.unit);
      return line.cost_price;
    }
    const previous =
      (line.library_item_id !== null
        ? take((b) => b.library_item_id === line.library_item_id && b.name === line.name)
        : undefined) ?? take((b) => b.name === line.name && b.unit === line.unit);
    if (typeof previous?.cost_price === "number") return previous.cost_price;
    return line.library_item_id !== null ? (libraryCosts.get(line.library_item_id) ?? null) : null;
  });
}

/** A line as a client sends it: its kind and words, and a priced line's figures. */
export type QuoteLinePayload = Pick<QuoteItemInput, "kind" | "name"> & Partial<Omit<QuoteItemInput, "kind" | "name">>;

/** A line as a client sends it: a heading or a text line by its kind and words only; a cost only when said. */
export function lineToPayload(line: QuoteItemInput): QuoteLinePayload {
  if (line.kind !== "item") return { kind: line.kind, name: line.name };
  const { cost_price, ...rest } = line;
  return cost_price === undefined ? rest : line;
}

/** A line as the API answers it: what a line written again is made of. */
export interface StoredLine {
  kind: LineKind;
  name: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  tax_rate: number;
  cost_price?: number | null | undefined;
  library_item_id: string | null;
}

/** A stored line as a line to write again (a duplicate, a status change, a template): same kind, words, figures and cost. */
export function lineFromStored(item: StoredLine): QuoteItemInput {
  return {
    kind: item.kind,
    name: item.name,
    description: item.description,
    quantity: item.quantity,
    unit: item.unit,
    unit_price: item.unit_price,
    tax_rate: item.tax_rate,
    cost_price: item.cost_price,
    library_item_id: item.library_item_id,
  };
}

/**
 * What the client agrees to in a quote — printed on its PDF and shown on its signing page — and so what
 * a new version is about (docs/domain/quotes.md#sent-quotes-are-frozen): internal notes, costs, library
 * links and the status are not part of it, nor the validity date — prolonging an offer changes nothing
 * the client would sign (a reminder then sends a link with the new date).
 */
export interface QuoteContent {
  name: string;
  client_id: string;
  date: string;
  terms?: string | null;
  worksite: { label?: string | null; address: string; postal_code?: string | null; city?: string | null } | null;
  discount_percentage: number;
  discount_amount: number;
  items: readonly {
    kind?: string;
    name: string;
    description?: string | null;
    quantity: number;
    unit: string;
    unit_price: number;
    tax_rate: number;
  }[];
}

/** A quote's content as one string: two contents are the same when their keys are. */
export function quoteContentKey(content: QuoteContent): string {
  const worksite = content.worksite;
  return JSON.stringify([
    content.name,
    content.client_id,
    content.date,
    content.terms ?? null,
    worksite ? [worksite.label ?? null, worksite.address, worksite.postal_code ?? null, worksite.city ?? null] : null,
    Number(content.discount_percentage),
    Number(content.discount_amount),
    content.items.map((i) => [
      i.kind ?? "item",
      i.name,
      i.description ?? null,
      Number(i.quantity),
      i.unit,
      Number(i.unit_price),
      Number(i.tax_rate),
    ]),
  ]);
}

/** Whether an edit changes what the client is shown (a new version when the quote was presented to him). */
export const quoteContentChanged = (before: QuoteContent, after: QuoteContent): boolean =>
  quoteContentKey(before) !== quoteContentKey(after);

/**
 * The status of a new version (docs/domain/quotes.md#sent-quotes-are-frozen): it was not sent, so a sent
 * or reminded status asked for it becomes a draft, to be sent again; a draft or a final status asked is kept.
 */
export const statusOfNewVersion = (asked: QuoteStatus): QuoteStatus =>
  PENDING_QUOTE_STATUSES.includes(asked) ? DRAFT_QUOTE_STATUS : asked;
