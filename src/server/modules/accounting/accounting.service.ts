import type { Database } from "@server/db/client";
import { type AuthContext, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { ACCOUNTING_TEXTS, DEFAULT_ACCOUNTS } from "@shared/accounting";
import { parisToday } from "@shared/dates";
import { companyInfoQueries } from "../company/company.queries";
import { journalQueries } from "../journal/journal.queries";
import { buildFec } from "./fec";

/** The FEC is an export of the invoices for the accountant, as their ZIP (docs/domain/accounting.md). */
export const ACCOUNTING_ACCESS = permissions({ fec: "invoices:view" });

export function createAccountingService(db: Database) {
  return {
    /**
     * The FEC of `year` (this year by default): the journal's sales and money entries whose document or payment is dated in the
     * year (read from the year's first day to the end of the next year's January, when late entries of
     * the year are recorded), in the journal's order. 409 without a SIREN (the file's name needs it).
     */
    async fec(auth: AuthContext, year = Number(parisToday().slice(0, 4))) {
      const { companyId, scope } = tenant(auth, ACCOUNTING_ACCESS.fec, ACCOUNTING_TEXTS.companyRequired);
      return db.run(scope, async (tx) => {
        const company = await companyInfoQueries.forDocuments(tx, companyId);
        const siren = company.siret?.replace(/\s/g, "").slice(0, 9);
        if (siren?.length !== 9) throw errors.conflict(ACCOUNTING_TEXTS.sirenRequired);
        const entries = await journalQueries.ofKinds(
          tx,
          companyId,
          ["invoice", "credit_note", "payment", "payment_reversal", "refund"],
          `${year}-01-01`,
          `${year + 1}-02-01`,
        );
        return buildFec(entries, DEFAULT_ACCOUNTS, { siren, year });
      });
    },
  };
}
