import { parisToday } from "@shared/dates";
import { formatEuro } from "@shared/format";
import { type CancelPaymentChoice, INVOICE_DEFAULTS, INVOICE_TEXTS, type PaymentMethod } from "@shared/invoice-rules";
import { toCents } from "@shared/money";
import { parseAmount } from "./payment-form";

/**
 * A refund as typed (issue 32, ADR 0030): on cancelling an invoice that received payments, or later on its
 * credit note. The amount as text (« 120,50 »).
 */
export interface RefundFields {
  amount: string;
  date: string;
  method: PaymentMethod;
  reference: string;
}

/** The whole amount kept, today, by the invoice's own means (else bank transfer). */
export function refundDefaults(
  amount: number,
  method: PaymentMethod | null,
  today: string = parisToday(),
): RefundFields {
  return {
    amount: (Math.round(amount * 100) / 100).toFixed(2),
    date: today,
    method: method ?? INVOICE_DEFAULTS.paymentMethod,
    reference: "",
  };
}

/** What is wrong with the refund typed, said as the server would (`max` the most it may be): null when fine. */
export function refundError(fields: RefundFields, max: number, aboveMessage: string): string | null {
  const amount = parseAmount(fields.amount);
  if (!Number.isFinite(amount) || amount <= 0) return INVOICE_TEXTS.refundAmountPositive;
  if (toCents(amount) > toCents(max)) return aboveMessage;
  if (!fields.date) return INVOICE_TEXTS.refundDateRequired;
  return null;
}

/** The refund's body (refundInputSchema): a blank reference is none. */
export function toRefundPayload(fields: RefundFields) {
  const reference = fields.reference.trim();
  return {
    date: fields.date,
    amount: parseAmount(fields.amount),
    method: fields.method,
    reference: reference === "" ? null : reference,
  };
}

/** « Annuler la facture »'s answer about the money received: nothing chosen yet, refund or credit. */
export interface CancelChoice {
  payments: CancelPaymentChoice | null;
  refund: RefundFields;
}

/**
 * The body of POST …/cancel (cancelInputSchema): none when nothing was paid (as before issue 32); the
 * choice made otherwise — null while it is incomplete or wrong (the confirm button waits).
 */
export function toCancelBody(choice: CancelChoice, paid: number) {
  if (paid <= 0) return undefined;
  if (choice.payments === "credit") return { payments: "credit" as const };
  if (choice.payments === "refund" && !refundError(choice.refund, paid, INVOICE_TEXTS.refundAbovePaid)) {
    return { payments: "refund" as const, refund: toRefundPayload(choice.refund) };
  }
  return null;
}

export const CANCEL_CHOICE_TEXTS = {
  /** Issue 32: the question itself, the amount as printed. */
  received: (paid: string) => `Cette facture a déjà reçu ${paid} de paiements.`,
  question: "Que faire de cet argent\u00a0?",
  refund: "Rembourser le client",
  refundHint: "Le remboursement est enregistré sur l’avoir (date, moyen, montant).",
  credit: "Garder en avoir sur le compte du client",
  creditHint: (paid: string) =>
    `${paid} restent disponibles pour ce client\u00a0: en paiement d’une autre de ses factures (moyen «\u00a0Avoir\u00a0»), ou remboursés plus tard.`,
  /** A refund of part of it: the rest is kept. */
  restKept: (rest: number) => `Le reste, ${formatEuro(rest)}, reste en avoir sur le compte du client.`,
  /** Without invoices:pay, the money cannot be refunded here. */
  refundNotAllowed: "Rembourser demande la permission d’enregistrer les paiements.",
} as const;
