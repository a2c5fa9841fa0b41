import type { Db } from "@server/db/client";
import { uuidArray } from "@server/db/sql";
import type { ProjectStatus } from "@shared/projects";
import { type SQL, sql } from "drizzle-orm";
import { daysSinceSentSql, invoiceToRemindSql, quoteToRemindSql } from "../reminders/reminders.queries";
import { needsAttentionSql } from "../vehicles/vehicles.queries";

/**
 * The home's figures (docs/domain/dashboard.md): each endpoint is one statement, its parts sub-selects
 * read from their own index (docs/domain/dashboard.md#performance). Every part filters by company_id
 * itself (RLS is the second lock). No rule of who may see what here: the service says which parts to
 * read and which teams' worksites.
 */

type Numeric = string | number | null;
const num = (v: Numeric | undefined): number => Number(v ?? 0);
/** Euros summed by PostgreSQL (numeric, exact) to a number with two decimals. */
const euros = (v: Numeric | undefined): number => Math.round(num(v) * 100) / 100;

/** The worksites of these teams only (null: every worksite of the company). */
const teamFilter = (alias: string, teamIds: readonly string[] | null): SQL =>
  teamIds ? sql`AND ${sql.raw(alias)}.team_id = ANY(${uuidArray(teamIds)}::uuid[])` : sql``;

/** The Paris midnight that starts `day` (yyyy-mm-dd), as a timestamptz. */
const parisMidnight = (day: string): SQL => sql`(${day}::date::timestamp AT TIME ZONE 'Europe/Paris')`;

/** This moment one month ago (31 March → 28 or 29 February): what the KPI cards compare with. */
const MONTH_AGO = sql`(now() - interval '1 month')`;

const PENDING = sql`('envoye au client', 'client relance')`;
const ACTIVE = sql`('à faire', 'en cours', 'en pause')`;

/**
 * Revenue (docs/domain/dashboard.md#revenue): an issued document (not a draft; a cancelled invoice stays
 * in its month, its credit note takes it back in its own) counts its amount excluding VAT, total −
 * tax_amount — a final invoice's is net of the deposits it deducts — and a credit note (stored positive)
 * the opposite.
 */
const ISSUED = sql`i.status <> 'draft'`;
const NET_HT = sql`CASE WHEN i.kind = 'credit_note' THEN i.tax_amount - i.total ELSE i.total - i.tax_amount END`;

export interface StatsParts {
  today: string;
  /** Revenue of this month to date and of last month's same days (null: not read). */
  revenue: { current: { start: string; end: string }; previous: { start: string; end: string } } | null;
  /** Clients with a document dated from this day (null: not read). */
  clientsSince: string | null;
  /** The worksites' figures over these teams (null teamIds: all), satisfaction from these days. */
  projects: { teamIds: readonly string[] | null; since: string; sinceMonthAgo: string } | null;
  quotes: boolean;
  /** Vehicles whose earliest date falls on or before this day (null: not read). */
  vehiclesDueBy: string | null;
}

export interface StatsRow {
  revenue: { current: number; previous: number } | null;
  activeClients: number | null;
  projects: {
    active: number;
    activeMonthAgo: number;
    satisfied: number;
    answered: number;
    satisfiedMonthAgo: number;
    answeredMonthAgo: number;
  } | null;
  quotes: { pending: number; old: number; pendingMonthAgo: number } | null;
  vehicles: number | null;
}

/** A worksite occupying today, before its day of the span and progress are computed. */
export type TodayRow = {
  id: string;
  name: string;
  reference: string;
  status: ProjectStatus;
  address: string | null;
  start_date: string;
  estimated_duration_days: number | null;
  team: string | null;
  task_count: number;
  done_count: number;
};

export type ActiveRow = {
  id: string;
  name: string;
  reference: string;
  status: ProjectStatus;
  team: string | null;
  task_count: number;
  done_count: number;
};

export interface AlertRows {
  quotes: {
    count: number;
    rows: { id: string; reference: string; name: string; sent_at: string; days: number }[];
  } | null;
  invoices: {
    count: number;
    rows: { id: string; reference: string; client: string; due_date: string; remaining: Numeric }[];
  } | null;
  vehicles: {
    count: number;
    rows: {
      id: string;
      name: string;
      registration_number: string | null;
      next_service_date: string | null;
      next_inspection_date: string | null;
      insurance_expiry_date: string | null;
    }[];
  } | null;
}

