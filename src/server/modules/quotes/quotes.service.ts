import type { z } from "zod";
import { addDays, parisToday } from "../../../shared/dates";
import {
  isFinalQuoteStatus,
  QUOTE_TEXTS,
  type Quote,
  type QuoteHistoryAction,
  type QuoteInput,
  type quoteDuplicateSchema,
  type quoteListQuerySchema,
  type quoteTemplateInputSchema,
  quoteTotalsInEuros,
} from "../../../shared/quotes";
import type { Database } from "../../db/client";
import { errors } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { DocumentCache, documentKey } from "../../pdf/cache";
import { renderCommercialDocument } from "../../pdf/document";
import { assertCan, requireCompany } from "../../plugins/auth";
import type { AuthContext } from "../auth/auth.service";
import { companyInfoRepository, companySettingsRepository } from "../company/company.repository";
import { nextReference } from "../references/references.repository";
import { quoteDocument } from "./quote-pdf";
import { quotesRepository, quoteTemplatesRepository, type TemplateRow } from "./quotes.repository";

/** Rendered quote PDFs kept per process (src/server/pdf/cache.ts). */
const PDF_CACHE_BYTES = 32 * 1024 * 1024;

type ListQuery = z.output<typeof quoteListQuerySchema>;
type DuplicateBody = z.output<typeof quoteDuplicateSchema>;
type TemplateInput = z.output<typeof quoteTemplateInputSchema>;

const companyOf = (auth: AuthContext) => requireCompany(auth, QUOTE_TEXTS.companyRequired);

function quoteIdOrNotFound(id: string): string {
  if (!isUuid(id)) throw errors.notFound(QUOTE_TEXTS.notFound);
  return id;
}

/** Server-side totals: whatever a client sent, these are stored (design §5.3). */
function totalsOf(input: Pick<QuoteInput, "items" | "discount_percentage" | "discount_amount">) {
  return quoteTotalsInEuros(input);
}

const TRACKED_FIELDS = [
  "name",
  "client_id",
  "date",
  "valid_until",
  "notes",
  "terms",
  "discount_percentage",
  "discount_amount",
] as const;

/** Field-by-field changes between the stored quote and the new input (history 'updated'). */
function diff(before: Quote, after: QuoteInput, afterTotal: number): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of TRACKED_FIELDS) {
    const from = before[field] ?? null;
    const to = (field === "discount_amount" && after.discount_percentage > 0 ? 0 : after[field]) ?? null;
    if (from !== to) changes[field] = { from, to };
  }
  const itemsKey = (
    items: readonly { name: string; quantity: number; unit: string; unit_price: number; tax_rate: number }[],
  ) => JSON.stringify(items.map((i) => [i.name, i.quantity, i.unit, i.unit_price, i.tax_rate]));
  if (itemsKey(before.items) !== itemsKey(after.items)) {
    changes.items = { from: before.items.length, to: after.items.length };
  }
  if (before.total !== afterTotal) changes.total = { from: before.total, to: afterTotal };
  return changes;
}

/** The history action a status change writes (spec 2 §4 history kinds). */
function statusAction(to: string): QuoteHistoryAction {
  if (to === "envoye au client") return "sent";
  if (to === "valide") return "validated";
  if (to === "annule") return "cancelled";
  return "status_changed";
}

function templateOut(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    items: row.items as (TemplateInput["items"][number] & { position: number })[],
    discount_percentage: row.discountPercentage,
    terms: row.terms,
    created_at: row.createdAt.toISOString(),
  };
}

