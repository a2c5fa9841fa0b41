import type { Database } from "@server/db/client";
import { type AuthContext, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  ACCOUNTING_TEXTS,
  type AccountingSettings,
  type AccountingSettingsInput,
  accountingSettingsOf,
  accountsOf,
} from "@shared/accounting";
import { parisToday } from "@shared/dates";
import { companyInfoQueries } from "../company/company.queries";
import { journalQueries } from "../journal/journal.queries";
import { accountingRepository } from "./accounting.repository";
import { buildFec } from "./fec";

/**
 * The FEC is an export of the invoices for the accountant, as their ZIP; its accounts are settings of
 * the company, read and changed as the others (docs/domain/accounting.md).
 */
export const ACCOUNTING_ACCESS = permissions({
  fec: "invoices:view",
  settings: "settings:view",
  saveSettings: "settings:edit",
});

export function createAccountingService(db: Database) {
  const published = ({ accounts, updatedAt }: Awaited<ReturnType<typeof accountingRepository.accounts>>) => ({
    ...accountingSettingsOf(accounts),
    updated_at: updatedAt,
  });

  return {
    /**
     * The FEC of `year` (this year by default): the journal's sales and money entries whose document or payment is dated in the
     * year (read from the year's first day to the end of the next year's January, when late entries of
     * the year are recorded), in the journal's order, with the company's accounts. 409 without a SIREN (the file's name needs it).
     */
    async fec(auth: AuthContext, year = Number(parisToday().slice(0, 4))) {
      const { companyId, scope } = tenant(auth, ACCOUNTING_ACCESS.fec, ACCOUNTING_TEXTS.companyRequired);
      return db.run(scope, async (tx) => {
        const company = await companyInfoQueries.forDocuments(tx, companyId);
        const siren = company.siret?.replace(/\s/g, "").slice(0, 9);
        if (siren?.length !== 9) throw errors.conflict(ACCOUNTING_TEXTS.sirenRequired);
        const { accounts } = await accountingRepository.accounts(tx, companyId);
        const entries = await journalQueries.ofKinds(
          tx,
          companyId,
          ["invoice", "credit_note", "payment", "payment_reversal", "refund"],
          `${year}-01-01`,
          `${year + 1}-02-01`,
        );
        return buildFec(entries, accounts, { siren, year });
      });
    },
    /** The accounts and journal codes of « Comptabilité » (the PCG's defaults until saved). */
    async settings(auth: AuthContext): Promise<AccountingSettings> {
      const t = tenant(auth, ACCOUNTING_ACCESS.settings, ACCOUNTING_TEXTS.settingsRequired);
      return db.run(t.scope, async (tx) => published(await accountingRepository.accounts(tx, t.companyId)));
    },
    async saveSettings(
      auth: AuthContext,
      input: AccountingSettingsInput,
      version?: ExpectedVersion,
    ): Promise<AccountingSettings> {
      const t = tenant(auth, ACCOUNTING_ACCESS.saveSettings, ACCOUNTING_TEXTS.settingsRequired);
      return db.run(t.scope, async (tx) => {
        await accountingRepository.lockVersion(tx, t.companyId, version);
        const { accounts } = await accountingRepository.accounts(tx, t.companyId);
        await accountingRepository.save(tx, t.companyId, accountsOf(input, accounts.clientAuxPrefix));
        return published(await accountingRepository.accounts(tx, t.companyId));
      });
    },
  };
}
