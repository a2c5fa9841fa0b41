import { z } from "zod";
import { requiredField } from "./fields";

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
  /** The journal codes (JournalCode): sales and bank. */
  journals: { sales: string; bank: string };
}

export const DEFAULT_ACCOUNTS: AccountingAccounts = {
  clients: "411000",
  deposits: "419100",
  bank: "512000",
  // 704 « Travaux »: a building company's works, one account per rate.
  sales: { "20": "704200", "10": "704100", "5.5": "704055", "0": "704000", default: "704000" },
  vat: { "20": "445712", "10": "445711", "5.5": "445705", "2.1": "445702", default: "445710" },
  clientAuxPrefix: "C",
  journals: { sales: "VT", bank: "BQ" },
};

/**
 * The rates that have an account of their own in the settings (the others go to `default`): the
 * revenue of the rates in force that carry one, the VAT of the rates that carry VAT.
 */
export const SALES_ACCOUNT_RATES = ["20", "10", "5.5", "0"] as const;
export const VAT_ACCOUNT_RATES = ["20", "10", "5.5", "2.1"] as const;

/** The wire key of a rate's account: `sales_account_5_5`, `vat_account_2_1`, `sales_account_other`. */
export const rateKey = (kind: "sales" | "vat", rate: string) =>
  `${kind}_account_${rate === "default" ? "other" : rate.replace(".", "_")}`;

/**
 * The PCG class each account must belong to (its first digits; docs/domain/accounting.md#accounts):
 * what the accountant's software expects of a FEC's lines.
 */
export const ACCOUNT_CLASSES = {
  clients: "411",
  deposits: "4191",
  bank: "51",
  sales: "70",
  vat: "4457",
} as const;

/** The labels the FEC prints beside each account (CompteLib). */
export const ACCOUNT_LABELS = {
  clients: "Clients",
  deposits: "Clients - Avances et acomptes reçus",
  bank: "Banque",
  /** By the account's PCG heading (704 travaux, 706 prestations de services, 707 marchandises…). */
  sales: (rate: number, account = "704") =>
    `${SALES_HEADINGS[account.slice(0, 3)] ?? "Ventes"} TVA ${String(rate).replace(".", ",")}\u00a0%`,
  vat: (rate: number) => `TVA collectée ${String(rate).replace(".", ",")}\u00a0%`,
} as const;

/** The PCG's headings of class 70 (revenue). */
const SALES_HEADINGS: Record<string, string> = {
  "701": "Ventes de produits finis",
  "702": "Ventes de produits intermédiaires",
  "703": "Ventes de produits résiduels",
  "704": "Travaux",
  "705": "Études",
  "706": "Prestations de services",
  "707": "Ventes de marchandises",
  "708": "Produits des activités annexes",
};

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
  settingsRequired: "Vous devez être connecté à une entreprise pour voir ses comptes comptables",
  accountDigits: "Un numéro de compte s’écrit avec 3 à 10 chiffres",
  clientsClass: "Le compte clients commence par 411 (Clients)",
  depositsClass: "Le compte des acomptes reçus commence par 4191 (Clients - Avances et acomptes reçus)",
  bankClass: "Le compte de banque commence par 51 (Banques)",
  salesClass: "Un compte de ventes commence par 70 (Ventes, prestations de services)",
  vatClass: "Un compte de TVA collectée commence par 4457 (Taxes sur le chiffre d’affaires collectées)",
  journalCode: "Un code journal s’écrit avec 1 à 6 lettres ou chiffres",
  journalsDistinct: "Les journaux des ventes et de banque ont chacun leur code",
  settingsSaved: "Comptes comptables mis à jour avec succès",
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

/** An account of the settings: 3 to 10 digits (spaces dropped), under its PCG class. */
const account = (prefix: string, classMessage: string, label: string) =>
  requiredField(
    z
      .string({ error: ACCOUNTING_TEXTS.accountDigits })
      .regex(/^\d{3,10}$/, ACCOUNTING_TEXTS.accountDigits)
      .refine((value) => value.startsWith(prefix), classMessage)
      .describe(label),
    (v) => (typeof v === "string" ? v.replace(/\s/g, "") : v),
  );

const journalCode = (label: string) =>
  requiredField(
    z
      .string({ error: ACCOUNTING_TEXTS.journalCode })
      .regex(/^[A-Z0-9]{1,6}$/, ACCOUNTING_TEXTS.journalCode)
      .describe(label),
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  );

const salesAccount = (rate: string) =>
  account(
    ACCOUNT_CLASSES.sales,
    ACCOUNTING_TEXTS.salesClass,
    rate === "default" ? "Ventes aux autres taux (classe 70)" : `Ventes à ${rate.replace(".", ",")}\u00a0% (classe 70)`,
  );
