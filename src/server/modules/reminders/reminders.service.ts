/**
 * « À relancer » (issue 18, docs/domain/messages.md#to-remind): the quotes sent more than N days ago
 * without answer and the invoices overdue, N the company's « Relancer après N jours ».
 */
import type { Database } from "@server/db/client";
import { type AuthContext, can, permissions, scopeFor } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { parisToday } from "@shared/dates";
import type { Reminders } from "@shared/messages";
import { companySettingsQueries } from "../company/company.queries";
import { reminderSince, remindersRepository } from "./reminders.repository";

/**
 * Each list is read only with its own permission, empty otherwise: the route is open to a holder of
 * either (published as such, `anyPermission`), 403 for anyone else.
 */
export const REMINDERS_ACCESS = permissions({ quotes: "quotes:view", invoices: "invoices:view" });

/** Rows per list at most (the oldest first: the most urgent). */
export const REMINDERS_LIMIT = 100;

const REMINDER_TEXTS = { companyRequired: "Vous devez être connecté à une entreprise pour voir les relances" };

export function createRemindersService(db: Database, options: { today?: () => string } = {}) {
  const today = options.today ?? parisToday;
  return {
    async list(auth: AuthContext): Promise<Reminders> {
      const quotes = can(auth, REMINDERS_ACCESS.quotes);
      const invoices = can(auth, REMINDERS_ACCESS.invoices);
      if (!quotes && !invoices) throw errors.forbidden();
      if (!auth.companyId) throw errors.forbidden(REMINDER_TEXTS.companyRequired);
      const companyId = auth.companyId;
      const day = today();
      return db.run(scopeFor(companyId), async (tx) => {
        const afterDays = (await companySettingsQueries.get(tx, companyId)).reminder_after_days;
        // Sent (or last reminded) N days ago or more: before the midnight that starts today − N + 1.
        const since = reminderSince(day, afterDays);
        return {
          after_days: afterDays,
          quotes: quotes ? await remindersRepository.quotes(tx, companyId, day, since, REMINDERS_LIMIT) : [],
          invoices: invoices ? await remindersRepository.invoices(tx, companyId, day, since, REMINDERS_LIMIT) : [],
        };
      });
    },
  };
}
