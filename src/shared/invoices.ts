import { z } from "zod";
import {
  type DocumentLineInput,
  discountFields,
  discountUpdateFields,
  lineInputSchema,
  storedLineSchema,
  withDiscountRules,
} from "./documents/schema";
import {
  clearableText,
  decimals,
  isoDay,
  limitParam,
  optionalText,
  orderParam,
  pageParam,
  requiredField,
  searchParam,
} from "./fields";
import {
  CANCEL_PAYMENT_CHOICES,
  INVOICE_DEFAULTS,
  INVOICE_FILTER_STATUSES,
  INVOICE_KINDS,
  INVOICE_SORT_ORDERS,
  INVOICE_SORTS,
  INVOICE_STATUS_TARGETS,
  INVOICE_STATUSES,
  INVOICE_TEXTS,
  type InvoiceSort,
  OPERATION_CATEGORIES,
  PAYMENT_METHODS,
  PAYMENT_RECORD_METHODS,
} from "./invoice-rules";
import { AMOUNT_MAX, MONEY_TEXTS } from "./money";

export * from "./invoice-rules";

/** Wire shapes of /api/invoices (spec 3 §3, §5, §7; docs/domain/invoices.md). */

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const emptyIsNull = (v: unknown) => (v === "" ? null : v);
const lines = INVOICE_TEXTS.linesInvalid;

/**
 * A line as sent (src/shared/documents/schema.ts, in the invoices' words: spec 3 §5, every refusal is
 * « Veuillez vérifier les lignes de facturation »): its kind defaults to "item"; a priced line has a
 * quantity and a unit price above 0, its unit and rate default to « unité » and 20 %.
 */
export const invoiceItemInputSchema = lineInputSchema({
  texts: {
    itemName: lines,
    sectionTitle: lines,
    text: lines,
    quantity: lines,
    quantityTooLarge: lines,
    quantityDecimals: lines,
    unit: lines,
    unitPrice: lines,
    unitPriceTooLarge: lines,
    unitPriceDecimals: lines,
    taxRate: lines,
    tooLong: () => lines,
    kind: () => lines,
  },
  freeLines: false,
  defaults: { unit: INVOICE_DEFAULTS.unit, tax_rate: INVOICE_DEFAULTS.taxRate },
});
/** What a stored line is made from: a heading's or a text's figures are 0. */
export type InvoiceItemInput = DocumentLineInput;

const items = z
  .array(invoiceItemInputSchema, { error: lines })
  .max(500, "500 lignes au maximum")
  .refine((l) => l.some((line) => line.kind === "item"), INVOICE_TEXTS.linesRequired);

const name = z.preprocess(
  trimmed,
  z
    .string({ error: INVOICE_TEXTS.nameRequired })
    .min(1, INVOICE_TEXTS.nameRequired)
    .max(200, "200 caractères au maximum"),
);
const paymentMethod = z.enum(PAYMENT_METHODS, { error: INVOICE_TEXTS.paymentMethodInvalid });

/** The fields of a draft an edit may change (PUT: the creation's minus client, quote and worksite). */
/**
 * The category of the operation (2026 reform): null, or left out on a creation, is the default
 * (`DEFAULT_OPERATION_CATEGORY`, building works are services); frozen at issue.
 */
const operationCategory = z
  .enum(OPERATION_CATEGORIES, { error: INVOICE_TEXTS.operationCategoryInvalid })
  .nullable()
  .optional()
  .describe(
    "Catégorie de l’opération (réforme 2026)\u00a0: goods (livraison de biens), services (prestation de services) ou both (les deux)\u00a0; null\u00a0: prestation de services (travaux)\u00a0; absente d’un PUT\u00a0: inchangée",
  );

