import type { AccountingAccounts } from "@shared/accounting";
import { sql } from "drizzle-orm";
import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** 'active' | 'suspended' (a suspended company's users cannot sign in). */
  status: text("status").notNull().default("active"),
  /** The subscription (src/shared/accounts.ts PLANS): 'essai' | 'standard' | 'professionnel' | 'entreprise'. */
  plan: text("plan").notNull().default("standard"),
  /** The end of a trial ('essai'). */
  trialEndsAt: date("trial_ends_at"),
  // Identity shown on documents (docs/domain/company-settings.md#rules).
  logoFileId: uuid("logo_file_id"),
  address1: text("address1"),
  address2: text("address2"),
  zipCode: text("zip_code"),
  city: text("city"),
  country: text("country").notNull().default("France"),
  phoneContact: text("phone_contact"),
  emailContact: text("email_contact"),
  website: text("website"),
  siret: text("siret"),
  tvaNumber: text("tva_number"),
  // Mentions an invoice must carry (docs/decisions/0015-invoice-mentions.md).
  /** « SARL », « SAS », « EI »… */
  legalForm: text("legal_form"),
  /** Share capital in euros, as printed (« 10 000 € »): a company's, never an EI's. */
  shareCapital: text("share_capital"),
  /** Registration: « RCS Lyon 812 345 678 » or « RM 69 » (artisans). */
  registration: text("registration"),
  /** Décennale insurance (building trades, loi du 4 janvier 1978): insurer, policy, coverage area. */
  insurerName: text("insurer_name"),
  insurerPolicy: text("insurer_policy"),
  insuranceCoverage: text("insurance_coverage"),
  /** Franchise en base de TVA: invoices carry no VAT and « TVA non applicable, art. 293 B du CGI ». */
  vatFranchise: boolean("vat_franchise").notNull().default(false),
  // The account its invoices are paid to (docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants):
  // written in their Factur-X (BT-84, BT-86). Stored normalised: upper case, no spaces.
  iban: text("iban"),
  bic: text("bic"),
  // Commercial settings (docs/domain/company-settings.md#rules).
  quoteValidityDays: integer("quote_validity_days").notNull().default(30),
  /** VAT rate of a new quote line (docs/domain/company-settings.md#rules): 10 % is common in renovation. */
  defaultTaxRate: numeric("default_tax_rate", { precision: 5, scale: 2, mode: "number" }).notNull().default(20),
  /**
   * VAT rates the company's lines may carry besides those in force (Corsica, overseas: ADR 0020), each
   * 0 < rate < 100 with two decimals at most, highest first; none by default.
   */
  extraTaxRates: jsonb("extra_tax_rates").$type<number[]>().notNull().default([]),
  termsAndConditions: text("terms_and_conditions"),
  /**
   * Option pour le paiement de la taxe d'après les débits (CGI art. 269-2 c): printed on every invoice
   * (2026 reform), frozen in its seller; the Factur-X's VAT is then due at invoicing (BT-8).
   */
  vatOnDebits: boolean("vat_on_debits").notNull().default(false),
  /** « À relancer »: quotes sent more than this many days ago without answer (1 to 90; docs/domain/messages.md). */
  reminderAfterDays: integer("reminder_after_days").notNull().default(7),
  /**
   * The FEC's accounts and journal codes as saved in « Comptabilité » (docs/domain/accounting.md#accounts):
   * over `DEFAULT_ACCOUNTS` (the PCG's), which a company that never saved them reads (`withDefaultAccounts`).
   */
  accountingAccounts: jsonb("accounting_accounts")
    .$type<Partial<AccountingAccounts>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * The versions of the forms of the settings page, saved apart (ADR 0024): the identity (the logo
   * aside, a card of its own), the commercial settings, the message templates (the four as one) and the accounts. A
   * save of one never makes another stale.
   */
  infoUpdatedAt: timestamp("info_updated_at", { withTimezone: true }).notNull().defaultNow(),
  settingsUpdatedAt: timestamp("settings_updated_at", { withTimezone: true }).notNull().defaultNow(),
  messageTemplatesUpdatedAt: timestamp("message_templates_updated_at", { withTimezone: true }).notNull().defaultNow(),
  accountingUpdatedAt: timestamp("accounting_updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owning company of a tenant table's row: deleted with it, and what row-level security filters on
 * (docs/decisions/0003-tenant-isolation.md).
 */
export const companyIdColumn = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
