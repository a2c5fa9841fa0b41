import { addDays, dayNumber } from "./dates";
import { DOCUMENT_TEXTS } from "./documents/texts";
import { roundDiv, type Totals, type VatBreakdown } from "./money";
import { VAT_RULE_TEXTS } from "./vat-rules";

/**
 * Invoices' pure rules (docs/domain/invoices.md): statuses and their labels, kinds, payment methods,
 * texts, the overdue rule, deposits and the final invoice's deduction. No zod: the list screen loads
 * it alone; `invoices.ts` re-exports it with the schemas.
 */

/**
 * Stored statuses (spec 3 §4). « overdue » is never stored: an issued invoice whose due date has
 * passed is derived as overdue (design §5.10) — the list filter and the stats accept it.
 */
export const INVOICE_STATUSES = ["draft", "sent", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What the list's status filter accepts: the stored statuses and the derived « overdue ». */
export const INVOICE_FILTER_STATUSES = ["draft", "sent", "paid", "overdue", "cancelled"] as const;
export type InvoiceFilterStatus = (typeof INVOICE_FILTER_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceFilterStatus, string> = {
  draft: "Brouillon",
  sent: "Envoyée",
  paid: "Payée",
  overdue: "En retard",
  cancelled: "Annulée",
};

/**
 * What a document is: an invoice, a deposit invoice (facture d'acompte) or a credit note (avoir, which
 * cancels an issued invoice). A credit note's amounts are positive: it is a document of its own kind.
 */
export const INVOICE_KINDS = ["invoice", "deposit", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: "Facture",
  deposit: "Facture d’acompte",
  credit_note: "Avoir",
};

/** Spec 3 §3 payment methods, the wire values and their labels. */
export const PAYMENT_METHODS = ["cash", "check", "bank_transfer", "card", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Espèces",
  check: "Chèque",
  bank_transfer: "Virement bancaire",
  card: "Carte bancaire",
  other: "Autre",
};

/**
 * What a payment recorded on an invoice was made with (issue 32, ADR 0030): the methods above, or
 * « Avoir » — the credit kept on the client's account by a credit note, used as a payment (no money moves).
 * Only a recorded payment carries it: an invoice's own means asked and « Marquer comme payée » never do.
 */
export const CREDIT_NOTE_METHOD = "credit_note";
export const PAYMENT_RECORD_METHODS = [...PAYMENT_METHODS, CREDIT_NOTE_METHOD] as const;
export type PaymentRecordMethod = (typeof PAYMENT_RECORD_METHODS)[number];
export const PAYMENT_RECORD_LABELS: Record<PaymentRecordMethod, string> = {
  ...PAYMENT_METHOD_LABELS,
  credit_note: "Avoir",
};

/**
 * What cancelling an invoice that received payments does with that money (ADR 0030): refund it to the
 * client (a refund recorded on the credit note), or keep it as credit on the client's account — the
 * default when the body does not say (the behaviour before issue 32: the money stays).
 */
export const CANCEL_PAYMENT_CHOICES = ["refund", "credit"] as const;
export type CancelPaymentChoice = (typeof CANCEL_PAYMENT_CHOICES)[number];

/** The targets of PATCH /api/invoices/:id/status (spec 3 §4); any other is « Statut non supporté ». */
export const INVOICE_STATUS_TARGETS = ["sent", "paid", "cancelled"] as const;

export const INVOICE_DEFAULTS = {
  pageSize: 20,
  dueDays: 30,
  taxRate: 20,
  unit: "unité",
  paymentMethod: "bank_transfer" as PaymentMethod,
  /** Spec 3 §9: payable on the due date, penalties, the 40 € indemnity, no discount for early payment. */
  legalMentions:
    "Facture payable à la date d’échéance indiquée. En cas de retard de paiement, une pénalité égale à trois fois le taux d’intérêt légal sera exigible, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40\u00a0€ (art. L441-10 du Code de commerce). Aucun escompte pour paiement anticipé.",
} as const;

/** The provisional reference of a draft (design §5.5): never a number of the invoice sequence. */
export const PROVISIONAL_PREFIX = "PROV-";

export const INVOICE_TEXTS = {
  /**
   * The reason given a payment deleted by the old DELETE …/payments/:paymentId, which cancels it since issue
   * 34 (the row kept, its journal reversal recorded with this reason, ADR 0033).
   */
  paymentRemovedReason: "Règlement supprimé de la facture",
  title: "Factures",
  newInvoice: "Nouvelle facture",
  searchPlaceholder: "Rechercher par référence, nom ou client…",
  empty: "Aucune facture trouvée",
  emptyAction: "Créer votre première facture",
  clientRequired: "Veuillez sélectionner un client",
  nameRequired: "Veuillez saisir un nom pour la facture",
  linesInvalid: "Veuillez vérifier les lignes de facturation",
  linesRequired: "Ajoutez au moins une ligne de facturation",
  dateRequired: "La date est obligatoire",
  dueDateInvalid: "Date d’échéance invalide",
  dueBeforeDate: "La date d’échéance doit être postérieure à la date de la facture",
  ...DOCUMENT_TEXTS,
  paymentMethodInvalid: "Moyen de paiement invalide",
  notFound: "Facture non trouvée",
  notEditable: "Facture non éditable",
  statusUnsupported: "Statut non supporté",
  companyRequired: "Vous devez être connecté à une entreprise pour gérer les factures",
  clientNotFound: "Client introuvable",
  quoteNotFound: "Devis introuvable",
  projectNotFound: "Chantier introuvable",
  quoteNotValid: "Seuls les devis validés peuvent être transformés en factures",
  alreadyIssued: "Cette facture a déjà été émise",
  notIssued: "Cette facture n’a pas encore été émise",
  draftCannotCancel: "Un brouillon ne s'annule pas\u00a0: supprimez-le",
  alreadyCancelled: "Cette facture est déjà annulée",
  creditNoteLocked: "Un avoir ne se modifie pas et ne s’annule pas",
  paymentAmountPositive: "Le montant du paiement doit être supérieur à 0",
  paymentAboveBalance: "Le montant dépasse le reste à payer de la facture",
  paymentDateRequired: "La date du paiement est obligatoire",
  paymentNotFound: "Paiement introuvable",
  nothingToPay: "Cette facture est déjà payée",
  cancelledNoPayment: "Une facture annulée ne reçoit plus de paiement",
  depositRequired: "Indiquez un pourcentage ou un montant d’acompte",
  depositPercentageRange: "Le pourcentage d’acompte doit être entre 0 et 100 %",
  depositAmountPositive: "Le montant de l’acompte doit être supérieur à 0",
  depositTooLarge: "Les acomptes dépasseraient le montant du devis",
  quoteAlreadyInvoiced: "Ce devis a déjà sa facture de solde",
  /** Issue 31 (ADR 0020): a draft at a rate outside the company's list is not issued; `rates` as « 20, 10 ou 0 ». */
  issueTaxRateNotAllowed: (rates: string) =>
    `Une ligne porte un taux de TVA non autorisé\u00a0: choisissez ${rates}\u00a0% avant d’émettre la facture`,
  /** Issue 31: the final invoice of a quote is its client's, never another's (its deposits are that client's). */
  clientNotQuoteClient: "La facture d’un devis est adressée au client de ce devis",
  depositsExceedInvoice: "Les acomptes déduits dépassent le montant de cette facture",
  depositDeducted: "Cet acompte est déduit d’une facture de solde émise\u00a0: annulez d’abord celle-ci",
  projectWithoutClient: "Ce chantier n'a pas de client\u00a0: choisissez-en un avant de le facturer",
  cancelledPaymentsLocked: "Les paiements d’une facture annulée ne se suppriment pas",
  /**
   * « Annuler le règlement » (issue 34, docs/domain/invoices.md#payments): the payment is kept, marked
   * cancelled with the reason the user types (3 to 500 characters), and the journal records its reversal.
   */
  cancelPayment: "Annuler le règlement",
  paymentCancelReasonRequired: "Indiquez le motif de l’annulation",
  paymentCancelReasonTooShort: "Le motif doit contenir au moins 3 caractères",
  paymentCancelReasonTooLong: "Le motif ne dépasse pas 500 caractères",
  paymentAlreadyCancelled: "Ce règlement est déjà annulé",
  cancelledInvoicePaymentsLocked: "Les règlements d’une facture annulée ne s’annulent pas : son avoir l’a déjà fait",
  paymentCancelled: "Règlement annulé",
  paymentCancelFailed: "Impossible d’annuler le règlement",
  /** Issue 32 (ADR 0030): refund or credit. */
  cancelChoiceInvalid: "Choisissez «\u00a0refund\u00a0» (rembourser) ou «\u00a0credit\u00a0» (garder en avoir)",
  refundRequired: "Indiquez le remboursement\u00a0: date, moyen et montant",
  refundAbovePaid: "Le remboursement dépasse ce que le client a payé sur cette facture",
  refundAboveAvailable: "Le remboursement dépasse l’avoir disponible",
  refundAmountPositive: "Le montant du remboursement doit être supérieur à 0",
  refundDateRequired: "La date du remboursement est obligatoire",
  refundOnlyCreditNote: "Seul un avoir se rembourse",
  creditNoteRequired: "Choisissez l’avoir à utiliser",
  creditNoteNotFound: "Avoir introuvable",
  creditNoteOtherClient: "Cet avoir est celui d’un autre client",
  creditAboveAvailable: "Le montant dépasse l’avoir disponible",
  refundRecorded: "Remboursement enregistré",
  refundFailed: "Impossible d’enregistrer le remboursement",
  recordRefund: "Enregistrer un remboursement",
  /** Issue 17: refused by the official rules at issue (docs/domain/einvoicing.md#at-issue), the rules listed. */
  notEn16931: (rules: readonly string[]) =>
    `La facture ne respecte pas la norme EN 16931\u00a0: ${rules.join("\u00a0; ")}`,
  exportFromInvalid: "Date de début de la période invalide (AAAA-MM-JJ)",
  exportToInvalid: "Date de fin de la période invalide (AAAA-MM-JJ)",
  exportPeriodOrder: "La date de fin doit suivre la date de début",
  exportPeriodTooLong: "La période d’un export ne dépasse pas un an",
  /** `max` as printed (« 1\u202f000 »). */
  exportTooMany: (max: string) =>
    `Plus de ${max} documents sur cette période\u00a0: choisissez une période plus courte`,
  /** The lines of a deposit invoice: « Acompte de 30 % sur le devis DEV-2026-0001 ». */
  depositLine: (share: string, quoteReference: string) => `Acompte de ${share} sur le devis ${quoteReference}`,
  depositName: (quoteName: string) => `Acompte — ${quoteName}`,
  /** The one line of a worksite invoiced without a quote or priced tasks. */
  worksiteLine: (worksiteName: string) => `Travaux — ${worksiteName}`,
  pdfDone: "PDF généré",
  pdfFailed: "Impossible de générer le PDF",
  created: "Facture créée",
  createFailed: "Impossible de créer la facture",
  updated: "Facture modifiée",
  updateFailed: "Impossible de modifier la facture",
  statusUpdated: "Statut mis à jour",
  statusFailed: "Impossible de mettre à jour le statut",
  markSent: "Marquer comme envoyée",
  markPaid: "Marquer comme payée",
  cancel: "Annuler la facture",
  recordPayment: "Enregistrer un paiement",
  paymentAdded: "Paiement enregistré",
  paymentAddFailed: "Impossible d’enregistrer le paiement",
  paymentRemoved: "Paiement supprimé",
  paymentRemoveFailed: "Impossible de supprimer le paiement",
  deleted: "Facture supprimée",
  deleteFailed: "Impossible de supprimer la facture",
  /** After « Annuler la facture »: the credit note that cancels it. */
  creditNoteCreated: (reference: string) => `Avoir ${reference} créé`,
  /** Spec 2 §8, after « Créer une facture » on a quote card. */
  createdFromQuote: (reference: string) => `Facture ${reference} créée avec succès`,
  daysLate: (days: number) => `${days} ${days > 1 ? "jours" : "jour"} de retard`,
  reverseChargeMention: "Autoliquidation\u00a0: TVA due par le preneur (art. 283-2 nonies du CGI)",
  franchiseMention: "TVA non applicable, art. 293 B du CGI",
  /** The 10 % certification (VAT_RULE_TEXTS.housingWorksMention; 5,5 %: energyRenovationMention, ADR 0029). */
  reducedRateMention: VAT_RULE_TEXTS.housingWorksMention,
  energyRenovationMention: VAT_RULE_TEXTS.energyRenovationMention,
  operationCategoryInvalid:
    "Catégorie de l’opération invalide (livraison de biens, prestation de services ou les deux)",
  watermark: "BROUILLON",
  /** The PDF's words (docs/decisions/0015-invoice-mentions.md: what is printed where). */
  pdf: {
    creditNoteOf: "Avoir de la facture",
    quote: "Devis",
    project: "Chantier",
    workDate: "Date des travaux",
    dueDate: "Échéance",
    /** Beside « Net à payer » when there is no due date. */
    onReceipt: "à réception",
    /** 2026 e-invoicing reform: the category of the operation (OPERATION_CATEGORY_PRINTED). */
    operation: "Opération",
    services: "Prestation de services",
    /** 2026 reform: where the work is done (the worksite's address: the delivery address). */
    worksiteAddress: "Adresse du chantier",
    /** Under « Adresse du chantier » when the invoice has no worksite: the address delivered to. */
    deliveryAddress: "Adresse de livraison",
    /** 2026 reform: a business client's VAT number, on reverse-charge and intra-EU invoices. */
    clientVatNumber: "N° TVA",
    /** 2026 reform, CGI art. 269-2 c: the company opted to pay VAT on debits. */
    debitsOption: "Option pour le paiement de la taxe d’après les débits",
    depositsDeducted: "Acomptes déjà facturés",
    netDue: "Net à payer",
    /** A credit note's own total (issue 32): what it credits, never « Net à payer ». */
    creditNoteAmount: "Montant de l’avoir",
    paid: "Déjà réglé",
    balance: "Reste à payer",
    /** Over a final invoice's VAT table: the whole work's, as its Factur-X (ADR 0016); the deposits follow. */
    vatWholeWork: "TVA de l’ensemble des travaux, acomptes compris",
    reverseChargeTitle: "Autoliquidation",
    siren: "SIREN",
  },
} as const;

/**
 * What the screens say of a document (issue 32), derived from its stored `status` without changing it:
 * an issued invoice is « Émise » until it reached its client by e-mail (`emailed_at`), then
 * « Envoyée »; with payments that do not cover it, « Partiellement payée ».
 */
export const INVOICE_DISPLAY_STATES = ["draft", "issued", "sent", "partially_paid", "paid", "cancelled"] as const;
export type InvoiceDisplayState = (typeof INVOICE_DISPLAY_STATES)[number];

export const INVOICE_DISPLAY_LABELS: Record<InvoiceDisplayState, string> = {
  draft: "Brouillon",
  issued: "Émise",
  sent: "Envoyée",
  partially_paid: "Partiellement payée",
  paid: "Payée",
  cancelled: "Annulée",
};

export function invoiceDisplayState(invoice: {
  status: InvoiceStatus;
  paid_amount: number;
  balance_due: number;
  emailed_at: string | null;
}): InvoiceDisplayState {
  if (invoice.status !== "sent") return invoice.status;
  if (invoice.paid_amount > 0 && invoice.balance_due > 0) return "partially_paid";
  return invoice.emailed_at ? "sent" : "issued";
}

/**
 * Whether an invoice is overdue on `today` (design §5.10, spec 3 §4): issued (sent), with a due date
 * before today, neither paid nor cancelled. Drafts and credit notes never are.
 */
export function isOverdue(
  invoice: { status: InvoiceStatus; due_date: string | null; kind?: InvoiceKind },
  today: string,
): boolean {
  return invoice.kind !== "credit_note" && invoice.status === "sent" && !!invoice.due_date && invoice.due_date < today;
}

/** Whole days late on `today` (spec 3 §4 « rounding up »: calendar days since the due date), 0 when not overdue. */
export function daysLate(
  invoice: { status: InvoiceStatus; due_date: string | null; kind?: InvoiceKind },
  today: string,
): number {
  if (!isOverdue(invoice, today) || !invoice.due_date) return 0;
  return dayNumber(today) - dayNumber(invoice.due_date);
}

/** An invoice with its derived state on `today` (`overdue`, `days_late`), as the API answers it. */
export function withOverdue<T extends { status: InvoiceStatus; due_date: string | null; kind?: InvoiceKind }>(
  invoice: T,
  today: string,
): T & { overdue: boolean; days_late: number } {
  return { ...invoice, overdue: isOverdue(invoice, today), days_late: daysLate(invoice, today) };
}

/** Spec 3 §5: the due date defaults to 30 days after the invoice's date. */
export const defaultDueDate = (date: string): string => addDays(date, INVOICE_DEFAULTS.dueDays);

/** Only a draft is edited or deleted (design §5.5). */
export const isEditable = (invoice: { status: InvoiceStatus; kind?: InvoiceKind }): boolean =>
  invoice.status === "draft" && invoice.kind !== "credit_note";

/** VAT of one rate, in cents: the taxable base and its tax. */
export interface RateAmounts {
  rate: number;
  net: number;
  tax: number;
}

/**
 * A deposit on a quote (docs/domain/invoices.md#deposits): `fraction` = numerator / denominator of the
 * quote's total (30 % is 30/100; an amount A of a total T is A/T in cents). Each VAT rate of the quote
 * gets its share of the net base, rounded half away from zero; its tax is that base's tax. The
 * deposit thus splits its amount over the rates in proportion to the quote.
 */
export function depositByRate(
  quoteVat: readonly Pick<VatBreakdown, "rate" | "net">[],
  numerator: bigint,
  denominator: bigint,
  /** An amount asked (cents TTC): the largest base is nudged by a few cents so that the deposit is exactly it. */
  exactTotal?: number,
): RateAmounts[] {
  const taxOf = (net: number, rate: number) => Number(roundDiv(BigInt(net) * BigInt(Math.round(rate * 100)), 10_000n));
  const rates = quoteVat.map((v) => {
    const net = Number(roundDiv(BigInt(v.net) * numerator, denominator));
    return { rate: v.rate, net, tax: taxOf(net, v.rate) };
  });
  if (exactTotal === undefined || rates.length === 0) return rates;
  // The rate with the largest base absorbs the rounding (as the discount's remainder, ADR 0002).
  let largest = 0;
  rates.forEach((r, i) => {
    const current = rates[largest];
    if (current && (r.net > current.net || (r.net === current.net && r.rate > current.rate))) largest = i;
  });
  const target = rates[largest];
  if (!target) return rates;
  const others = totalOf(rates) - target.net - target.tax;
  // net + tax(net) grows by 1 or 2 cents a cent of net: the closest net at or under the amount, then exact if any.
  const wanted = exactTotal - others;
  let net = Math.round((wanted * 10_000) / (10_000 + Math.round(target.rate * 100)));
  while (net > 0 && net + taxOf(net, target.rate) > wanted) net -= 1;
  while (net + 1 + taxOf(net + 1, target.rate) <= wanted) net += 1;
  rates[largest] = { rate: target.rate, net: Math.max(0, net), tax: taxOf(Math.max(0, net), target.rate) };
  return rates;
}

/**
 * What remains of a quote after its deposits, per rate (the final invoice's VAT): the quote's net and
 * tax minus the deposits' (docs/domain/invoices.md#final-invoice). Because the final invoice is the
 * remainder, a quote's invoices add up to the quote to the cent, per rate. `null` when the deposits
 * exceed the quote at some rate.
 */
export function remainderByRate(
  quoteVat: readonly Pick<VatBreakdown, "rate" | "net" | "tax">[],
  deposits: readonly (readonly RateAmounts[])[],
): RateAmounts[] | null {
  const result: RateAmounts[] = [];
  for (const v of quoteVat) {
    let net = v.net;
    let tax = v.tax;
    for (const deposit of deposits) {
      for (const d of deposit) {
        if (d.rate === v.rate) {
          net -= d.net;
          tax -= d.tax;
        }
      }
    }
    if (net < 0 || tax < 0) return null;
    result.push({ rate: v.rate, net, tax });
  }
  // A deposit at a rate the quote does not have cannot be deducted.
  for (const deposit of deposits) {
    for (const d of deposit) if (!quoteVat.some((v) => v.rate === d.rate) && (d.net !== 0 || d.tax !== 0)) return null;
  }
  return result;
}

/** Σ net + tax of rates (cents). */
export const totalOf = (rates: readonly RateAmounts[]): number => rates.reduce((sum, r) => sum + r.net + r.tax, 0);

/**
 * A final invoice's figures (cents): the quote's lines and totals, then the deposits deducted per rate.
 * `due` is what the client still owes on this invoice (total − deposits): the invoice's `total`.
 */
export function finalInvoiceFigures(quote: Totals, deposits: readonly (readonly RateAmounts[])[]) {
  const remainder = remainderByRate(quote.vat, deposits);
  if (!remainder) return null;
  const deductedNet = deposits.reduce((sum, d) => sum + d.reduce((s, r) => s + r.net, 0), 0);
  const deductedTax = deposits.reduce((sum, d) => sum + d.reduce((s, r) => s + r.tax, 0), 0);
  return {
    subtotal: quote.subtotal,
    discount: quote.discount,
    deposits_net: deductedNet,
    deposits_tax: deductedTax,
    vat: remainder,
    tax_amount: remainder.reduce((sum, r) => sum + r.tax, 0),
    total: totalOf(remainder),
  };
}

/**
 * The list's orders (docs/domain/invoices.md#list): date, most recent first (the default), reference,
 * client name A → Z, total TTC, due date, balance due (highest first); `order` reverses.
 */
export const INVOICE_SORTS = ["date", "reference", "client", "total", "due_date", "balance"] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
/** Each sort's direction when `order` is left out. */
export const INVOICE_SORT_ORDERS: Record<InvoiceSort, "asc" | "desc"> = {
  date: "desc",
  reference: "desc",
  client: "asc",
  total: "desc",
  due_date: "asc",
  balance: "desc",
};

/**
 * The category of the operation (2026 e-invoicing reform, décret 2022-1299; docs/domain/invoices.md#mentions
 * of the reform): goods, services or both. Building works — supplies included — are services (travaux
 * immobiliers): what an invoice is unless its draft says otherwise.
 */
export const OPERATION_CATEGORIES = ["goods", "services", "both"] as const;
export type OperationCategory = (typeof OPERATION_CATEGORIES)[number];
export const DEFAULT_OPERATION_CATEGORY: OperationCategory = "services";

/** As offered on the draft. */
export const OPERATION_CATEGORY_LABELS: Record<OperationCategory, string> = {
  goods: "Livraison de biens",
  services: "Prestation de services",
  both: "Les deux",
};

/** As printed (« Opération : … »): « les deux » said in full. */
export const OPERATION_CATEGORY_PRINTED: Record<OperationCategory, string> = {
  goods: "Livraison de biens",
  services: "Prestation de services",
  both: "Livraison de biens et prestation de services",
};

/** The category an invoice prints: its draft's choice, else the default (a stored text read back). */
export function operationCategoryOf(stored: string | null | undefined): OperationCategory {
  return (OPERATION_CATEGORIES as readonly string[]).includes(stored ?? "")
    ? (stored as OperationCategory)
    : DEFAULT_OPERATION_CATEGORY;
}

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\s,]+/g, " ")
    .trim()
    .toLowerCase();

/**
 * The worksite's address an invoice prints (2026 reform, décret 2022-1299; docs/domain/invoices.md#mentions-of-the-reform):
 * on every invoice of a worksite, and otherwise when it differs from the client's (billing) address —
 * the delivery address. Null when there is none to print.
 */
export function printedWorksiteAddress(invoice: {
  worksite_address: string | null;
  project: { id: string } | null;
  client: { address: string | null; postal_code: string | null; city: string | null };
}): string | null {
  const site = invoice.worksite_address?.trim();
  if (!site) return null;
  if (invoice.project) return site;
  const { address, postal_code, city } = invoice.client;
  const billing = [address, [postal_code, city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return folded(site) === folded(billing) ? null : site;
}

/**
 * The client's VAT number an invoice prints (2026 reform; CGI art. 242 nonies A, I-13°): on a
 * reverse-charge invoice and on one to a business of another member state (its number not French).
 */
export function printedClientVatNumber(invoice: { reverse_charge: boolean; client: { vat_number: string | null } }) {
  const vat = invoice.client.vat_number?.replace(/\s/g, "").toUpperCase();
  if (!vat) return null;
  return invoice.reverse_charge || !vat.startsWith("FR") ? vat : null;
}
