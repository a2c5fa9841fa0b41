import type { Db } from "@server/db/client";
import { addDays } from "@shared/dates";
import type { Reminders } from "@shared/messages";
import { sql } from "drizzle-orm";
import { overdueSql } from "../invoices/invoices.queries";

/** Midnight of `day` in Paris, as a timestamp: the business day's start. */
const parisMidnight = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE 'Europe/Paris')`;

/** The latest reminder message of a document (outbox_messages_document_idx), null when never reminded. */
const lastReminder = (type: "quote" | "invoice", alias: string) => {
  const d = sql.raw(alias);
  const kind = type === "quote" ? "quote_reminder" : "invoice_reminder";
  return sql`(SELECT max(m.created_at) FROM outbox_messages m
     WHERE m.company_id = ${d}.company_id AND m.document_type = ${type} AND m.document_id = ${d}.id
       AND m.kind = ${kind})`;
};

/** No reminder of the document since `since`'s midnight (outbox_messages_document_idx). */
const notRemindedSince = (type: "quote" | "invoice", alias: string, since: string) => {
  const d = sql.raw(alias);
  const kind = type === "quote" ? "quote_reminder" : "invoice_reminder";
  return sql`NOT EXISTS (SELECT 1 FROM outbox_messages m
     WHERE m.company_id = ${d}.company_id AND m.document_type = ${type} AND m.document_id = ${d}.id
       AND m.kind = ${kind} AND m.created_at >= ${parisMidnight(since)})`;
};

/**
 * The « À relancer » rule of a quote (docs/domain/messages.md#to-remind), also the home's quote alerts
 * (issue 32: one rule, ADR 0028): sent (or reminded) and still unanswered and valid, sent before
 * `since`'s midnight and not reminded since then.
 */
export const quoteToRemindSql = (alias: string, companyId: string, today: string, since: string) => {
  const q = sql.raw(alias);
  return sql`${q}.company_id = ${companyId}
    AND ${q}.status IN ('envoye au client', 'client relance')
    AND ${q}.sent_at < ${parisMidnight(since)}
    AND (${q}.valid_until IS NULL OR ${q}.valid_until >= ${today}::date)
    AND ${notRemindedSince("quote", alias, since)}`;
};

/** Sent (or last reminded) `afterDays` days ago or more: before the midnight that starts today − N + 1. */
export const reminderSince = (today: string, afterDays: number) => addDays(today, -afterDays + 1);

/** The « À relancer » rule of an invoice: overdue, not reminded since `since`'s midnight. */
export const invoiceToRemindSql = (alias: string, companyId: string, today: string, since: string) => {
  const i = sql.raw(alias);
  return sql`${i}.company_id = ${companyId} AND ${overdueSql(alias, today)}
    AND ${notRemindedSince("invoice", alias, since)}`;
};

/** The one day count (issue 32): calendar days in Paris from a quote's sending to `today`. */
export const daysSinceSentSql = (alias: string, today: string) =>
  sql`(${today}::date - (${sql.raw(alias)}.sent_at AT TIME ZONE 'Europe/Paris')::date)`;

type Row<T> = T & { last_reminded_at: string | Date | null };
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * « À relancer » (docs/domain/messages.md#to-remind): each list one statement, oldest first, `limit` at
 * most. `since` is the first business day not yet « N days ago » (today − N + 1): a document sent, or
 * reminded, before its midnight is due.
 */
export const remindersRepository = {
  /**
   * Quotes sent (or reminded) and still unanswered and valid, sent before `since` and not reminded
   * since then (quotes_company_pending_validity_idx); the latest reminder read for the rows kept only.
   */
  async quotes(tx: Db, companyId: string, today: string, since: string, limit: number): Promise<Reminders["quotes"]> {
    const { rows } = await tx.execute<
      Row<{
        id: string;
        reference: string;
        name: string;
        client_name: string | null;
        total: string;
        sent_at: Date | string;
        days: number;
      }>
    >(sql`
      SELECT x.*, ${lastReminder("quote", "x")} AS last_reminded_at FROM (
        SELECT q.id, q.company_id, q.reference, q.name, c.name AS client_name, q.total, q.sent_at,
          ${daysSinceSentSql("q", today)} AS days
        FROM quotes q
        LEFT JOIN clients c ON c.company_id = q.company_id AND c.id = q.client_id
        WHERE ${quoteToRemindSql("q", companyId, today, since)}
        ORDER BY q.sent_at, q.reference
        LIMIT ${limit}
      ) x
      ORDER BY x.sent_at, x.reference`);
    return rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      name: r.name,
      client_name: r.client_name,
      total: Number(r.total),
      sent_at: new Date(r.sent_at).toISOString(),
      days: Number(r.days),
      last_reminded_at: iso(r.last_reminded_at),
    }));
  },

  /**
   * Invoices overdue (overdueSql: the list's « En retard »), not reminded since `since`, the most
   * late first: invoices_company_status_due_idx walked in due-date order up to the limit (2,355 overdue
   * in the bench's company: 195 ms when each one's latest reminder was read before the limit, 1.6 ms).
   */
  async invoices(
    tx: Db,
    companyId: string,
    today: string,
    since: string,
    limit: number,
  ): Promise<Reminders["invoices"]> {
    const { rows } = await tx.execute<
      Row<{
        id: string;
        reference: string;
        client_name: string | null;
        remaining: string;
        due_date: string;
        days_late: number;
      }>
    >(sql`
      SELECT x.*, ${lastReminder("invoice", "x")} AS last_reminded_at FROM (
        SELECT i.id, i.company_id, i.reference, coalesce(i.client_snapshot->>'name', c.name) AS client_name,
          (i.total - i.paid_amount) AS remaining, i.due_date::text AS due_date,
          (${today}::date - i.due_date) AS days_late
        FROM invoices i
        LEFT JOIN clients c ON c.company_id = i.company_id AND c.id = i.client_id
        WHERE ${invoiceToRemindSql("i", companyId, today, since)}
        -- By the date itself (not its text): the walk of invoices_company_status_due_idx stops at the limit.
        ORDER BY i.due_date, i.reference
        LIMIT ${limit}
      ) x
      ORDER BY x.due_date, x.reference`);
    return rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      client_name: r.client_name,
      remaining: Number(r.remaining),
      due_date: r.due_date,
      days_late: Number(r.days_late),
      last_reminded_at: iso(r.last_reminded_at),
    }));
  },
};
