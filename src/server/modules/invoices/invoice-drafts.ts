import type { Db } from "@server/db/client";
import { type AuthContext, idOr404, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isUniqueViolation } from "@server/lib/pg-errors";
import type { ExpectedVersion } from "@server/lib/versions";
import { formatEuro, formatPercent } from "@shared/format";
import { depositRates, vatInCents } from "@shared/invoice-figures";
import {
  defaultDueDate,
  INVOICE_DEFAULTS,
  INVOICE_TEXTS,
  type Invoice,
  type InvoiceInput,
  type InvoiceItemInput,
  type InvoiceUpdate,
  isOneDepositFigure,
} from "@shared/invoices";
import { fromCents, toCents } from "@shared/money";
import type { Quote } from "@shared/quotes";
import { assertLineTaxRates } from "../company/tax-rates";
import { lineAsWritten } from "../documents/document-lines";
import {
  INVOICES_ACCESS,
  type InvoiceContext,
  noCompany,
  provisionalReference,
  quoteBasis,
  repo,
} from "./invoice-context";
import { type InvoiceRecord, type InvoiceValues, invoicesRepository } from "./invoices.repository";

/** The lines of an invoice made from a quote: every line as written on it (costs never). */
const linesOfQuote = (quote: Quote): InvoiceItemInput[] => quote.items.map(lineAsWritten);

/** What a draft the server makes (from a quote, a deposit, a worksite) is written with. */
type MadeDraft = Pick<InvoiceValues, "kind" | "name" | "clientId" | "quoteId" | "projectId"> &
  Partial<Pick<InvoiceValues, "notes" | "terms" | "discountPercentage" | "discountAmount">>;

/**
 * A draft the server makes, dated `date`: due at the default term, paid by the default method, the
 * default mentions, no reverse charge, no discount unless `values` says otherwise.
 */
const madeDraft = (date: string, values: MadeDraft): Omit<InvoiceValues, "figures" | "items"> => ({
  date,
  dueDate: defaultDueDate(date),
  workDate: null,
  paymentMethod: INVOICE_DEFAULTS.paymentMethod,
  notes: null,
  terms: null,
  legalMentions: INVOICE_DEFAULTS.legalMentions,
  reverseCharge: false,
  discountPercentage: 0,
  discountAmount: 0,
  ...values,
});

/**
 * Drafts: written (POST, PUT), deleted, made from a validated quote (its final invoice, its deposits) or
 * from a worksite. Numbers are given at issue (invoice-lifecycle.ts).
 */