const editable = {
  operation_category: operationCategory,
  name,
  date: isoDay(INVOICE_TEXTS.dateRequired)
    .optional()
    .describe("Date de la facture (aaaa-mm-jj)\u00a0; absente\u00a0: aujourd’hui. À l’émission, la date du jour"),
  due_date: z
    .preprocess(emptyIsNull, isoDay(INVOICE_TEXTS.dueDateInvalid).nullable().optional())
    .describe("Échéance\u00a0; vide\u00a0: 30 jours après la date de la facture"),
  /** The date (or first day) of the work invoiced: a mandatory mention when it differs from the invoice's date. */
  work_date: z.preprocess(emptyIsNull, isoDay("Date des travaux invalide").nullable().optional()),
  payment_method: z
    .preprocess(emptyIsNull, z.enum(PAYMENT_METHODS, { error: INVOICE_TEXTS.paymentMethodInvalid }).nullable())
    .default(INVOICE_DEFAULTS.paymentMethod),
  notes: clearableText(5000).optional(),
  terms: clearableText(10000).optional(),
  legal_mentions: clearableText(5000)
    .optional()
    .describe("Mentions légales\u00a0; absentes\u00a0: le texte par défaut (pénalités, indemnité de 40\u00a0€)"),
  /** Building subcontracting: VAT 0 with the « Autoliquidation » mention (CGI art. 283-2 nonies). */
  reverse_charge: z.boolean().default(false),
  ...discountFields,
  items,
};

interface InvoiceBody {
  date?: string;
  due_date?: string | null;
  discount_percentage: number;
  discount_amount: number;
  items: InvoiceItemInput[];
}

/** Rules across fields: the due date after the date, then every document's (one discount, never above the subtotal…). */
function withInvoiceRules<T extends z.ZodType<InvoiceBody>>(schema: T) {
  return withDiscountRules(
    schema.refine((i) => !i.due_date || !i.date || i.due_date >= i.date, {
      message: INVOICE_TEXTS.dueBeforeDate,
      path: ["due_date"],
    }),
  );
}

/** POST /api/invoices (spec 3 §7): a draft with a provisional reference. */
export const invoiceInputSchema = withInvoiceRules(
  z.object({
    client_id: z.uuid({ error: INVOICE_TEXTS.clientRequired }),
    quote_id: z.preprocess(emptyIsNull, z.uuid({ error: INVOICE_TEXTS.quoteNotFound }).nullable().optional()),
    project_id: z.preprocess(emptyIsNull, z.uuid({ error: INVOICE_TEXTS.projectNotFound }).nullable().optional()),
    ...editable,
  }),
);
export type InvoiceInput = z.output<typeof invoiceInputSchema>;

/**
 * PUT /api/invoices/:id (spec 3 §7): the same fields minus client, quote and worksite; drafts only. The
 * whole draft, as published (docs/domain/api.md): every key is required (« Champ obligatoire » when
 * left out, and nothing changes); emptying is said with `null` (or empty text), 0 for a discount.
 */
export const invoiceUpdateSchema = withInvoiceRules(
  z.object({
    name,
    date: isoDay(INVOICE_TEXTS.dateRequired),
    due_date: requiredField(isoDay(INVOICE_TEXTS.dueDateInvalid).nullable(), emptyIsNull),
    work_date: requiredField(isoDay("Date des travaux invalide").nullable(), emptyIsNull),
    payment_method: requiredField(paymentMethod.nullable(), emptyIsNull),
    notes: clearableText(5000),
    terms: clearableText(10000),
    legal_mentions: clearableText(5000),
    reverse_charge: requiredField(z.boolean({ error: "Autoliquidation\u00a0: oui ou non" })),
    operation_category: operationCategory,
    ...discountUpdateFields,
    items: requiredField(items),
  }),
);
export type InvoiceUpdate = z.output<typeof invoiceUpdateSchema>;

/**
 * POST /api/invoices/deposit/:quoteId: a percentage of the quote's total, or an amount TTC. Exactly one
 * of the two (`isOneDepositFigure`): the server says « Indiquez un pourcentage ou un montant d'acompte »
 * on `percentage` otherwise, once it has found the quote (the published schema, an object, cannot say
 * « one of »: neither key is required in it).
 */
