import { z } from "zod";

/**
 * The unalterable journal (docs/domain/journal.md, ADR 0033): what is recorded, and what its check answers.
 */

/** What an entry records: an issued invoice (deposits included), a credit note, a payment, its reversal, a refund. */
export const JOURNAL_KINDS = ["invoice", "credit_note", "payment", "payment_reversal", "refund"] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const JOURNAL_KIND_LABELS: Record<JournalKind, string> = {
  invoice: "Facture émise",
  credit_note: "Avoir émis",
  payment: "Règlement",
  payment_reversal: "Annulation de règlement",
  refund: "Remboursement",
};

/** The chain's start: the « previous hash » of entry 1. */
export const JOURNAL_GENESIS_HASH = "0".repeat(64);

/** Why an entry breaks the chain. */
export const JOURNAL_BREAKS = ["sequence", "previous_hash", "hash", "head"] as const;
export type JournalBreak = (typeof JOURNAL_BREAKS)[number];

export const JOURNAL_TEXTS = {
  intact: "Le journal est intègre\u00a0: chaque écriture est à sa place et n’a pas été modifiée.",
  broken: {
    sequence: "Une écriture manque ou est en trop avant celle-ci (la numérotation n’est plus continue).",
    previous_hash: "Cette écriture ne suit plus la précédente\u00a0: la chaîne a été rompue.",
    hash: "Le contenu de cette écriture a été modifié après son enregistrement.",
    head: "La dernière écriture connue ne correspond plus au journal (des écritures ont disparu).",
  } satisfies Record<JournalBreak, string>,
  companyRequired: "Vous devez être connecté à une entreprise pour vérifier le journal",
} as const;

/** GET /api/journal/verify: the chain walked from entry 1, and the first entry that breaks it. */
export const journalVerificationSchema = z.object({
  ok: z.boolean(),
  /** How many entries were walked. */
  entries: z.number().int().nonnegative(),
  /** The last entry's hash (the journal's fingerprint), null when it is empty. */
  last_hash: z.string().nullable(),
  /** The perpetual grand total (euros): every entry's amount, signed. */
  grand_total: z.number(),
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