export function createQuotesService(db: Database) {
  const pdfCache = new DocumentCache(PDF_CACHE_BYTES);

  async function load(auth: AuthContext, id: string): Promise<Quote> {
    const companyId = companyOf(auth);
    const quote = await db.run(auth.scope, (tx) => quotesRepository.find(tx, companyId, quoteIdOrNotFound(id)));
    if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
    return quote;
  }

  const actor = (auth: AuthContext) => ({ userId: auth.userId, userName: auth.user.full_name });

  return {
    async list(auth: AuthContext, query: ListQuery) {
      assertCan(auth, "quotes:view");
      const companyId = companyOf(auth);
      const filter = { status: query.status, clientId: query.client_id };
      const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
      return db.run(auth.scope, async (tx) => {
        if (query.search) {
          const found = await quotesRepository.search(tx, companyId, query.search, filter, page);
          const data =
            found.ids.length > 0
              ? await quotesRepository.list(tx, companyId, { ids: found.ids }, { limit: query.limit, offset: 0 })
              : [];
          return {
            data,
            meta: { total: found.summary.count, page: query.page, limit: query.limit, summary: found.summary },
          };
        }
        const summary = await quotesRepository.summary(tx, companyId, filter);
        const data =
          summary.count > (query.page - 1) * query.limit
            ? await quotesRepository.list(tx, companyId, filter, page)
            : [];
        return { data, meta: { total: summary.count, page: query.page, limit: query.limit, summary } };
      });
    },

    async get(auth: AuthContext, id: string) {
      assertCan(auth, "quotes:view");
      return load(auth, id);
    },

    /**
     * The quote as a PDF (devis-{reference}.pdf). The quote, then the company's identity and terms (one
     * read), in one transaction; a document already rendered with the same content comes from the cache, and
     * the logo's bytes are read only to render. Rendering happens after the transaction.
     */
    async pdf(auth: AuthContext, id: string): Promise<{ filename: string; pdf: Buffer }> {
      assertCan(auth, "quotes:view");
      const companyId = companyOf(auth);
      const quoteId = quoteIdOrNotFound(id);
      const found = await db.run(auth.scope, async (tx) => {
        const quote = await quotesRepository.find(tx, companyId, quoteId);
        if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
        const { logo_file_id, terms_and_conditions, ...identity } = await companyInfoRepository.forDocuments(
          tx,
          companyId,
        );
        const document = quoteDocument(quote, identity, null, terms_and_conditions);
        // Per company: no tenant can learn from timing that another one rendered the same document.
        const key = `${companyId}:${documentKey(document, logo_file_id)}`;
        const cached = pdfCache.get(key);
        if (cached) return { quote, document, key, cached };
        const logo = logo_file_id ? await companyInfoRepository.logoData(tx, companyId, logo_file_id) : null;
        return { quote, document: { ...document, company: { ...document.company, logo } }, key, cached: undefined };
      });
      let pdf = found.cached;
      if (!pdf) {
        pdf = await renderCommercialDocument(found.document);
        pdfCache.set(found.key, pdf);
      }
      return { filename: `devis-${found.quote.reference}.pdf`, pdf };
    },

    async create(auth: AuthContext, input: QuoteInput) {
      assertCan(auth, "quotes:create");
      const companyId = companyOf(auth);
      const totals = totalsOf(input);
      const id = await db.run(auth.scope, async (tx) => {
        if (!(await quotesRepository.clientExists(tx, companyId, input.client_id))) {
          throw errors.notFound(QUOTE_TEXTS.clientNotFound);
        }
        const settings = await companySettingsRepository.get(tx, companyId);
        const values = {
          ...input,
          valid_until: input.valid_until ?? addDays(input.date, settings.quote_validity_days),
        };
        const reference = await nextReference(tx, companyId, "quote", Number(parisToday().slice(0, 4)));
        const quoteId = await quotesRepository.insert(tx, companyId, values, totals, {
          reference,
          createdBy: auth.userId,
        });
        await quotesRepository.addHistory(tx, companyId, [
          { quoteId, action: "created", ...actor(auth), metadata: { reference, status: input.status } },
        ]);
        return quoteId;
      });
      return load(auth, id);
    },

    async update(auth: AuthContext, id: string, input: QuoteInput) {
      assertCan(auth, "quotes:edit");
      const companyId = companyOf(auth);
      const quoteId = quoteIdOrNotFound(id);
      const totals = totalsOf(input);
      await db.run(auth.scope, async (tx) => {
        const before = await quotesRepository.find(tx, companyId, quoteId, { lock: true });
        if (!before) throw errors.notFound(QUOTE_TEXTS.notFound);
        if (isFinalQuoteStatus(before.status)) throw errors.conflict(QUOTE_TEXTS.finalLocked);
        if (
          input.client_id !== before.client_id &&
          !(await quotesRepository.clientExists(tx, companyId, input.client_id))
        ) {
          throw errors.notFound(QUOTE_TEXTS.clientNotFound);
        }
        await quotesRepository.update(tx, companyId, quoteId, input, totals);
        const changes = diff(before, input, totals.total);
        const entries: Parameters<typeof quotesRepository.addHistory>[2] = [];
        if (Object.keys(changes).length > 0) entries.push({ quoteId, action: "updated", ...actor(auth), changes });
        if (input.status !== before.status) {
          entries.push({
            quoteId,
            action: statusAction(input.status),
            ...actor(auth),
            changes: { status: { from: before.status, to: input.status } },
          });
        }
        await quotesRepository.addHistory(tx, companyId, entries);
      });
      return load(auth, quoteId);
    },

    async duplicate(auth: AuthContext, id: string, body: DuplicateBody) {
      assertCan(auth, "quotes:create");
      const companyId = companyOf(auth);
      const source = await load(auth, id);
      const today = parisToday();
      const newId = await db.run(auth.scope, async (tx) => {
        const settings = await companySettingsRepository.get(tx, companyId);
        const input: QuoteInput = {
          name: body.name ?? `${source.name} (Copie)`,
          client_id: source.client_id,
          status: body.reset_status ? "en cours de redaction" : source.status,
          date: body.reset_dates ? today : source.date,
          valid_until: body.reset_dates ? addDays(today, settings.quote_validity_days) : source.valid_until,
          notes: source.notes,
          terms: source.terms,
          discount_percentage: source.discount_percentage,
          discount_amount: source.discount_amount,
          items: body.include_items
            ? source.items.map(({ name, description, quantity, unit, unit_price, tax_rate, position }) => ({
                name,
                description,
                quantity,
                unit: unit as QuoteInput["items"][number]["unit"],
                unit_price,
                tax_rate,
                position,
              }))
            : [],
        };
        const reference = await nextReference(tx, companyId, "quote", Number(today.slice(0, 4)));
        const quoteId = await quotesRepository.insert(tx, companyId, input, totalsOf(input), {
          reference,
          createdBy: auth.userId,
        });
        await quotesRepository.addHistory(tx, companyId, [
          {
            quoteId,
            action: "created",
            ...actor(auth),
            metadata: { reference, status: input.status, duplicated_from: source.reference },
          },
        ]);
        return quoteId;
      });
      return load(auth, newId);
    },

    async duplicateAsTemplate(auth: AuthContext, id: string, name: string | undefined) {
      assertCan(auth, "quotes:create");
      const companyId = companyOf(auth);
      const source = await load(auth, id);
      const row = await db.run(auth.scope, (tx) =>
        quoteTemplatesRepository.insert(tx, companyId, {
          name: name ?? source.name,
          description: `Créé à partir du devis ${source.reference}`,
          items: source.items.map(({ name, description, quantity, unit, unit_price, tax_rate, position }) => ({
            name,
            description,
            quantity,
            unit,
            unit_price,
            tax_rate,
            position,
          })),
          discountPercentage: source.discount_percentage,
          terms: source.terms,
        }),
      );
      return templateOut(row);
    },

    async history(auth: AuthContext, id: string) {
      assertCan(auth, "quotes:view");
      const companyId = companyOf(auth);
      const quote = await load(auth, id);
      return db.run(auth.scope, (tx) => quotesRepository.history(tx, companyId, quote.id));
    },

    templates: {
      async list(auth: AuthContext) {
        assertCan(auth, "quotes:view");
        const companyId = companyOf(auth);
        const rows = await db.run(auth.scope, (tx) => quoteTemplatesRepository.list(tx, companyId));
        return { data: rows.map(templateOut), meta: { total: rows.length, page: 1, limit: rows.length } };
      },
      async create(auth: AuthContext, input: TemplateInput) {
        assertCan(auth, "quotes:create");
        const companyId = companyOf(auth);
        const row = await db.run(auth.scope, (tx) =>
          quoteTemplatesRepository.insert(tx, companyId, {
            name: input.name,
            description: input.description,
            items: input.items.map((item, index) => ({ ...item, position: index + 1 })),
            discountPercentage: input.discount_percentage,
            terms: input.terms,
          }),
        );
        return templateOut(row);
      },
      async update(auth: AuthContext, id: string, input: TemplateInput) {
        assertCan(auth, "quotes:edit");
        const companyId = companyOf(auth);
        if (!isUuid(id)) throw errors.notFound(QUOTE_TEXTS.templateNotFound);
        const row = await db.run(auth.scope, (tx) =>
          quoteTemplatesRepository.update(tx, companyId, id, {
            name: input.name,
            description: input.description,
            items: input.items.map((item, index) => ({ ...item, position: index + 1 })),
            discountPercentage: input.discount_percentage,
            terms: input.terms,
          }),
        );
        if (!row) throw errors.notFound(QUOTE_TEXTS.templateNotFound);
        return templateOut(row);
      },
      async remove(auth: AuthContext, id: string) {
        assertCan(auth, "quotes:delete");
        const companyId = companyOf(auth);
        if (!isUuid(id)) throw errors.notFound(QUOTE_TEXTS.templateNotFound);
        const deleted = await db.run(auth.scope, (tx) => quoteTemplatesRepository.delete(tx, companyId, id));
        if (!deleted) throw errors.notFound(QUOTE_TEXTS.templateNotFound);
      },
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