export const depositInputSchema = z.object({
  percentage: z.coerce
    .number({ error: INVOICE_TEXTS.depositPercentageRange })
    .gt(0, INVOICE_TEXTS.depositPercentageRange)
    .max(100, INVOICE_TEXTS.depositPercentageRange)
    .refine((v) => decimals(v, 2), INVOICE_TEXTS.depositPercentageRange)
    .optional(),
  amount: z.coerce
    .number({ error: INVOICE_TEXTS.depositAmountPositive })
    .gt(0, INVOICE_TEXTS.depositAmountPositive)
    .max(AMOUNT_MAX, MONEY_TEXTS.amountTooLarge)
    .refine((v) => decimals(v, 2), INVOICE_TEXTS.depositAmountPositive)
    .optional(),
  date: isoDay(INVOICE_TEXTS.dateRequired).optional(),
});
/** A deposit is asked by one figure: a percentage or an amount, not both, not none. */
export const isOneDepositFigure = (d: { percentage?: number | undefined; amount?: number | undefined }): boolean =>
  (d.percentage === undefined) !== (d.amount === undefined);
export type DepositInput = z.output<typeof depositInputSchema>;

/**
 * POST /api/invoices/:id/payments: one payment (beyond the spec). Method `credit_note` (« Avoir », issue
 * 32) pays with the credit kept by one of the client's credit notes, named by `credit_note_id` (read for
 * that method only): bounded by its available credit (409) and the invoice's balance (400).
 */
export const paymentInputSchema = z.object({
  date: isoDay(INVOICE_TEXTS.paymentDateRequired),
  amount: z.coerce
    .number({ error: INVOICE_TEXTS.paymentAmountPositive })
    .gt(0, INVOICE_TEXTS.paymentAmountPositive)
    .max(AMOUNT_MAX, MONEY_TEXTS.amountTooLarge)
    .refine((v) => decimals(v, 2), INVOICE_TEXTS.paymentAmountPositive),
  method: z.enum(PAYMENT_RECORD_METHODS, { error: INVOICE_TEXTS.paymentMethodInvalid }),
  reference: optionalText(200),
  credit_note_id: z
    .uuid({ error: INVOICE_TEXTS.creditNoteNotFound })
    .optional()
    .describe("Méthode credit_note\u00a0: l’avoir du client dont le crédit paie la facture"),
});
export type PaymentInput = z.output<typeof paymentInputSchema>;

/** Bounds of the reason typed to cancel a payment (« Annuler le règlement », issue 34). */
export const PAYMENT_CANCEL_REASON = { min: 3, max: 500 } as const;

/**
 * POST /api/invoices/:id/payments/:paymentId/cancel (« Annuler le règlement », issue 34): why, trimmed, 3 to
 * 500 characters. The payment is kept, marked cancelled, and the journal's reversal carries the reason.
 */
export const paymentCancelSchema = z.object({
  reason: z
    .string({ error: INVOICE_TEXTS.paymentCancelReasonRequired })
    .trim()
    .min(1, INVOICE_TEXTS.paymentCancelReasonRequired)
    .min(PAYMENT_CANCEL_REASON.min, INVOICE_TEXTS.paymentCancelReasonTooShort)
    .max(PAYMENT_CANCEL_REASON.max, INVOICE_TEXTS.paymentCancelReasonTooLong)
    .describe("Le motif de l’annulation (3 à 500 caractères), repris par l’écriture d’annulation du journal"),
});
export type PaymentCancel = z.output<typeof paymentCancelSchema>;

