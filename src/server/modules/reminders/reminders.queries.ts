/**
 * What reminders publishes to other modules (docs/conventions.md « Ce qu'un module publie »); the
 * repository stays private to reminders.
 * - `quoteToRemindSql`, `invoiceToRemindSql`, `daysSinceSentSql`, `reminderSince`: the one « À relancer »
 *   rule (ADR 0028), for the dashboard's alerts.
 */
export { daysSinceSentSql, invoiceToRemindSql, quoteToRemindSql, reminderSince } from "./reminders.repository";
