import type { Db } from "@server/db/client";
import type { ClientStats } from "@shared/clients";
import { PENDING_QUOTE_STATUSES } from "@shared/quote-rules";
import { sql } from "drizzle-orm";

/** A client's figures and documents, as its detail shows them (docs/domain/clients.md#figures). */
export const clientFiguresRepository = {
  /**
   * Commercial figures of one client (docs/domain/clients.md#figures), in SQL from its quotes, on the
   * business day `today` (Europe/Paris): a sent quote past its validity is expired, not pending. The
   * amounts are HT after discount (`net_ht`). Worksites: the average budget of those not cancelled and
   * the latest start date. Revenue: Σ total TTC of its issued invoices and deposit invoices not cancelled
   * (a cancelled invoice and its credit note cancel each other out; docs/domain/invoices.md#stats).
   */
  async stats(tx: Db, companyId: string, clientId: string, today: string): Promise<ClientStats> {
    const pending = sql.join(
      PENDING_QUOTE_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const expired = sql`coalesce(valid_until < ${today}::date, false)`;
    const result = await tx.execute<{
      total_quotes: number;
      quotes_accepted: number;
      quotes_pending: number;
      quotes_in_progress: number;
      quotes_expired: number;
      quotes_rejected: number;
      validated_amount_ht: string;
      pending_amount_ht: string;
      last_quote_date: string | null;
    }>(sql`
      SELECT count(*)::int AS total_quotes,
             (count(*) FILTER (WHERE status = 'valide'))::int AS quotes_accepted,
             (count(*) FILTER (WHERE status IN (${pending}) AND NOT ${expired}))::int AS quotes_pending,
             (count(*) FILTER (WHERE status = 'en cours de redaction'))::int AS quotes_in_progress,
             (count(*) FILTER (WHERE status IN (${pending}) AND ${expired}))::int AS quotes_expired,
             (count(*) FILTER (WHERE status = 'refuse'))::int AS quotes_rejected,
             coalesce(sum(net_ht) FILTER (WHERE status = 'valide'), 0) AS validated_amount_ht,
             coalesce(sum(net_ht) FILTER (WHERE status IN (${pending}) AND NOT ${expired}), 0) AS pending_amount_ht,
             to_char(max(date), 'YYYY-MM-DD') AS last_quote_date
      FROM quotes WHERE company_id = ${companyId} AND client_id = ${clientId}`);
    const row = result.rows[0];
    const works = await tx.execute<{ average: string | null; last: string | null }>(sql`
      SELECT round(avg(budget_total) FILTER (WHERE status <> 'annulé' AND budget_total IS NOT NULL), 2) AS average,
             max(start_date)::text AS last
      FROM projects WHERE company_id = ${companyId} AND client_id = ${clientId}`);
    const work = works.rows[0];
    const revenue = await tx.execute<{ total: string }>(sql`
      SELECT coalesce(sum(total), 0) AS total FROM invoices
      WHERE company_id = ${companyId} AND client_id = ${clientId} AND kind <> 'credit_note'
        AND status IN ('sent', 'paid')`);
    const accepted = row?.quotes_accepted ?? 0;
    const rejected = row?.quotes_rejected ?? 0;
    const decided = accepted + rejected;
    return {
      total_quotes: row?.total_quotes ?? 0,
      quotes_accepted: accepted,
      quotes_pending: row?.quotes_pending ?? 0,
      quotes_in_progress: row?.quotes_in_progress ?? 0,
      quotes_expired: row?.quotes_expired ?? 0,
      quotes_rejected: rejected,
      conversion_rate: decided === 0 ? 0 : Math.round((accepted / decided) * 1000) / 10,
      validated_amount_ht: Number(row?.validated_amount_ht ?? 0),
      pending_amount_ht: Number(row?.pending_amount_ht ?? 0),
      total_revenue: Number(revenue.rows[0]?.total ?? 0),
      average_project_value: Number(work?.average ?? 0),
      last_quote_date: row?.last_quote_date ?? null,
      last_project_date: work?.last ?? null,
    };
  },

  /** The client's worksites, latest start first, undated last (the detail's « Chantiers associés »). */
  async projects(tx: Db, companyId: string, clientId: string) {
    const result = await tx.execute<{
      id: string;
      reference: string;
      name: string;
      status: string;
      start_date: string | null;
    }>(sql`
      SELECT id, reference, name, status, start_date::text AS start_date
      FROM projects WHERE company_id = ${companyId} AND client_id = ${clientId}
      ORDER BY start_date DESC NULLS LAST, reference DESC LIMIT 200`);
    return result.rows;
  },

  /** The client's quotes, most recent first (the detail's 'Devis associés'). */
  async quotes(tx: Db, companyId: string, clientId: string) {
    const result = await tx.execute<{
      id: string;
      reference: string;
      name: string;
      status: string;
      date: string;
      total: string;
    }>(sql`
      SELECT id, reference, name, status, to_char(date, 'YYYY-MM-DD') AS date, total
      FROM quotes WHERE company_id = ${companyId} AND client_id = ${clientId}
      ORDER BY date DESC, reference DESC LIMIT 200`);
    return result.rows.map((r) => ({ ...r, total: Number(r.total) }));
  },
};
