/**
 * The unalterable journal (docs/domain/journal.md, ADR 0033): what is recorded, its periods and its
 * French texts. No zod: « Factures » links to the journal's screen with these texts (journal.ts holds the
 * API's schemas).
 */

/**
 * What an entry records: an issued invoice (deposits included), a credit note, a payment, its reversal, a
 * refund, the closing of a period (its totals, frozen).
 */
export const JOURNAL_KINDS = ["invoice", "credit_note", "payment", "payment_reversal", "refund", "closing"] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** Sales (TTC): invoices less credit notes. Receipts: payments less reversals and refunds. */
export const SALES_KINDS: readonly JournalKind[] = ["invoice", "credit_note"];
export const RECEIPT_KINDS: readonly JournalKind[] = ["payment", "payment_reversal", "refund"];

/** The periods the journal totals and closes: a day, a month, a fiscal year (the calendar year). */
export const JOURNAL_PERIODS = ["day", "month", "year"] as const;
export type JournalPeriod = (typeof JOURNAL_PERIODS)[number];
export const JOURNAL_PERIOD_LABELS: Record<JournalPeriod, string> = { day: "Jour", month: "Mois", year: "Exercice" };

/** « 2026-11-29 », « 2026-11 », « 2026 »: a period's key by its kind. */
export const JOURNAL_PERIOD_KEY: Record<JournalPeriod, RegExp> = {
  day: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  year: /^\d{4}$/,
};

/** The key of the period of `kind` that holds the Paris day `day` (yyyy-mm-dd). */
export const periodKeyOf = (kind: JournalPeriod, day: string): string =>
  kind === "day" ? day : kind === "month" ? day.slice(0, 7) : day.slice(0, 4);

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
  companyRequired: "Vous devez être connecté à une entreprise pour consulter le journal",
  periodInvalid: "Période invalide\u00a0: jour (AAAA-MM-JJ), mois (AAAA-MM) ou exercice (AAAA)",
  periodNotOver: "Cette période n’est pas terminée\u00a0: elle ne peut être clôturée qu’une fois passée",
  periodClosed: "Cette période est déjà clôturée",
  closingNotFound: "Clôture introuvable",
  closed: "Période clôturée",
  page: {
    title: "Journal et comptabilité",
    /** The way in from « Factures ». */
    link: "Journal",
    back: "Retour aux factures",
    subtitle:
      "Le journal inaltérable des factures et des règlements, ses clôtures mensuelles et le fichier des écritures comptables (FEC) pour votre comptable.",
    integrity: "Intégrité du journal",
    verifyAgain: "Vérifier à nouveau",
    fingerprint: "Empreinte",
    months: "Totaux par mois",
    year: "Exercice",
    month: "Mois",
    sales: "Ventes TTC",
    receipts: "Encaissements",
    entries: "Écritures",
    state: "Clôture",
    noEntries: "Aucune écriture sur cet exercice",
    noEntriesText: "Les factures émises, les avoirs et les règlements s’inscrivent ici au fil de l’eau.",
    inProgress: "En cours",
    close: "Clôturer",
    closing: "Clôture…",
    closeTitle: (month: string) => `Clôturer ${month}\u00a0?`,
    closeText:
      "Ses totaux seront figés dans le journal par une écriture chaînée\u00a0: ils ne pourront plus changer. L’archive de la période sera téléchargeable.",
    closedToast: (month: string) => `${month} clôturé`,
    closeFailed: "La période n’a pas pu être clôturée",
    archive: "Archive",
    archiveLabel: (month: string) => `Télécharger l’archive de ${month}`,
    archiveFailed: "L’archive n’a pas pu être téléchargée",
    fec: "Fichier des écritures comptables (FEC)",
    fecText:
      "Le journal des ventes et le journal de banque de l’exercice, au format de l’article A47 A-1 du livre des procédures fiscales, à transmettre à votre comptable.",
    fecDownload: "Télécharger le FEC",
    fecFailed: "Le FEC n’a pas pu être téléchargé",
    loadFailed: "Impossible de charger le journal.",
  },
} as const;