/** A refund (issue 32, ADR 0030): money paid back to the client, on a credit note. */
export const refundInputSchema = z.object({
  date: isoDay(INVOICE_TEXTS.refundDateRequired),
  amount: z.coerce
    .number({ error: INVOICE_TEXTS.refundAmountPositive })
    .gt(0, INVOICE_TEXTS.refundAmountPositive)
    .max(AMOUNT_MAX, MONEY_TEXTS.amountTooLarge)
    .refine((v) => decimals(v, 2), INVOICE_TEXTS.refundAmountPositive),
  method: z.enum(PAYMENT_METHODS, { error: INVOICE_TEXTS.paymentMethodInvalid }),
  reference: optionalText(200),
});
export type RefundInput = z.output<typeof refundInputSchema>;

/**
 * POST /api/invoices/:id/cancel (issue 32, ADR 0030), every key optional and the body itself too (an
 * old client sends none): what becomes of the payments the invoice received — `refund` (then `refund`
 * says how much, when and how, up to what was paid) or `credit` (kept as credit on the client's
 * account). Without `payments` the money is kept as credit, as before issue 32.
 */
export const cancelInputSchema = z.object({
  payments: z
    .enum(CANCEL_PAYMENT_CHOICES, { error: INVOICE_TEXTS.cancelChoiceInvalid })
    .optional()
    .describe("Les paiements reçus\u00a0: refund (remboursés) ou credit (gardés en avoir)\u00a0; absent\u00a0: credit"),
  refund: refundInputSchema.optional(),
});
export type CancelInput = z.output<typeof cancelInputSchema>;

/**
 * POST /api/invoices/:id/pay (« Marquer comme payée », spec 3 §4): the balance, on `payment_date`
 * (today when absent) by `payment_method` (bank_transfer when absent).
 */
export const markPaidSchema = z.object({
  payment_date: isoDay(INVOICE_TEXTS.paymentDateRequired).optional(),
  payment_method: z.enum(PAYMENT_METHODS, { error: INVOICE_TEXTS.paymentMethodInvalid }).optional(),
});
export type MarkPaid = z.output<typeof markPaidSchema>;

/** PATCH /api/invoices/:id/status: the spec's status change; another target is « Statut non supporté ». */
export const invoiceStatusSchema = z.object({
  status: z.enum(INVOICE_STATUS_TARGETS, { error: INVOICE_TEXTS.statusUnsupported }),
  payment_date: isoDay(INVOICE_TEXTS.paymentDateRequired).optional(),
  payment_method: z.enum(PAYMENT_METHODS, { error: INVOICE_TEXTS.paymentMethodInvalid }).optional(),
});
export type InvoiceStatusChange = z.output<typeof invoiceStatusSchema>;

/** A stored line, as a quote's (docs/domain/quotes.md#line-kinds) without its library link and cost. */
export const invoiceItemSchema = storedLineSchema.omit({ library_item_id: true, cost_price: true });
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceVatSchema = z.object({ rate: z.number(), net: z.number(), tax: z.number() });

const linkedDocument = z.object({ id: z.string(), reference: z.string() });

