/**
 * What invoices publishes to other modules (docs/conventions.md « Ce qu'un module publie »); the
 * repository stays private to invoices.
 * - `overdueSql`: the one « en retard » rule of an invoice, for reminders (invoices to remind).
 */
export { overdueSql } from "./invoices.repository";
