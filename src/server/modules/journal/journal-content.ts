/**
 * What an entry's content holds, by kind (docs/domain/journal.md#entries): the figures the FEC is written
 * from, in integer cents, positive (the kind says which way the money goes). Written by the module that
 * records the entry, read back by the FEC export (accounting/fec.ts).
 */

/** A VAT rate's base and tax, in cents. */
export interface RateCents {
  rate: number;
  net: number;
  tax: number;
}

export interface EntryClient {
  id: string;
  name: string;
}

/** `invoice` and `credit_note` entries: the document as issued. */
export interface DocumentContent {
  /** `invoice` (a final or plain invoice), `deposit`, `credit_note`. */
  type: "invoice" | "deposit" | "credit_note";
  /** The document's date (yyyy-mm-dd). Its number is the entry's reference (given as the issue commits). */
  date: string;
  client: EntryClient;
  /** What the document bills per rate (after the discount), before any deposit is deducted. */
  rates: RateCents[];
  /** The deposits deducted per rate (a final invoice; a credit note that reverses one). */
  deposits: RateCents[];
  /** What the client owes on it (TTC, deposits deducted). */
  total: number;
  /** A credit note: the invoice it reverses, and whether that one was a deposit. */
  credited?: { reference: string; type: "invoice" | "deposit" } | null;
}

/** `payment`, `payment_reversal`, `refund` entries. */
export interface MoneyContent {
  /** The invoice paid (or the credit note refunded). */
  reference: string;
  /** The day the money moved (yyyy-mm-dd). */
  date: string;
  client: EntryClient;
  /** cash, check, bank_transfer, card, other, credit_note (paid with a credit: no money moved). */
  method: string;
  amount: number;
  /** A payment: its id (a reversal names it). */
  payment_id?: string | null;
  /** A reversal: the payment it cancels and why. */
  reverses?: { payment_id: string; reason: string } | null;
}