export const paymentSchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_RECORD_METHODS),
  reference: z.string().nullable(),
  /** A payment by « Avoir »: the credit note whose credit paid it; null otherwise. */
  credit_note: linkedDocument.nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /**
   * « Annuler le règlement » (issue 34): when, by whom and why it was cancelled; null while it counts. A
   * cancelled payment stays in the list, left out of the paid amount and every sum.
   */
  cancellation: z.object({ at: z.string(), by_name: z.string().nullable(), reason: z.string() }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const refundSchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * A credit note's money (issue 32, ADR 0030): what the invoice it cancels had received (`paid`), what
 * was refunded and what paid other invoices of the client (`uses`); `available` = paid − refunded − used,
 * the credit still on the client's account (« Net à rembourser »).
 */
export const creditStateSchema = z.object({
  paid: z.number(),
  refunded: z.number(),
  used: z.number(),
  available: z.number(),
  refunds: z.array(refundSchema),
  uses: z.array(
    z.object({
      payment_id: z.string(),
      invoice_id: z.string(),
      reference: z.string(),
      date: z.string(),
      amount: z.number(),
    }),
  ),
});
export type CreditState = z.infer<typeof creditStateSchema>;

/** A deposit invoice deducted by a final invoice. */
export const deductedDepositSchema = z.object({
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  /** Its VAT per rate (euros), deducted from the quote's. */
  vat: z.array(invoiceVatSchema),
  total: z.number(),
});

const linked = z.object({ id: z.string(), reference: z.string(), name: z.string() }).nullable();

/** An invoice as the list shows it (spec 3 §2.2), with the derived overdue state. */
export const invoiceRowSchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  reference: z.string(),
  name: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** Derived (design §5.10): sent, due date before today (Paris). */
  overdue: z.boolean(),
  /** « N jours de retard »; 0 when not overdue. */
  days_late: z.number(),
  client_id: z.string(),
  client_name: z.string(),
  date: z.string(),
  due_date: z.string().nullable(),
  subtotal: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  paid_amount: z.number(),
  /** total − payments. */
  balance_due: z.number(),
  quote_id: z.string().nullable(),
  project_id: z.string().nullable(),
  created_at: z.string(),
  /** Its version: the `ETag` of the answer, sent back as `If-Match` by a save (ADR 0024). */
  updated_at: z.string(),
  /**
   * Issue 32: the last time the invoice reached its client by e-mail (an « Envoyer » or a reminder the
   * mail server accepted); null when never (issued only, or kept in « Messages » without a mail server).
   * The screens read « Émise » / « Envoyée » from it (`invoiceDisplayState`); `status` keeps its meaning.
   */
  emailed_at: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** The Factur-X profile of every issued document (docs/domain/einvoicing.md) and the Factur-X version. */
export const FACTURX_PROFILE = "EN 16931";
export const FACTURX_VERSION = "1.0";

/**
 * An issued document's Factur-X: validated by the official EN 16931 rules when it was issued (an
 * invalid one is never issued, so every issued document is); null for a draft.
 */
export const facturxStateSchema = z.object({ profile: z.literal(FACTURX_PROFILE), validated: z.literal(true) });
export type FacturxState = z.infer<typeof facturxStateSchema>;

/** GET /api/invoices/:id — spec 3 §3 Invoice, plus payments, deposits and the credit note. */
export const invoiceSchema = invoiceRowSchema.extend({
  client: z.object({
    name: z.string(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    /** A business client's SIREN (from its SIRET), printed on the invoice. */
    siren: z.string().nullable(),
    /** A business client's VAT number (2026 reform: printed on reverse-charge and intra-EU invoices). */
    vat_number: z.string().nullable(),
  }),
  /**
   * 2026 reform: the worksite's address (the quote's worksite, else the worksite's), where the work is
   * delivered; null when none is known. Frozen at issue with the client.
   */
  worksite_address: z.string().nullable(),
  /** 2026 reform: the category of the operation, the draft's choice or the default; frozen at issue. */
  operation_category: z.enum(OPERATION_CATEGORIES),
  client_phone: z.string().nullable(),
  quote: linked,
  project: linked,
  /** A credit note: the invoice it cancels; an invoice cancelled: its credit note. */
  credited_invoice: linked,
  credit_note: linked,
  work_date: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  /** The day the payments covered the total (spec 3 « payment_date »). */
  payment_date: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  legal_mentions: z.string().nullable(),
  reverse_charge: z.boolean(),
  discount_percentage: z.number(),
  discount_amount: z.number(),
  /** The discount granted (euros). */
  discount: z.number(),
  vat_breakdown: z.array(invoiceVatSchema),
  /** A final invoice: the deposits deducted (HT and VAT, euros) and the deposit invoices. */
  deposits_net: z.number(),
  deposits_tax: z.number(),
  deposits: z.array(deductedDepositSchema),
  /** When it was issued (its definitive number given); null for a draft. */
  issued_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  items: z.array(invoiceItemSchema),
  payments: z.array(paymentSchema),
  /** A credit note: its money (refunded, used, available; issue 32); null for any other document. */
  credit: creditStateSchema.nullable(),
  /** Issued: « Factur-X conforme EN 16931 »; a draft: null. */
  facturx: facturxStateSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(100, INVOICE_DEFAULTS.pageSize),
  search: searchParam(),
  status: z
    .enum(INVOICE_FILTER_STATUSES, { error: "Statut invalide (draft, sent, paid, overdue ou cancelled)" })
    .optional(),
  client_id: z.uuid({ error: INVOICE_TEXTS.clientNotFound }).optional(),
  quote_id: z.uuid({ error: INVOICE_TEXTS.quoteNotFound }).optional(),
  project_id: z.uuid({ error: INVOICE_TEXTS.projectNotFound }).optional(),
  sort: z
    .enum(INVOICE_SORTS, { error: "Tri invalide (date, reference, client, total, due_date ou balance)" })
    .default("date")
    .describe("date (plus récentes), reference, client (nom A → Z), total, due_date (échéance) ou balance (reste dû)"),
  order: orderParam(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

/** GET /api/invoices/stats: the list's filters (its order means nothing to figures). */
export const invoiceStatsQuerySchema = invoiceListQuerySchema.omit({ sort: true, order: true });
export type InvoiceStatsQuery = z.output<typeof invoiceStatsQuerySchema>;

/** `yyyy-mm-dd` a year later, as text (29 February gives one that sorts after 28 February). */
const sameDayNextYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

/** GET /api/invoices/export: the issued documents of a period, from and to included, a year at most. */
export const invoiceExportQuerySchema = z
  .object({
    from: isoDay(INVOICE_TEXTS.exportFromInvalid),
    to: isoDay(INVOICE_TEXTS.exportToInvalid),
  })
  .refine((q) => q.from <= q.to, { message: INVOICE_TEXTS.exportPeriodOrder, path: ["to"] })
  .refine((q) => q.to < sameDayNextYear(q.from), { message: INVOICE_TEXTS.exportPeriodTooLong, path: ["to"] });
export type InvoiceExportQuery = z.output<typeof invoiceExportQuerySchema>;

/** Spec 3 §3 Invoice stats, over the whole filtered set (docs/domain/invoices.md#stats). */
export const invoiceStatsSchema = z.object({
  total_invoices: z.number(),
  total_amount: z.number(),
  paid_invoices: z.number(),
  paid_amount: z.number(),
  sent_invoices: z.number(),
  pending_amount: z.number(),
  overdue_invoices: z.number(),
  overdue_amount: z.number(),
});
export type InvoiceStats = z.infer<typeof invoiceStatsSchema>;

/** Spec 3 §3 Invoice list envelope: `invoices` and `pagination` with `totalPages`. */
export const invoiceListResponseSchema = z.object({
  invoices: z.array(invoiceRowSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
});
export type InvoiceList = z.infer<typeof invoiceListResponseSchema>;

/**
 * GET /api/invoices/balance/:clientId (issue 32, ADR 0030): what a client owes, one statement —
 * `invoices_due` the unpaid remainder of its issued invoices (the stats' `pending_amount`),
 * `credit_available` the credit its credit notes keep on its account, `balance_due` = the first less the
 * second (below 0: the company owes the client); `credits` each credit note with credit left.
 */
export const clientBalanceSchema = z.object({
  client_id: z.string(),
  invoices_due: z.number(),
  credit_available: z.number(),
  balance_due: z.number(),
  credits: z.array(z.object({ id: z.string(), reference: z.string(), date: z.string(), available: z.number() })),
});
export type ClientBalance = z.infer<typeof clientBalanceSchema>;

export { INVOICE_SORT_ORDERS, INVOICE_SORTS, type InvoiceSort };
