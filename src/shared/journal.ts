import { z } from "zod";
import { JOURNAL_BREAKS, JOURNAL_PERIOD_KEY, JOURNAL_PERIODS, JOURNAL_TEXTS } from "./journal-rules";

export * from "./journal-rules";

/** GET /api/journal/verify: the chain walked from entry 1, and the first entry that breaks it. */
export const journalVerificationSchema = z.object({
  ok: z.boolean(),
  /** How many entries were walked. */
  entries: z.number().int().nonnegative(),
  /** The last entry's hash (the journal's fingerprint), null when it is empty. */
  last_hash: z.string().nullable(),
  /** The perpetual grand total of sales (euros, TTC): invoices less credit notes, from entry 1. */
  grand_total: z.number(),
  /** The perpetual total received (euros): payments less reversals and refunds, from entry 1. */
  receipts_total: z.number(),
  /** The first entry that breaks the chain, null when it holds. */
  first_broken: z
    .object({
      seq: z.number().int(),
      reference: z.string().nullable(),
      reason: z.enum(JOURNAL_BREAKS),
      message: z.string(),
    })
    .nullable(),
  message: z.string(),
});
export type JournalVerification = z.infer<typeof journalVerificationSchema>;

/** A period's totals (euros): what the journal recorded in it. */
export const journalPeriodTotalsSchema = z.object({
  key: z.string(),
  invoices: z.number(),
  credit_notes: z.number(),
  /** Invoices less credit notes, TTC. */
  sales: z.number(),
  payments: z.number(),
  payment_reversals: z.number(),
  refunds: z.number(),
  /** Payments less reversals and refunds. */
  receipts: z.number(),
  entries: z.number().int(),
  /** The closing entry when the period is closed: its totals are those it froze. */
  closing: z
    .object({
      /** The closing entry's id: its archive is GET /api/journal/closings/:id/archive. */
      id: z.string(),
      seq: z.number().int(),
      recorded_at: z.string(),
      hash: z.string(),
    })
    .nullable(),
});
export type JournalPeriodTotals = z.infer<typeof journalPeriodTotalsSchema>;

/** GET /api/journal/totals?period=&year=: the periods of a year (the years, for `year`) that hold entries. */
export const journalTotalsSchema = z.object({
  period: z.enum(JOURNAL_PERIODS),
  periods: z.array(journalPeriodTotalsSchema),
  grand_total: z.number(),
  receipts_total: z.number(),
});
export type JournalTotals = z.infer<typeof journalTotalsSchema>;

export const journalTotalsQuerySchema = z.object({
  period: z.enum(JOURNAL_PERIODS).default("month"),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** POST /api/journal/closings: the period to close. */
export const journalClosingBodySchema = z
  .object({ period: z.enum(JOURNAL_PERIODS), key: z.string().trim() })
  .refine((body) => JOURNAL_PERIOD_KEY[body.period].test(body.key), {
    message: JOURNAL_TEXTS.periodInvalid,
    path: ["key"],
  });
export type JournalClosingBody = z.infer<typeof journalClosingBodySchema>;
