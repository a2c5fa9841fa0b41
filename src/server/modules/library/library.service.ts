import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import { toCsv } from "@shared/csv";
import {
  LIBRARY_SORT_ORDERS,
  LIBRARY_TEXTS,
  type LibraryCategory,
  type LibraryExportQuery,
  type LibraryImportInput,
  type LibraryImportResult,
  type LibraryItem,
  type LibraryItemDetail,
  type LibraryItemInput,
  type LibraryListQuery,
  type LibraryListResponse,
  type OuvrageInput,
  type OuvragePricing,
  priceOuvrage,
} from "@shared/library";
import { LIBRARY_CSV_LIMITS, LIBRARY_CSV_TEXTS, libraryCsvRows, parseLibraryCsv } from "@shared/library-csv";
import { amountFits, fromCents, MONEY_TEXTS, toCents } from "@shared/money";
import { companySettingsQueries } from "../company/company.queries";
import { assertTaxRates } from "../company/tax-rates";
import { type ComponentRow, type LibraryItemValues, libraryRepository } from "./library.repository";

/** Who may do what with the price library (docs/domain/library.md#permissions). */
export const LIBRARY_ACCESS = permissions({
  list: "library:view",
  export: "library:view",
  import: "library:edit",
  get: "library:view",
  suggestions: "library:view",
  create: "library:edit",
  update: "library:edit",
  duplicate: "library:edit",
  archive: "library:edit",
  restore: "library:edit",
  remove: "library:edit",
});

const noCompany = LIBRARY_TEXTS.companyRequired;

/** The parts of an ouvrage as sent, checked against the company's articles, and its prices. */
/**
 * An ouvrage's figures, in euros as stored, through the one pricing rule (`priceOuvrage`, cents). Parts
 * each within their bounds may still price it beyond a money column: 400 on `path` (the ouvrage's
 * parts, or the price of the article that reprices it), never the database's overflow
 * (docs/domain/money.md#limits).
 */
function priceInEuros(
  ouvrage: {
    parts: readonly {
      quantity: number;
      unit_price: number;
      cost_price: number;
      category: LibraryCategory;
      unit: string;
    }[];
    pricing: OuvragePricing;
    coefficient: number | null;
    forced_price: number | null;
  },
  path = "components",
) {
  const price = priceOuvrage({
    parts: ouvrage.parts.map((part) => ({
      quantity: part.quantity,
      unit_price_cents: toCents(part.unit_price),
      cost_price_cents: toCents(part.cost_price),
      category: part.category,
      unit: part.unit,
    })),
    pricing: ouvrage.pricing,
    coefficient: ouvrage.coefficient,
    forced_price_cents: ouvrage.forced_price === null ? null : toCents(ouvrage.forced_price),
  });
  if (!amountFits(fromCents(price.sale_cents)) || !amountFits(fromCents(price.cost_cents))) {
    throw errors.validation(MONEY_TEXTS.totalTooLarge, [{ path, message: MONEY_TEXTS.totalTooLarge }]);
  }
  return {
    unit_price: fromCents(price.sale_cents),
    cost_price: fromCents(price.cost_cents),
    labour_hours: price.labour_hours,
  };
}

async function priceFromInput(tx: Db, companyId: string, input: OuvrageInput, selfId?: string) {
  const ids = input.components.map((c) => c.article_id);
  const articles = new Map((await libraryRepository.articles(tx, companyId, ids)).map((a) => [a.id, a]));
  const parts = input.components.map((component) => {
    const article = articles.get(component.article_id);
    if (article?.kind !== "article" || article.id === selfId) {
      throw errors.validation(LIBRARY_TEXTS.componentNotFound, [
        { path: "components", message: LIBRARY_TEXTS.componentNotFound },
      ]);
    }
    if (article.archived) {
      throw errors.validation(LIBRARY_TEXTS.componentArchived, [
        { path: "components", message: LIBRARY_TEXTS.componentArchived },
      ]);
    }
    // Articles always carry a category (library_items_shape_check).
    return { ...article, quantity: component.quantity, category: article.category as LibraryCategory };
  });
  const price = priceInEuros({ ...input, parts });
  const rows: ComponentRow[] = input.components.map((c, index) => ({
    article_id: c.article_id,
    quantity: c.quantity,
    position: index + 1,
  }));
  return { price, rows };
}

