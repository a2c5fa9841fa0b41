import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import type { QuoteTemplate, QuoteTemplateInput, QuoteTemplateItem } from "@shared/quote-templates";
import { QUOTE_TEXTS } from "@shared/quotes";
import { assertLineTaxRates } from "../company/tax-rates";
import { libraryQueries } from "../library/library.queries";
import { quotesQueries } from "../quotes/quotes.queries";
import { quoteTemplatesRepository, type TemplateRow } from "./quote-templates.repository";

/** Who may do what with quote templates: read by the routes (config.access) and checked again here. */
export const QUOTE_TEMPLATES_ACCESS = permissions({
  list: "quotes:view",
  create: "quotes:create",
  fromQuote: "quotes:create",
  update: "quotes:edit",
  remove: "quotes:delete",
});

type Line = Omit<QuoteTemplateItem, "position">;

/**
 * The lines as stored: these fields only (never a cost: a template is read by all who see quotes),
 * numbered 1, 2, … in their order (like a quote's).
 */
function numbered(lines: readonly Line[]): QuoteTemplateItem[] {
  return lines.map(({ kind, library_item_id, name, description, quantity, unit, unit_price, tax_rate }, index) => ({
    kind,
    library_item_id,
    name,
    description,
    quantity,
    unit,
    unit_price,
    tax_rate,
    position: index + 1,
  }));
}

function valuesOf(input: Omit<QuoteTemplateInput, "items"> & { items: readonly Line[] }) {
  return {
    name: input.name,
    description: input.description,
    items: numbered(input.items),
    discountPercentage: input.discount_percentage,
    terms: input.terms,
  };
}

function templateOut(row: TemplateRow): QuoteTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Lines stored before line kinds are priced lines without a library item.
    items: (row.items as Partial<QuoteTemplateItem>[]).map((item) => ({
      kind: "item",
      library_item_id: null,
      ...item,
    })) as QuoteTemplateItem[],
    discount_percentage: row.discountPercentage,
    terms: row.terms,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const noCompany = QUOTE_TEXTS.companyRequired;

/**
 * The lines a template is written with: each rate one the company's lines may carry (ADR 0020), each
 * library item the company's own article (404 « Élément de la bibliothèque introuvable » otherwise, as
 * on a quote: a template's line is copied onto quotes).
 */
async function assertLines(tx: Db, companyId: string, lines: readonly Line[]): Promise<void> {
  await assertLineTaxRates(tx, companyId, lines);
  const ids = [...new Set(lines.flatMap((l) => (l.library_item_id ? [l.library_item_id] : [])))];
  if (ids.length === 0) return;
  const found = await libraryQueries.articles(tx, companyId, ids);
  if (found.length !== ids.length) throw errors.notFound(QUOTE_TEXTS.libraryItemNotFound);
}

export function createQuoteTemplatesService(db: Database) {
  return {
    async list(auth: AuthContext) {
      const t = tenant(auth, QUOTE_TEMPLATES_ACCESS.list, noCompany);
      const rows = await db.run(t.scope, (tx) => quoteTemplatesRepository.list(tx, t.companyId));
      return { data: rows.map(templateOut), meta: { total: rows.length, page: 1, limit: rows.length } };
    },

    async create(auth: AuthContext, input: QuoteTemplateInput) {
      const t = tenant(auth, QUOTE_TEMPLATES_ACCESS.create, noCompany);
      const row = await db.run(t.scope, async (tx) => {
        await assertLines(tx, t.companyId, input.items);
        return quoteTemplatesRepository.insert(tx, t.companyId, valuesOf(input));
      });
      return templateOut(row);
    },

    /** A template from a stored quote: its lines, percentage discount and terms. */
    async fromQuote(auth: AuthContext, quoteId: string, name: string | undefined) {
      const t = tenant(auth, QUOTE_TEMPLATES_ACCESS.fromQuote, noCompany);
      const id = idOr404(quoteId, QUOTE_TEXTS.notFound);
      const row = await db.run(t.scope, async (tx) => {
        const quote = await quotesQueries.find(tx, t.companyId, id);
        if (!quote) throw errors.notFound(QUOTE_TEXTS.notFound);
        return quoteTemplatesRepository.insert(
          tx,
          t.companyId,
          valuesOf({
            name: name ?? quote.name,
            description: `Créé à partir du devis ${quote.reference}`,
            items: quote.items,
            discount_percentage: quote.discount_percentage,
            terms: quote.terms,
          }),
        );
      });
      return templateOut(row);
    },

    async update(auth: AuthContext, id: string, input: QuoteTemplateInput, version?: ExpectedVersion) {
      const t = tenant(auth, QUOTE_TEMPLATES_ACCESS.update, noCompany);
      const templateId = idOr404(id, QUOTE_TEXTS.templateNotFound);
      const row = await db.run(t.scope, async (tx) => {
        await quoteTemplatesRepository.lockVersion(tx, t.companyId, templateId, version);
        if (!(await quoteTemplatesRepository.exists(tx, t.companyId, templateId))) {
          throw errors.notFound(QUOTE_TEXTS.templateNotFound);
        }
        await assertLines(tx, t.companyId, input.items);
        return quoteTemplatesRepository.update(tx, t.companyId, templateId, valuesOf(input));
      });
      if (!row) throw errors.notFound(QUOTE_TEXTS.templateNotFound);
      return templateOut(row);
    },

    async remove(auth: AuthContext, id: string) {
      const t = tenant(auth, QUOTE_TEMPLATES_ACCESS.remove, noCompany);
      const templateId = idOr404(id, QUOTE_TEXTS.templateNotFound);
      const deleted = await db.run(t.scope, (tx) => quoteTemplatesRepository.delete(tx, t.companyId, templateId));
      if (!deleted) throw errors.notFound(QUOTE_TEXTS.templateNotFound);
    },
  };
}

export type QuoteTemplatesService = ReturnType<typeof createQuoteTemplatesService>;