export function invoiceDrafts(ctx: InvoiceContext) {
  const { db, parisToday, detail, lockedWithQuote, validQuote, assertNoFinalInvoice, compute, assertDepositsFit } = ctx;

  /** Only a draft (never a credit note) is edited or deleted: 409 otherwise. */
  function assertEditable(invoice: InvoiceRecord) {
    if (invoice.kind === "credit_note") throw errors.conflict(INVOICE_TEXTS.creditNoteLocked);
    if (invoice.status !== "draft") throw errors.conflict(INVOICE_TEXTS.notEditable);
  }

  /** Inserts a draft (provisional reference) with its deductions; returns its id. */
  async function insertDraft(
    tx: Db,
    t: TenantAccess,
    values: Omit<InvoiceValues, "figures" | "items">,
    items: readonly InvoiceItemInput[],
  ): Promise<string> {
    const computed = await compute(
      tx,
      t,
      { id: null, kind: values.kind, quoteId: values.quoteId, reverseCharge: values.reverseCharge },
      { items, discount_percentage: values.discountPercentage, discount_amount: values.discountAmount },
    );
    const meta = { createdBy: t.auth.userId, createdByName: t.auth.user.full_name };
    const full = { ...values, items: computed.items, figures: computed.figures };
    let id: string;
    try {
      id = await repo.insert(tx, t.companyId, full, { ...meta, reference: provisionalReference() });
    } catch (error) {
      // Ten hexadecimal characters collide once in a trillion drafts: one more try.
      if (!isUniqueViolation(error, "invoices_company_reference_key")) throw error;
      id = await repo.insert(tx, t.companyId, full, { ...meta, reference: provisionalReference() });
    }
    await repo.setDeductions(tx, t.companyId, id, computed.depositIds);
    return id;
  }

  /** The final invoice of a validated quote, as a draft: every line, its discounts, client and worksite. */
  async function draftFromQuote(tx: Db, t: TenantAccess, quoteId: string, projectId?: string): Promise<string> {
    const quote = await validQuote(tx, t, quoteId);
    await assertNoFinalInvoice(tx, t, quote.id);
    return insertDraft(
      tx,
      t,
      madeDraft(parisToday(), {
        kind: "invoice",
        name: quote.name,
        clientId: quote.client_id,
        quoteId: quote.id,
        projectId: projectId ?? quote.project_id,
        notes: quote.notes,
        terms: quote.terms,
        discountPercentage: quote.discount_percentage,
        discountAmount: quote.discount_amount,
      }),
      linesOfQuote(quote),
    );
  }

  /** The fields of a draft from a creation or an edit body. */
  function draftFields(
    input: Omit<InvoiceInput, "client_id" | "quote_id" | "project_id"> | InvoiceUpdate,
    today: string,
  ) {
    const date = input.date ?? today;
    return {
      name: input.name,
      date,
      dueDate: input.due_date ?? defaultDueDate(date),
      workDate: input.work_date ?? null,
      paymentMethod: input.payment_method,
      notes: input.notes ?? null,
      terms: input.terms ?? null,
      legalMentions: input.legal_mentions === undefined ? INVOICE_DEFAULTS.legalMentions : input.legal_mentions,
      reverseCharge: input.reverse_charge,
      // 2026 reform: left out of a PUT, the stored category stays (null: the default).
      operationCategory: input.operation_category,
      discountPercentage: input.discount_percentage,
      discountAmount: input.discount_amount,
    };
  }

  return {
    /** POST /api/invoices: a draft; with a quote, that quote's final invoice (its deposits deducted). */
    async create(auth: AuthContext, input: InvoiceInput): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.create, noCompany);
      return db.run(t.scope, async (tx) => {
        if (!(await repo.client(tx, t.companyId, input.client_id))) {
          throw errors.notFound(INVOICE_TEXTS.clientNotFound);
        }
        await assertLineTaxRates(tx, t.companyId, input.items);
        const quoteId = input.quote_id ?? null;
        if (quoteId) {
          const quote = await validQuote(tx, t, quoteId);
          // The quote's client only (docs/domain/invoices.md#final-invoice): another's would deduct its deposits.
          if (quote.client_id !== input.client_id) {
            throw errors.validation(INVOICE_TEXTS.clientNotQuoteClient, [
              { path: "client_id", message: INVOICE_TEXTS.clientNotQuoteClient },
            ]);
          }
          await assertNoFinalInvoice(tx, t, quoteId);
        }
        const projectId = input.project_id ?? null;
        if (projectId && !(await repo.projectExists(tx, t.companyId, projectId))) {
          throw errors.notFound(INVOICE_TEXTS.projectNotFound);
        }
        const id = await insertDraft(
          tx,
          t,
          { kind: "invoice", clientId: input.client_id, quoteId, projectId, ...draftFields(input, parisToday()) },
          input.items,
        );
        return detail(tx, t.companyId, id);
      });
    },

    async fromQuote(auth: AuthContext, quoteId: string): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.fromQuote, noCompany);
      const id = idOr404(quoteId, INVOICE_TEXTS.quoteNotFound);
      return db.run(t.scope, async (tx) => detail(tx, t.companyId, await draftFromQuote(tx, t, id)));
    },

    /**
     * A deposit invoice of a validated quote (docs/domain/invoices.md#deposits): a share of each VAT rate
     * in proportion to the quote, one line per rate; 400 when the quote's deposits would exceed it.
     */
    async deposit(auth: AuthContext, quoteId: string, body: { percentage?: number; amount?: number; date?: string }) {
      const t = tenant(auth, INVOICES_ACCESS.deposit, noCompany);
      const id = idOr404(quoteId, INVOICE_TEXTS.quoteNotFound);
      return db.run(t.scope, async (tx) => {
        const quote = await validQuote(tx, t, id);
        if (!isOneDepositFigure(body)) {
          throw errors.validation(INVOICE_TEXTS.depositRequired, [
            { path: "percentage", message: INVOICE_TEXTS.depositRequired },
          ]);
        }
        await assertNoFinalInvoice(tx, t, quote.id);
        const { seller } = await repo.seller(tx, t.companyId);
        const basis = quoteBasis(quote, seller.vat_franchise);
        const rates = depositRates(basis.vat, basis.total, body);
        if (!rates || rates.length === 0) throw errors.validation(INVOICE_TEXTS.depositTooLarge);
        await assertDepositsFit(tx, t, quote, "", rates);
        const share = body.amount !== undefined ? formatEuro(body.amount) : formatPercent(body.percentage ?? 0);
        const label = INVOICE_TEXTS.depositLine(share, quote.reference);
        const items: InvoiceItemInput[] = rates.map((r) => ({
          kind: "item",
          name: rates.length > 1 ? `${label} (TVA ${formatPercent(r.rate)})` : label,
          description: null,
          quantity: 1,
          unit: "forfait",
          unit_price: fromCents(r.net),
          tax_rate: r.rate,
        }));
        const depositId = await insertDraft(
          tx,
          t,
          madeDraft(body.date ?? parisToday(), {
            kind: "deposit",
            name: INVOICE_TEXTS.depositName(quote.name),
            clientId: quote.client_id,
            quoteId: quote.id,
            projectId: quote.project_id,
            terms: quote.terms,
          }),
          items,
        );
        return detail(tx, t.companyId, depositId);
      });
    },

    /**
     * « Facturer » a worksite (docs/domain/invoices.md#from-a-worksite): its validated quote's final
     * invoice when it has one; else a draft for its client with its priced tasks as lines, or one line
     * « Travaux — {chantier} » at its budget.
     */
    async fromProject(auth: AuthContext, projectId: string): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.fromProject, noCompany);
      const id = idOr404(projectId, INVOICE_TEXTS.projectNotFound);
      return db.run(t.scope, async (tx) => {
        const project = await repo.project(tx, t.companyId, id);
        if (!project) throw errors.notFound(INVOICE_TEXTS.projectNotFound);
        if (project.quote_id && project.quote_status === "valide") {
          return detail(tx, t.companyId, await draftFromQuote(tx, t, project.quote_id, project.id));
        }
        if (!project.client_id) throw errors.conflict(INVOICE_TEXTS.projectWithoutClient);
        const { defaultTaxRate } = await repo.seller(tx, t.companyId);
        const priced = project.tasks.filter((task) => task.unit_price !== null && task.unit_price > 0);
        // The budget is read TTC (a worksite made from a quote carries its total): the line's price is HT.
        const budgetHt = fromCents(Math.round(toCents(project.budget_total ?? 0) / (1 + defaultTaxRate / 100)));
        const items: InvoiceItemInput[] =
          priced.length > 0
            ? priced.map((task) => ({
                kind: "item",
                name: task.label,
                description: null,
                quantity: task.quantity,
                unit: INVOICE_DEFAULTS.unit,
                unit_price: task.unit_price ?? 0,
                tax_rate: defaultTaxRate,
              }))
            : [
                {
                  kind: "item",
                  name: INVOICE_TEXTS.worksiteLine(project.name),
                  description: null,
                  quantity: 1,
                  unit: "forfait",
                  unit_price: budgetHt,
                  tax_rate: defaultTaxRate,
                },
              ];
        const invoiceId = await insertDraft(
          tx,
          t,
          madeDraft(parisToday(), {
            kind: "invoice",
            name: project.name,
            clientId: project.client_id,
            quoteId: null,
            projectId: project.id,
          }),
          items,
        );
        return detail(tx, t.companyId, invoiceId);
      });
    },

    /** PUT: a draft rewritten, its figures and deductions recomputed; 409 « Facture non éditable » otherwise. */
    async update(auth: AuthContext, id: string, input: InvoiceUpdate, version?: ExpectedVersion): Promise<Invoice> {
      const t = tenant(auth, INVOICES_ACCESS.update, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        await invoicesRepository.lockVersion(tx, t.companyId, invoiceId, version);
        const { invoice, quote } = await lockedWithQuote(tx, t, invoiceId);
        assertEditable(invoice);
        await assertLineTaxRates(tx, t.companyId, input.items);
        const fields = draftFields(input, parisToday());
        const computed = await compute(
          tx,
          t,
          { id: invoice.id, kind: invoice.kind, quoteId: invoice.quote_id, reverseCharge: fields.reverseCharge },
          input,
        );
        if (invoice.kind === "deposit" && quote) {
          await assertDepositsFit(tx, t, quote, invoice.id, vatInCents(computed.figures.vat_breakdown));
        }
        await repo.update(tx, t.companyId, invoice.id, {
          kind: invoice.kind,
          clientId: invoice.client_id,
          quoteId: invoice.quote_id,
          projectId: invoice.project_id,
          ...fields,
          items: computed.items,
          figures: computed.figures,
        });
        await repo.setDeductions(tx, t.companyId, invoice.id, computed.depositIds);
        return detail(tx, t.companyId, invoice.id);
      });
    },

    /** DELETE: a draft only (its deductions freed by the foreign key); 409 « Facture non éditable » otherwise. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, INVOICES_ACCESS.remove, noCompany);
      const invoiceId = idOr404(id, INVOICE_TEXTS.notFound);
      await db.run(t.scope, async (tx) => {
        const { invoice } = await lockedWithQuote(tx, t, invoiceId);
        assertEditable(invoice);
        await repo.delete(tx, t.companyId, invoice.id);
      });
    },
  };
}