function valuesOf(input: LibraryItemInput, ouvrage?: Awaited<ReturnType<typeof priceFromInput>>): LibraryItemValues {
  const common = { name: input.name, description: input.description, unit: input.unit, tax_rate: input.tax_rate };
  if (input.kind === "article") {
    return {
      kind: "article",
      ...common,
      unit_price: input.unit_price,
      cost_price: input.cost_price,
      category: input.category,
      supplier_reference: input.supplier_reference,
      pricing: null,
      coefficient: null,
      forced_price: null,
      labour_hours: null,
    };
  }
  if (!ouvrage) throw new Error("an ouvrage is priced before it is written");
  return {
    kind: "ouvrage",
    ...common,
    unit_price: ouvrage.price.unit_price,
    cost_price: ouvrage.price.cost_price,
    category: null,
    supplier_reference: null,
    pricing: input.pricing,
    coefficient: input.pricing === "coefficient" ? input.coefficient : null,
    forced_price: input.pricing === "forced" ? input.forced_price : null,
    labour_hours: ouvrage.price.labour_hours,
  };
}

/** The item, locked for the transaction when asked (it is about to change), or 404. */
async function itemOr404(tx: Db, companyId: string, id: string, options: { lock?: boolean } = {}) {
  const item = await libraryRepository.find(tx, companyId, id, options.lock ?? false);
  if (!item) throw errors.notFound(LIBRARY_TEXTS.notFound);
  return item;
}

/** Prices again every ouvrage `articleId` is part of, after its prices changed: one read, one write. */
async function repriceOuvragesUsing(tx: Db, companyId: string, articleId: string): Promise<void> {
  const ouvrages = await libraryRepository.ouvragesToReprice(tx, companyId, articleId);
  const prices = ouvrages.map((ouvrage) => ({ id: ouvrage.id, ...priceInEuros(ouvrage, "unit_price") }));
  await libraryRepository.setPrices(tx, companyId, prices);
}