export const dashboardRepository = {
  /** The KPI figures asked for, in one statement of sub-selects (docs/domain/dashboard.md#stats). */
  async stats(tx: Db, companyId: string, parts: StatsParts): Promise<StatsRow> {
    const columns: SQL[] = [];
    if (parts.revenue) {
      const { current, previous } = parts.revenue;
      // Both periods in one range scan of invoices_company_date_figures_idx (index only).
      columns.push(sql`(
        SELECT json_build_object(
          'current', coalesce(sum(${NET_HT}) FILTER (WHERE i.date >= ${current.start}::date), 0),
          'previous', coalesce(sum(${NET_HT}) FILTER (WHERE i.date <= ${previous.end}::date), 0))
        FROM invoices i
        WHERE i.company_id = ${companyId} AND ${ISSUED}
          AND i.date >= ${previous.start}::date AND i.date <= ${current.end}::date) AS revenue`);
    }
    if (parts.clientsSince) {
      // clients.last_document_on, kept by the invoices' and quotes' triggers (drizzle/0030): one index range.
      columns.push(sql`(
        SELECT count(*)::int FROM clients c
        WHERE c.company_id = ${companyId} AND c.last_document_on >= ${parts.clientsSince}::date) AS active_clients`);
    }
    if (parts.projects) {
      const { teamIds, since, sinceMonthAgo } = parts.projects;
      // Active now, and those of them that existed a month ago (projects_company_status_idx) …
      columns.push(sql`(
        SELECT json_build_object('now', count(*), 'then', count(*) FILTER (WHERE p.created_at <= ${MONTH_AGO}))
        FROM projects p
        WHERE p.company_id = ${companyId} AND p.status IN ${ACTIVE} ${teamFilter("p", teamIds)}) AS active_projects`);
      // … and, among the delivered (projects_company_finished_idx), those still running a month ago and the
      // satisfaction answers of the 12 months, now and as of a month ago.
      columns.push(sql`(
        SELECT json_build_object(
          'running_then', count(*) FILTER (WHERE p.finished_at > ${MONTH_AGO} AND p.created_at <= ${MONTH_AGO}),
          'yes', count(*) FILTER (WHERE p.finished_at >= ${parisMidnight(since)} AND p.client_satisfied),
          'answered', count(*) FILTER (WHERE p.finished_at >= ${parisMidnight(since)} AND p.client_satisfied IS NOT NULL),
          'yes_then', count(*) FILTER (WHERE p.finished_at <= ${MONTH_AGO} AND p.client_satisfied),
          'answered_then', count(*) FILTER (WHERE p.finished_at <= ${MONTH_AGO} AND p.client_satisfied IS NOT NULL))
        FROM projects p
        WHERE p.company_id = ${companyId} AND p.finished_at IS NOT NULL
          AND p.finished_at >= ${parisMidnight(sinceMonthAgo)} ${teamFilter("p", teamIds)}) AS delivered`);
    }
    if (parts.quotes) {
      // Pending now (quotes_company_pending_sent_idx), and pending a month ago: sent by then and either
      // still pending or answered since (quotes_company_answered_idx).
      columns.push(sql`(
        SELECT json_build_object(
          'pending', count(*),
          'old', count(*) FILTER (WHERE q.sent_at < now() - make_interval(hours => 48)),
          'then', count(*) FILTER (WHERE q.sent_at <= ${MONTH_AGO})
            + (SELECT count(*) FROM quotes a
               WHERE a.company_id = ${companyId} AND a.answered_at IS NOT NULL AND a.answered_at > ${MONTH_AGO}
                 AND a.sent_at <= ${MONTH_AGO}))
        FROM quotes q WHERE q.company_id = ${companyId} AND q.status IN ${PENDING}) AS quotes`);
    }
    if (parts.vehiclesDueBy) {
      columns.push(sql`(
        SELECT count(*)::int FROM vehicles v
        WHERE v.company_id = ${companyId} AND ${needsAttentionSql("v", parts.vehiclesDueBy)}) AS vehicles`);
    }
    if (columns.length === 0) {
      return { revenue: null, activeClients: null, projects: null, quotes: null, vehicles: null };
    }
    const result = await tx.execute<{
      revenue?: { current: Numeric; previous: Numeric };
      active_clients?: number;
      active_projects?: { now: number; then: number };
      delivered?: { running_then: number; yes: number; answered: number; yes_then: number; answered_then: number };
      quotes?: { pending: number; old: number; then: number };
      vehicles?: number;
    }>(sql`SELECT ${sql.join(columns, sql`, `)}`);
    const row = result.rows[0] ?? {};
    const active = row.active_projects;
    const delivered = row.delivered;
    return {
      revenue: row.revenue ? { current: euros(row.revenue.current), previous: euros(row.revenue.previous) } : null,
      activeClients: row.active_clients ?? null,
      projects:
        active && delivered
          ? {
              active: num(active.now),
              activeMonthAgo: num(active.then) + num(delivered.running_then),
              satisfied: num(delivered.yes),
              answered: num(delivered.answered),
              satisfiedMonthAgo: num(delivered.yes_then),
              answeredMonthAgo: num(delivered.answered_then),
            }
          : null,
      quotes: row.quotes
        ? { pending: num(row.quotes.pending), old: num(row.quotes.old), pendingMonthAgo: num(row.quotes.then) }
        : null,
      vehicles: row.vehicles ?? null,
    };
  },

  /**
   * The worksites of these teams (null: all) whose span holds `today` (docs/domain/planning.md#days: from
   * their start over their working days, a weekend day only as the start day), neither cancelled nor
   * delivered, by team then reference (projects_company_end_idx), with their task figures.
   */
  async today(tx: Db, companyId: string, today: string, teamIds: readonly string[] | null, limit: number) {
    const result = await tx.execute<TodayRow>(sql`
      SELECT p.id, p.name, p.reference, p.status, p.address, p.start_date::text AS start_date,
             p.estimated_duration_days, t.name AS team, tk.task_count, tk.done_count
      FROM projects p
      LEFT JOIN teams t ON t.company_id = ${companyId} AND t.id = p.team_id
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS task_count, (count(*) FILTER (WHERE x.is_done))::int AS done_count
        FROM project_tasks x WHERE x.company_id = ${companyId} AND x.project_id = p.id
      ) tk ON true
      WHERE p.company_id = ${companyId} AND p.status IN ${ACTIVE}
        AND p.end_date >= ${today}::date AND p.start_date <= ${today}::date
        AND (p.start_date = ${today}::date OR extract(isodow FROM ${today}::date) < 6)
        ${teamFilter("p", teamIds)}
      ORDER BY fold(t.name) NULLS LAST, p.reference
      LIMIT ${limit}`);
    return result.rows;
  },

  /** The first `limit` worksites à faire, en cours or en pause of these teams: en cours first, then by start. */
  async active(tx: Db, companyId: string, teamIds: readonly string[] | null, limit: number) {
    const result = await tx.execute<ActiveRow>(sql`
      WITH page AS MATERIALIZED (
        SELECT p.id, p.name, p.reference, p.status, p.team_id, p.start_date FROM projects p
        WHERE p.company_id = ${companyId} AND p.status IN ${ACTIVE} ${teamFilter("p", teamIds)}
        ORDER BY p.status <> 'en cours', p.start_date NULLS LAST, p.reference
        LIMIT ${limit}
      )
      SELECT p.id, p.name, p.reference, p.status, t.name AS team, tk.task_count, tk.done_count
      FROM page p
      LEFT JOIN teams t ON t.company_id = ${companyId} AND t.id = p.team_id
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS task_count, (count(*) FILTER (WHERE x.is_done))::int AS done_count
        FROM project_tasks x WHERE x.company_id = ${companyId} AND x.project_id = p.id
      ) tk ON true
      ORDER BY p.status <> 'en cours', p.start_date NULLS LAST, p.reference`);
    return result.rows;
  },

  /**
   * What needs action (docs/domain/dashboard.md#alerts), the kinds asked for: the count of each and its
   * first `limit`, most urgent first — the quotes and invoices « À relancer » (sent or reminded before
   * `since`; ADR 0028), sent or due longest ago first, vehicles « à surveiller » (earliest date first).
   * One statement.
   */
  async alerts(
    tx: Db,
    companyId: string,
    kinds: { quotes: boolean; invoices: boolean; vehicles: boolean },
    today: string,
    since: string,
    dueBy: string,
    limit: number,
  ): Promise<AlertRows> {
    // Issue 32 (ADR 0028): the « À relancer » rule and day count, the company's delay (`since`).
    const oldPending = quoteToRemindSql("q", companyId, today, since);
    const overdue = invoiceToRemindSql("i", companyId, today, since);
    const due = sql`v.company_id = ${companyId} AND ${needsAttentionSql("v", dueBy)}`;
    const columns: SQL[] = [];
    if (kinds.quotes) {
      columns.push(sql`(
        SELECT json_build_object('count', (SELECT count(*) FROM quotes q WHERE ${oldPending}),
          'rows', coalesce(json_agg(x ORDER BY x.sent_at, x.reference), '[]'::json))
        FROM (SELECT q.id, q.reference, q.name, q.sent_at, ${daysSinceSentSql("q", today)} AS days
              FROM quotes q WHERE ${oldPending}
              ORDER BY q.sent_at, q.reference LIMIT ${limit}) x) AS quotes`);
    }
    if (kinds.invoices) {
      columns.push(sql`(
        SELECT json_build_object('count', (SELECT count(*) FROM invoices i WHERE ${overdue}),
          'rows', coalesce(json_agg(x ORDER BY x.due_date, x.reference), '[]'::json))
        FROM (SELECT i.id, i.reference, coalesce(i.client_snapshot->>'name', c.name) AS client,
                     i.due_date::text AS due_date, i.total - i.paid_amount AS remaining
              FROM invoices i JOIN clients c ON c.company_id = ${companyId} AND c.id = i.client_id
              WHERE ${overdue} ORDER BY i.due_date, i.reference LIMIT ${limit}) x) AS invoices`);
    }
    if (kinds.vehicles) {
      columns.push(sql`(
        SELECT json_build_object('count', (SELECT count(*) FROM vehicles v WHERE ${due}),
          'rows', coalesce(json_agg(x ORDER BY x.next_due_date, x.lower_name, x.id), '[]'::json))
        FROM (SELECT v.id, v.name, v.registration_number, v.next_service_date::text AS next_service_date,
                     v.next_inspection_date::text AS next_inspection_date,
                     v.insurance_expiry_date::text AS insurance_expiry_date, v.next_due_date, fold(v.name) AS lower_name
              FROM vehicles v WHERE ${due} ORDER BY v.next_due_date, fold(v.name), v.id LIMIT ${limit}) x) AS vehicles`);
    }
    if (columns.length === 0) return { quotes: null, invoices: null, vehicles: null };
    const result = await tx.execute<{
      quotes?: AlertRows["quotes"];
      invoices?: AlertRows["invoices"];
      vehicles?: AlertRows["vehicles"];
    }>(sql`SELECT ${sql.join(columns, sql`, `)}`);
    const row = result.rows[0] ?? {};
    return { quotes: row.quotes ?? null, invoices: row.invoices ?? null, vehicles: row.vehicles ?? null };
  },

  /**
   * The months from `start` to `today`: invoiced (revenue's definition) and collected (payments by
   * their date) per month — summed by day first, then by month (`to_char` once a day, not once a row) —, and the quotes answered since `start` (accepted: validé; answered: validé or
   * refusé). One statement, three index-only scans.
   */
  async history(tx: Db, companyId: string, start: string, today: string) {
    const result = await tx.execute<{
      invoiced: { month: string; amount: Numeric }[];
      collected: { month: string; amount: Numeric }[];
      quotes: { answered: number; accepted: number };
    }>(sql`
      SELECT
        (SELECT coalesce(json_agg(json_build_object('month', x.month, 'amount', x.amount)), '[]'::json)
         FROM (SELECT to_char(d.day, 'YYYY-MM') AS month, sum(d.amount) AS amount
               FROM (SELECT i.date AS day, sum(${NET_HT}) AS amount FROM invoices i
                     WHERE i.company_id = ${companyId} AND ${ISSUED} AND i.date >= ${start}::date AND i.date <= ${today}::date
                     GROUP BY 1) d
               GROUP BY 1) x) AS invoiced,
        (SELECT coalesce(json_agg(json_build_object('month', x.month, 'amount', x.amount)), '[]'::json)
         FROM (SELECT to_char(d.day, 'YYYY-MM') AS month, sum(d.amount) AS amount
               FROM (SELECT m.day, sum(m.amount) AS amount
                     -- A cancelled payment (issue 34) is left out: both partial indexes skip it.
                     FROM (SELECT p.date AS day, p.amount FROM invoice_payments p
                           WHERE p.company_id = ${companyId} AND p.cancelled_at IS NULL
                             AND p.date >= ${start}::date AND p.date <= ${today}::date
                           -- A payment by « Avoir » brought no money (ADR 0030): taken off, from its own index.
                           UNION ALL
                           SELECT p.date, -p.amount FROM invoice_payments p
                           WHERE p.company_id = ${companyId} AND p.credit_note_id IS NOT NULL AND p.cancelled_at IS NULL
                             AND p.date >= ${start}::date AND p.date <= ${today}::date) m
                     GROUP BY 1) d
               GROUP BY 1) x) AS collected,
        (SELECT json_build_object('answered', count(*) FILTER (WHERE q.status IN ('valide', 'refuse')),
                                  'accepted', count(*) FILTER (WHERE q.status = 'valide'))
         FROM quotes q
         WHERE q.company_id = ${companyId} AND q.answered_at IS NOT NULL
           AND q.answered_at >= ${parisMidnight(start)}) AS quotes`);
    const row = result.rows[0];
    const byMonth = (rows: { month: string; amount: Numeric }[] | undefined) =>
      new Map((rows ?? []).map((r) => [r.month, euros(r.amount)]));
    return {
      invoiced: byMonth(row?.invoiced),
      collected: byMonth(row?.collected),
      answered: num(row?.quotes.answered),
      accepted: num(row?.quotes.accepted),
    };
  },
};
