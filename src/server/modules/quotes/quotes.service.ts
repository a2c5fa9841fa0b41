import type { Database, Db } from "@server/db/client";
import { type AuthContext, can, idOr404, permissions, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import type { RenderLog } from "@server/pdf/document";
import { addDays, parisToday } from "@shared/dates";
import { isPricedLine } from "@shared/money";
import type { QuoteWorksite } from "@shared/quote-rules";
import {
  DRAFT_QUOTE_STATUS,
  isFinalQuoteStatus,
  lineFromStored,
  PENDING_QUOTE_STATUSES,
  QUOTE_SORT_ORDERS,
  QUOTE_TEXTS,
  type Quote,
  type QuoteDefaults,
  type QuoteInput,
  type QuoteItemInput,
  quoteContentChanged,
  type quoteDuplicateSchema,
  type quoteListQuerySchema,
  quoteMargin,
  quoteTotalsInEuros,
  resolveLineCosts,
  statusAllowsNoLines,
  statusOfNewVersion,
} from "@shared/quotes";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import type { Premises } from "@shared/vat-rules";
import type { z } from "zod";
import { clientsQueries } from "../clients/clients.queries";
import { companyInfoQueries, companySettingsQueries } from "../company/company.queries";
import { assertLineTaxRates } from "../company/tax-rates";
import { createDocumentPdfs } from "../documents/document-pdf";
import { libraryQueries } from "../library/library.queries";
import { nextReference } from "../references/references.queries";
import { type NewQuoteHistoryEntry, quoteHistoryRepository } from "./quote-history.repository";
import { actorOf, creationEntry, updateEntries } from "./quote-history.service";
import { quoteDocument } from "./quote-pdf";
import { quotesRepository } from "./quotes.repository";
import { signaturesRepository } from "./signing.repository";
import { hasLiveLink, revokeLiveLinks } from "./signing-links";

/** Who may do what with quotes: read by the routes (config.access) and checked again here. */
export const QUOTES_ACCESS = permissions({
  list: "quotes:view",
  get: "quotes:view",
  pdf: "quotes:view",
  create: "quotes:create",
  update: "quotes:edit",
  duplicate: "quotes:create",
  defaults: "quotes:create",
  /** Sees and sets the lines' costs and the quote's margin (docs/domain/quotes.md#margins). */
  margins: "quotes:margins",
});

type ListQuery = z.output<typeof quoteListQuerySchema>;
type DuplicateBody = z.output<typeof quoteDuplicateSchema>;

/** A quote without priced lines (none, or headings and texts only) stays a draft: any other status is refused (409). */
function assertLinesForStatus(input: Pick<QuoteInput, "status" | "items">): void {
  if (!input.items.some(isPricedLine) && !statusAllowsNoLines(input.status)) {
    throw errors.conflict(QUOTE_TEXTS.linesRequired);
  }
}

/**
 * The quote as `auth` may see it: with its margin for a holder of quotes:margins, without any cost
 * otherwise (docs/domain/quotes.md#margins).
 */
function presented(auth: AuthContext, quote: Quote): Quote {
  if (can(auth, QUOTES_ACCESS.margins)) return { ...quote, margin: quoteMargin(quote) };
  return { ...quote, items: quote.items.map(({ cost_price: _hidden, ...item }) => item) };
}

/**
 * The lines with the cost each is stored with (resolveLineCosts): their library items must be the
 * company's (404 otherwise), whose costs fill the lines that do not say theirs.
 */
async function costedLines(
  tx: Db,
  t: TenantAccess,
  lines: readonly QuoteItemInput[],
  before: readonly QuoteItemInput[],
): Promise<QuoteItemInput[]> {
  await assertLineTaxRates(tx, t.companyId, lines);
  const ids = [...new Set(lines.flatMap((l) => (l.library_item_id ? [l.library_item_id] : [])))];
  const found = await libraryQueries.articles(tx, t.companyId, ids);
  if (found.length !== ids.length) throw errors.notFound(QUOTE_TEXTS.libraryItemNotFound);
  const costs = resolveLineCosts(
    lines,
    before,
    new Map(found.map((item) => [item.id, item.cost_price])),
    can(t.auth, QUOTES_ACCESS.margins),
  );
  return lines.map((line, index) => ({ ...line, cost_price: costs[index] ?? null }));
}

/**
 * The edit of a quote already presented to the client — sent or reminded, or with a live signing link —
 * that changes what he is shown (quoteContentChanged) makes a new version: the version goes up and the
 * live links are revoked (they answer 410), in the edit's transaction. Answers the new version and the
 * links revoked, or null for an edit that keeps the version (a draft never presented, a status or notes
 * changed alone). docs/domain/quotes.md#sent-quotes-are-frozen.
 */
async function versionOfEdit(
  tx: Db,
  companyId: string,
  before: Quote,
  input: QuoteInput,
): Promise<{ version: number; linksRevoked: number } | null> {
  const after = { ...input, worksite: input.worksite === undefined ? before.worksite : input.worksite };
  if (!quoteContentChanged(before, after)) return null;
  const presented = PENDING_QUOTE_STATUSES.includes(before.status) || (await hasLiveLink(tx, companyId, before.id));
  if (!presented) return null;
  const version = await quotesRepository.newVersion(tx, companyId, before.id);
  return { version, linksRevoked: await revokeLiveLinks(tx, companyId, before.id) };
}

/** The update's entries, its « Modification » saying the new version and the links it revoked. */
function withNewVersion(
  entries: NewQuoteHistoryEntry[],
  made: { version: number; linksRevoked: number },
): NewQuoteHistoryEntry[] {
  const metadata = { version: made.version, signing_links_revoked: made.linksRevoked };
  return entries.map((entry) => (entry.action === "updated" ? { ...entry, metadata } : entry));
}

/**
 * The answer to « Logement achevé depuis plus de 2 ans ? » given with a quote is remembered on the
 * client's worksite address the quote names (ADR 0029); at the client's own address, the quote keeps it.
 */
async function rememberPremises(
  tx: Db,
  companyId: string,
  clientId: string,
  site: QuoteWorksite | null,
  premises: Premises | null | undefined,
): Promise<void> {
  if (!site || !premises) return;
  await clientsQueries.rememberPremises(tx, companyId, clientId, site, premises);
}

export function createQuotesService(db: Database) {
  const pdfs = createDocumentPdfs();

  /** One quote as its detail answers it: with its signature (only a validated quote may have one, docs/domain/signing.md). */
  async function load(t: TenantAccess, quoteId: string): Promise<Quote> {
    const quote = await db.run(t.scope, async (tx) => {
      const found = await quotesRepository.find(tx, t.companyId, quoteId);
      if (!found) return undefined;
      const signature = found.status === "valide" ? await signaturesRepository.summary(tx, t.companyId, quoteId) : null;
      return { ...found, signature };
    });
    if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
    return quote;
  }

  /**
   * The document of `quote` with the company's identity and terms, prepared in `tx` by the document
   * kernel's PDF pipeline (its cache key; the logo's bytes only when the cache has no rendering of it).
   */
  async function documentOf(tx: Db, companyId: string, quote: Quote) {
    const { logo_file_id, terms_and_conditions, ...identity } = await companyInfoQueries.forDocuments(tx, companyId);
    // Signed by the client: the signature in its box and the « Journal de signature » (docs/domain/signing.md).
    const signed = quote.status === "valide" ? await signaturesRepository.evidence(tx, companyId, quote.id) : null;
    const document = quoteDocument(quote, identity, null, terms_and_conditions, signed);
    const [prepared] = await pdfs.prepare(tx, companyId, [{ document, logoFileId: logo_file_id }]);
    if (!prepared) throw new Error("quote document not prepared");
    return prepared;
  }

  return {
    async list(auth: AuthContext, query: ListQuery) {
      const t = tenant(auth, QUOTES_ACCESS.list, QUOTE_TEXTS.companyRequired);
      const filter = { status: query.status, clientId: query.client_id, state: query.state };
      const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
      // Validity dates are read against the business day (Europe/Paris).
      const context = { today: parisToday(), sort: query.sort, order: query.order ?? QUOTE_SORT_ORDERS[query.sort] };
      return db.run(t.scope, async (tx) => {
        if (query.search) {
          const found = await quotesRepository.search(tx, t.companyId, query.search, filter, page, context);
          const byId =
            found.ids.length > 0
              ? await quotesRepository.list(
                  tx,
                  t.companyId,
                  { ids: found.ids },
                  { limit: query.limit, offset: 0 },
                  context,
                )
              : [];
          // In the order search() gave.
          const data = found.ids.flatMap((id) => byId.filter((quote) => quote.id === id));
          return {
            data: data.map((quote) => presented(auth, quote)),
            meta: { total: found.summary.count, page: query.page, limit: query.limit, summary: found.summary },
          };
        }
        const summary = await quotesRepository.summary(tx, t.companyId, filter, context.today);
        const data =
          summary.count > (query.page - 1) * query.limit
            ? await quotesRepository.list(tx, t.companyId, filter, page, context)
            : [];
        return {
          data: data.map((quote) => presented(auth, quote)),
          meta: { total: summary.count, page: query.page, limit: query.limit, summary },
        };
      });
    },

    /** What a new quote takes from the company's settings, for whoever writes quotes (no settings:view needed). */
    async defaults(auth: AuthContext): Promise<QuoteDefaults> {
      const t = tenant(auth, QUOTES_ACCESS.defaults, QUOTE_TEXTS.companyRequired);
      const settings = await db.run(t.scope, (tx) => companySettingsQueries.get(tx, t.companyId));
      return { validity_days: settings.quote_validity_days, default_tax_rate: settings.default_tax_rate };
    },

    async get(auth: AuthContext, id: string) {
      const t = tenant(auth, QUOTES_ACCESS.get, QUOTE_TEXTS.companyRequired);
      return presented(auth, await load(t, idOr404(id, QUOTE_TEXTS.notFound)));
    },

    /**
     * The quote as a PDF (devis-{reference}.pdf). The quote, then the company's identity and terms (one
     * read), in one transaction; a document already rendered with the same content comes from the cache, and
     * the logo's bytes are read only to render. Rendering happens after the transaction; a logo that
     * cannot be printed is left out with a warning in `log` (the request's).
     */
    async pdf(auth: AuthContext, id: string, log?: RenderLog): Promise<{ filename: string; pdf: Buffer }> {
      const t = tenant(auth, QUOTES_ACCESS.pdf, QUOTE_TEXTS.companyRequired);
      const quoteId = idOr404(id, QUOTE_TEXTS.notFound);
      const found = await db.run(t.scope, async (tx) => {
        const quote = await quotesRepository.find(tx, t.companyId, quoteId);
        if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
        return { quote, prepared: await documentOf(tx, t.companyId, quote) };
      });
      return { filename: `devis-${found.quote.reference}.pdf`, pdf: await pdfs.render(found.prepared, log) };
    },

    /**
     * The PDF of `quote` (read by the caller in `tx`, its company's scope) as GET …/pdf answers it — the
     * same cache, so the same bytes: what the send and remind messages attach (docs/domain/messages.md).
     * Rendered within the caller's transaction; no permission checked here (the caller's service did).
     */
    async pdfInTransaction(tx: Db, companyId: string, quote: Quote, log?: RenderLog): Promise<Buffer> {
      return pdfs.render(await documentOf(tx, companyId, quote), log);
    },

    async create(auth: AuthContext, input: QuoteInput) {
      const t = tenant(auth, QUOTES_ACCESS.create, QUOTE_TEXTS.companyRequired);
      assertLinesForStatus(input);
      // Server-side totals: whatever a client sent, these are stored (ADR 0002).
      const totals = quoteTotalsInEuros(input);
      const id = await db.run(t.scope, async (tx) => {
        if (!(await quotesRepository.clientExists(tx, t.companyId, input.client_id))) {
          throw errors.notFound(QUOTE_TEXTS.clientNotFound);
        }
        const settings = await companySettingsQueries.get(tx, t.companyId);
        const values = {
          ...input,
          valid_until: input.valid_until ?? addDays(input.date, settings.quote_validity_days),
          items: await costedLines(tx, t, input.items, []),
        };
        const reference = await nextReference(tx, t.companyId, "quote", Number(parisToday().slice(0, 4)));
        const quoteId = await quotesRepository.insert(tx, t.companyId, values, totals, {
          reference,
          createdBy: auth.userId,
        });
        await quoteHistoryRepository.add(tx, t.companyId, [
          creationEntry(quoteId, actorOf(auth), { reference, status: input.status }),
        ]);
        await rememberPremises(tx, t.companyId, input.client_id, input.worksite ?? null, input.premises);
        return quoteId;
      });
      return presented(auth, await load(t, id));
    },

    async update(auth: AuthContext, id: string, input: QuoteInput, version?: ExpectedVersion) {
      const t = tenant(auth, QUOTES_ACCESS.update, QUOTE_TEXTS.companyRequired);
      const quoteId = idOr404(id, QUOTE_TEXTS.notFound);
      const totals = quoteTotalsInEuros(input);
      await db.run(t.scope, async (tx) => {
        await quotesRepository.lockVersion(tx, t.companyId, quoteId, version);
        const before = await quotesRepository.find(tx, t.companyId, quoteId, { lock: true });
        if (!before) throw errors.notFound(QUOTE_TEXTS.notFound);
        // Signed by the client: final, and said so (docs/domain/signing.md#security).
        if (before.status === "valide" && (await signaturesRepository.exists(tx, t.companyId, quoteId))) {
          throw errors.conflict(SIGNING_TEXTS.signedLocked);
        }
        if (isFinalQuoteStatus(before.status)) throw errors.conflict(QUOTE_TEXTS.finalLocked);
        assertLinesForStatus(input);
        if (
          input.client_id !== before.client_id &&
          !(await quotesRepository.clientExists(tx, t.companyId, input.client_id))
        ) {
          throw errors.notFound(QUOTE_TEXTS.clientNotFound);
        }
        const items = await costedLines(tx, t, input.items, before.items.map(lineFromStored));
        // A quote presented to the client is frozen: an edit of its content is a new version
        // (docs/domain/quotes.md#sent-quotes-are-frozen).
        const newVersion = await versionOfEdit(tx, t.companyId, before, input);
        const values = newVersion ? { ...input, status: statusOfNewVersion(input.status) } : input;
        await quotesRepository.update(tx, t.companyId, quoteId, { ...values, items }, totals);
        const entries = updateEntries(before, values, totals.total, actorOf(auth));
        await quoteHistoryRepository.add(tx, t.companyId, newVersion ? withNewVersion(entries, newVersion) : entries);
        const site = input.worksite === undefined ? before.worksite : input.worksite;
        await rememberPremises(tx, t.companyId, input.client_id, site, input.premises);
      });
      return presented(auth, await load(t, quoteId));
    },

    async duplicate(auth: AuthContext, id: string, body: DuplicateBody) {
      const t = tenant(auth, QUOTES_ACCESS.duplicate, QUOTE_TEXTS.companyRequired);
      const source = await load(t, idOr404(id, QUOTE_TEXTS.notFound));
      const today = parisToday();
      const newId = await db.run(t.scope, async (tx) => {
        const settings = await companySettingsQueries.get(tx, t.companyId);
        const input: QuoteInput = {
          name: body.name ?? `${source.name} (Copie)`,
          client_id: source.client_id,
          status: body.reset_status ? DRAFT_QUOTE_STATUS : source.status,
          date: body.reset_dates ? today : source.date,
          valid_until: body.reset_dates ? addDays(today, settings.quote_validity_days) : source.valid_until,
          notes: source.notes,
          terms: source.terms,
          worksite: source.worksite,
          premises: source.premises,
          discount_percentage: source.discount_percentage,
          discount_amount: source.discount_amount,
          // In their order (find() reads them by position) with their costs; the copy numbers them again.
          items: body.include_items ? source.items.map(lineFromStored) : [],
        };
        assertLinesForStatus(input);
        const reference = await nextReference(tx, t.companyId, "quote", Number(today.slice(0, 4)));
        const quoteId = await quotesRepository.insert(tx, t.companyId, input, quoteTotalsInEuros(input), {
          reference,
          createdBy: auth.userId,
        });
        await quoteHistoryRepository.add(tx, t.companyId, [
          creationEntry(quoteId, actorOf(auth), { reference, status: input.status, duplicatedFrom: source.reference }),
        ]);
        return quoteId;
      });
      return presented(auth, await load(t, newId));
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