export function createLibraryService(db: Database) {
  async function detail(tx: Db, companyId: string, id: string): Promise<LibraryItemDetail> {
    const item = await libraryRepository.find(tx, companyId, id);
    if (!item) throw errors.notFound(LIBRARY_TEXTS.notFound);
    const components = item.kind === "ouvrage" ? await libraryRepository.components(tx, companyId, id) : [];
    return { ...item, components };
  }

  return {
    async list(auth: AuthContext, query: LibraryListQuery): Promise<LibraryListResponse> {
      const t = tenant(auth, LIBRARY_ACCESS.list, noCompany);
      const filter = {
        search: query.search,
        kind: query.kind,
        category: query.category,
        archived: query.status === "archived",
      };
      const { data, total } = await db.run(t.scope, (tx) =>
        libraryRepository.list(
          tx,
          t.companyId,
          filter,
          { limit: query.limit, offset: (query.page - 1) * query.limit },
          { sort: query.sort, order: query.order ?? LIBRARY_SORT_ORDERS[query.sort] },
        ),
      );
      return { data, meta: { total, page: query.page, limit: query.limit } };
    },

    /** The filtered library as a CSV file for a spreadsheet (docs/domain/library.md#csv). */
    async exportCsv(auth: AuthContext, query: LibraryExportQuery): Promise<string> {
      const t = tenant(auth, LIBRARY_ACCESS.export, noCompany);
      const filter = {
        search: query.search,
        kind: query.kind,
        category: query.category,
        archived: query.status === "archived",
        ids: query.ids,
      };
      const items = await db.run(t.scope, (tx) => libraryRepository.all(tx, t.companyId, filter, 50_000));
      return toCsv(libraryCsvRows(items));
    },

    /**
     * Reads a CSV file of articles: the preview (`commit: false`), or the valid rows added in one
     * transaction (`commit: true`); a row whose name is already an active article is reported, not
     * added twice. Ouvrages are not imported (docs/domain/library.md#csv).
     */
    async importCsv(auth: AuthContext, input: LibraryImportInput): Promise<LibraryImportResult> {
      const t = tenant(auth, LIBRARY_ACCESS.import, noCompany);
      return db.run(t.scope, async (tx) => {
        const parsed = parseLibraryCsv(input.csv, await companySettingsQueries.taxRates(tx, t.companyId));
        const existing = await libraryRepository.existingNames(
          tx,
          t.companyId,
          parsed.articles.map((a) => a.input.name),
        );
        const errors = [...parsed.errors];
        const articles = parsed.articles.filter((article) => {
          if (!existing.has(article.input.name.toLowerCase())) return true;
          errors.push({ line: article.line, name: article.input.name, messages: [LIBRARY_CSV_TEXTS.alreadyInLibrary] });
          return false;
        });
        errors.sort((a, b) => a.line - b.line);
        const ready = parsed.fileErrors.length === 0;
        const created =
          ready && input.commit
            ? await libraryRepository.insertMany(
                tx,
                t.companyId,
                articles.map((a) => valuesOf(a.input)),
              )
            : 0;
        return {
          file_errors: parsed.fileErrors,
          columns: parsed.columns as Record<string, string>,
          rows: parsed.rowCount,
          valid: ready ? articles.length : 0,
          created,
          errors,
          preview: articles.slice(0, LIBRARY_CSV_LIMITS.preview).map(({ line, input }) => ({
            line,
            name: input.name,
            unit: input.unit,
            unit_price: input.unit_price,
            cost_price: input.cost_price,
            tax_rate: input.tax_rate,
            category: input.category,
          })),
        };
      });
    },

    async suggestions(auth: AuthContext, q: string, limit: number): Promise<{ data: LibraryItem[] }> {
      const t = tenant(auth, LIBRARY_ACCESS.suggestions, noCompany);
      // A quote line's name suggests from two characters (docs/domain/library.md#api).
      if (q.trim().length < 2) return { data: [] };
      const data = await db.run(t.scope, (tx) => libraryRepository.suggestions(tx, t.companyId, q, limit));
      return { data };
    },

    async get(auth: AuthContext, id: string): Promise<LibraryItemDetail> {
      const t = tenant(auth, LIBRARY_ACCESS.get, noCompany);
      const itemId = idOr404(id, LIBRARY_TEXTS.notFound);
      return db.run(t.scope, (tx) => detail(tx, t.companyId, itemId));
    },

    async create(auth: AuthContext, input: LibraryItemInput): Promise<LibraryItemDetail> {
      const t = tenant(auth, LIBRARY_ACCESS.create, noCompany);
      return db.run(t.scope, async (tx) => {
        await assertTaxRates(tx, t.companyId, [{ path: "tax_rate", rate: input.tax_rate }]);
        const ouvrage = input.kind === "ouvrage" ? await priceFromInput(tx, t.companyId, input) : undefined;
        const id = await libraryRepository.insert(tx, t.companyId, valuesOf(input, ouvrage));
        if (ouvrage) await libraryRepository.replaceComponents(tx, t.companyId, id, ouvrage.rows);
        return detail(tx, t.companyId, id);
      });
    },

    async update(
      auth: AuthContext,
      id: string,
      input: LibraryItemInput,
      version?: ExpectedVersion,
    ): Promise<LibraryItemDetail> {
      const t = tenant(auth, LIBRARY_ACCESS.update, noCompany);
      const itemId = idOr404(id, LIBRARY_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        await libraryRepository.lockVersion(tx, t.companyId, itemId, version);
        const current = await itemOr404(tx, t.companyId, itemId, { lock: true });
        if (current.kind !== input.kind) throw errors.conflict(LIBRARY_TEXTS.kindLocked);
        await assertTaxRates(tx, t.companyId, [{ path: "tax_rate", rate: input.tax_rate }]);
        const ouvrage = input.kind === "ouvrage" ? await priceFromInput(tx, t.companyId, input, itemId) : undefined;
        await libraryRepository.update(tx, t.companyId, itemId, valuesOf(input, ouvrage));
        if (ouvrage) await libraryRepository.replaceComponents(tx, t.companyId, itemId, ouvrage.rows);
        else if (
          // An article's prices make its ouvrages' prices, its unit and category their labour time.
          input.kind === "article" &&
          (current.unit_price !== input.unit_price ||
            current.cost_price !== input.cost_price ||
            current.unit !== input.unit ||
            current.category !== input.category)
        ) {
          await repriceOuvragesUsing(tx, t.companyId, itemId);
        }
        return detail(tx, t.companyId, itemId);
      });
    },

    /** A copy « … (copie) », active, with the same parts. */
    async duplicate(auth: AuthContext, id: string): Promise<LibraryItemDetail> {
      const t = tenant(auth, LIBRARY_ACCESS.duplicate, noCompany);
      const itemId = idOr404(id, LIBRARY_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const source = await itemOr404(tx, t.companyId, itemId);
        const forced = source.kind === "ouvrage" ? await libraryRepository.forcedPrice(tx, t.companyId, itemId) : null;
        const copyId = await libraryRepository.insert(tx, t.companyId, {
          ...source,
          name: `${source.name}${LIBRARY_TEXTS.copySuffix}`.slice(0, 200),
          forced_price: forced,
        });
        if (source.kind === "ouvrage") {
          const rows = await libraryRepository.componentRows(tx, t.companyId, itemId);
          await libraryRepository.replaceComponents(tx, t.companyId, copyId, rows);
        }
        return detail(tx, t.companyId, copyId);
      });
    },

    /**
     * Archived: out of the list and the suggestions, kept for what uses it. An article still part of an
     * active ouvrage stays (409): the ouvrage would be priced from a part no one can see.
     */
    async archive(auth: AuthContext, id: string): Promise<LibraryItemDetail> {
      const t = tenant(auth, LIBRARY_ACCESS.archive, noCompany);
      const itemId = idOr404(id, LIBRARY_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const item = await itemOr404(tx, t.companyId, itemId, { lock: true });
        if (item.kind === "article") {
          const using = await libraryRepository.ouvragesUsing(tx, t.companyId, itemId, true);
          if (using.length > 0) throw errors.conflict(LIBRARY_TEXTS.archiveUsedByOuvrages(using.length));
        }
        await libraryRepository.setArchived(tx, t.companyId, itemId, true);
        return detail(tx, t.companyId, itemId);
      });
    },

    async restore(auth: AuthContext, id: string): Promise<LibraryItemDetail> {
      const t = tenant(auth, LIBRARY_ACCESS.restore, noCompany);
      const itemId = idOr404(id, LIBRARY_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        await itemOr404(tx, t.companyId, itemId, { lock: true });
        await libraryRepository.setArchived(tx, t.companyId, itemId, false);
        return detail(tx, t.companyId, itemId);
      });
    },

    /**
     * Deleted only when nothing uses it (an article part of any ouvrage, an item on a quote or a
     * template: 409, archive it instead).
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, LIBRARY_ACCESS.remove, noCompany);
      const itemId = idOr404(id, LIBRARY_TEXTS.notFound);
      await db.run(t.scope, async (tx) => {
        const item = await itemOr404(tx, t.companyId, itemId, { lock: true });
        if (item.kind === "article") {
          const using = await libraryRepository.ouvragesUsing(tx, t.companyId, itemId, false);
          if (using.length > 0) throw errors.conflict(LIBRARY_TEXTS.usedByOuvrages(using.length));
        }
        const documents = await libraryRepository.documentsUsing(tx, t.companyId, itemId);
        if (documents > 0) throw errors.conflict(LIBRARY_TEXTS.usedByDocuments(documents));
        await libraryRepository.delete(tx, t.companyId, itemId);
      });
    },
  };
}
