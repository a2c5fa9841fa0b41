import { z } from "zod";

/**
 * The accounts the FEC export writes (docs/domain/accounting.md): the French chart of accounts' usual
 * ones for a building company, which its accountant may change in the settings.
 */
export interface AccountingAccounts {
  /** Clients (the collective account; each client has its auxiliary account under it). */
  clients: string;
  /** Clients — avances et acomptes reçus (deposits invoiced). */
  deposits: string;
  /** Banque. */
  bank: string;
  /** Revenue per VAT rate (« 20 », « 10 », « 5.5 », « 0 »); `default` for any other rate. */
  sales: Record<string, string>;
  /** VAT collected per rate; `default` for any other rate. */
  vat: Record<string, string>;
  /** The prefix of a client's auxiliary account (« C » + a number). */
  clientAuxPrefix: string;
}

export const DEFAULT_ACCOUNTS: AccountingAccounts = {
  clients: "411000",
  deposits: "419100",
  bank: "512000",
  // 704 « Travaux »: a building company's works, one account per rate.
  sales: { "20": "704200", "10": "704100", "5.5": "704055", "0": "704000", default: "704000" },
  vat: { "20": "445712", "10": "445711", "5.5": "445705", "2.1": "445702", default: "445710" },
  clientAuxPrefix: "C",
};

/** The labels the FEC prints beside each account (CompteLib). */
export const ACCOUNT_LABELS = {
  clients: "Clients",
  deposits: "Clients - Avances et acomptes reçus",
  bank: "Banque",
  sales: (rate: number) => `Travaux TVA ${String(rate).replace(".", ",")}\u00a0%`,
  vat: (rate: number) => `TVA collectée ${String(rate).replace(".", ",")}\u00a0%`,
} as const;

/** The FEC's 18 columns (LPF art. A47 A-1), in order. */
export const FEC_COLUMNS = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "CompAuxNum",
  "CompAuxLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "Debit",
  "Credit",
  "EcritureLet",
  "DateLet",
  "ValidDate",
  "Montantdevise",
  "Idevise",
] as const;

/** The journals: sales (VT) and bank (BQ). */
export const FEC_JOURNALS = {
  sales: { code: "VT", label: "Journal des ventes" },
  bank: { code: "BQ", label: "Journal de banque" },
} as const;

export const ACCOUNTING_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise pour exporter sa comptabilité",
  sirenRequired:
    "Renseignez le SIRET de l’entreprise dans les paramètres\u00a0: le nom du fichier des écritures comptables commence par son SIREN",
  yearInvalid: "Exercice invalide\u00a0: une année sur quatre chiffres",
} as const;

/** GET /api/accounting/fec?year=2026 (this year without it). */
export const fecQuerySchema = z.object({
  year: z.coerce
    .number({ error: ACCOUNTING_TEXTS.yearInvalid })
    .int(ACCOUNTING_TEXTS.yearInvalid)
    .min(2000, ACCOUNTING_TEXTS.yearInvalid)
    .max(2100, ACCOUNTING_TEXTS.yearInvalid)
    .optional(),
});
