import { parisToday } from "@shared/dates";
import {
  CREDIT_NOTE_METHOD,
  INVOICE_DEFAULTS,
  type PaymentMethod,
  type PaymentRecordMethod,
} from "@shared/invoice-rules";

/** The payment dialog's fields as typed (the amount as text: « 120,50 » is read as 120.5). */
export interface PaymentFormFields {
  date: string;
  amount: string;
  /** « Avoir » (issue 32) pays with a credit note of the client: `credit_note_id`. */
  method: PaymentRecordMethod;
  reference: string;
  credit_note_id: string;
}

export const PAYMENT_FORM_FIELDS = ["date", "amount", "method", "reference", "credit_note_id"] as const;

/** « 1234.5 » → « 1234.50 »: an amount in euros as a number field shows it. */
const asField = (euros: number): string => (Math.round(euros * 100) / 100).toFixed(2);

/** A new payment: today, the balance due, the invoice's payment method (else bank transfer), no reference. */
export function paymentFormDefaults(
  invoice: { balance_due: number; payment_method: PaymentMethod | null },
  today: string = parisToday(),
): PaymentFormFields {
  return {
    date: today,
    amount: asField(Math.max(0, invoice.balance_due)),
    method: invoice.payment_method ?? INVOICE_DEFAULTS.paymentMethod,
    reference: "",
    credit_note_id: "",
  };
}

/** « 120,5 », « 1 200,50 » or « 120.5 » → 120.5; NaN when it is not a number. */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

/**
 * The body of POST /api/invoices/:id/payments (paymentInputSchema): a blank reference is none; the credit
 * note only for a payment by « Avoir ».
 */
export function toPaymentPayload(fields: PaymentFormFields) {
  const reference = fields.reference.trim();
  return {
    date: fields.date,
    amount: parseAmount(fields.amount),
    method: fields.method,
    reference: reference === "" ? null : reference,
    ...(fields.method === CREDIT_NOTE_METHOD ? { credit_note_id: fields.credit_note_id } : {}),
  };
}