const vatAccount = (rate: string) =>
  account(
    ACCOUNT_CLASSES.vat,
    ACCOUNTING_TEXTS.vatClass,
    rate === "default"
      ? "TVA collectée aux autres taux (4457…)"
      : `TVA collectée à ${rate.replace(".", ",")}\u00a0% (4457…)`,
  );

/**
 * PUT /api/company/accounting: the FEC's accounts and journal codes, the whole resource (every key
 * required, as every PUT of the settings; docs/domain/accounting.md#accounts).
 */
export const accountingSettingsInputSchema = z
  .object({
    clients_account: account(ACCOUNT_CLASSES.clients, ACCOUNTING_TEXTS.clientsClass, "Clients (411…)"),
    deposits_account: account(
      ACCOUNT_CLASSES.deposits,
      ACCOUNTING_TEXTS.depositsClass,
      "Clients - Avances et acomptes reçus (4191…)",
    ),
    bank_account: account(ACCOUNT_CLASSES.bank, ACCOUNTING_TEXTS.bankClass, "Banque (51…)"),
    sales_account_20: salesAccount("20"),
    sales_account_10: salesAccount("10"),
    sales_account_5_5: salesAccount("5.5"),
    sales_account_0: salesAccount("0"),
    sales_account_other: salesAccount("default"),
    vat_account_20: vatAccount("20"),
    vat_account_10: vatAccount("10"),
    vat_account_5_5: vatAccount("5.5"),
    vat_account_2_1: vatAccount("2.1"),
    vat_account_other: vatAccount("default"),
    sales_journal: journalCode("Code du journal des ventes (VT)"),
    bank_journal: journalCode("Code du journal de banque (BQ)"),
  })
  .superRefine((input, ctx) => {
    if (input.sales_journal === input.bank_journal) {
      ctx.addIssue({
        code: "custom",
        path: ["bank_journal"],
        message: ACCOUNTING_TEXTS.journalsDistinct,
        input: input.bank_journal,
      });
    }
  });
export type AccountingSettingsInput = z.output<typeof accountingSettingsInputSchema>;

export const accountingSettingsSchema = z.object({
  clients_account: z.string(),
  deposits_account: z.string(),
  bank_account: z.string(),
  sales_account_20: z.string(),
  sales_account_10: z.string(),
  sales_account_5_5: z.string(),
  sales_account_0: z.string(),
  sales_account_other: z.string(),
  vat_account_20: z.string(),
  vat_account_10: z.string(),
  vat_account_5_5: z.string(),
  vat_account_2_1: z.string(),
  vat_account_other: z.string(),
  sales_journal: z.string(),
  bank_journal: z.string(),
  /** Its version: the `ETag` of the answer, sent back as `If-Match` by a save (ADR 0024). */
  updated_at: z.string(),
});
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;
export type AccountingSettingsFields = Omit<AccountingSettings, "updated_at">;

/** The stored accounts over the defaults: a key never saved (or one added since) reads as the PCG's default. */
export function withDefaultAccounts(stored: Partial<AccountingAccounts> | null | undefined): AccountingAccounts {
  return {
    ...DEFAULT_ACCOUNTS,
    ...stored,
    sales: { ...DEFAULT_ACCOUNTS.sales, ...stored?.sales },
    vat: { ...DEFAULT_ACCOUNTS.vat, ...stored?.vat },
    journals: { ...DEFAULT_ACCOUNTS.journals, ...stored?.journals },
  };
}

/** The accounts as the settings publish them. */
export function accountingSettingsOf(accounts: AccountingAccounts): AccountingSettingsFields {
  const rates = (kind: "sales" | "vat", list: readonly string[]) =>
    Object.fromEntries(
      [...list, "default"].map((rate) => [rateKey(kind, rate), accounts[kind][rate] ?? accounts[kind].default ?? ""]),
    );
  return {
    clients_account: accounts.clients,
    deposits_account: accounts.deposits,
    bank_account: accounts.bank,
    ...rates("sales", SALES_ACCOUNT_RATES),
    ...rates("vat", VAT_ACCOUNT_RATES),
    sales_journal: accounts.journals.sales,
    bank_journal: accounts.journals.bank,
  } as AccountingSettingsFields;
}

/** The accounts a saved body gives (the auxiliary accounts' prefix kept). */
export function accountsOf(input: AccountingSettingsInput, clientAuxPrefix = DEFAULT_ACCOUNTS.clientAuxPrefix) {
  const body = input as unknown as Record<string, string>;
  const rates = (kind: "sales" | "vat", list: readonly string[]) =>
    Object.fromEntries([...list, "default"].map((rate) => [rate, body[rateKey(kind, rate)] ?? ""]));
  return {
    clients: input.clients_account,
    deposits: input.deposits_account,
    bank: input.bank_account,
    sales: rates("sales", SALES_ACCOUNT_RATES),
    vat: rates("vat", VAT_ACCOUNT_RATES),
    clientAuxPrefix,
    journals: { sales: input.sales_journal, bank: input.bank_journal },
  } satisfies AccountingAccounts;
}
