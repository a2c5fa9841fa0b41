import type { Db } from "@server/db/client";
import { containsPattern, folded } from "@server/lib/search";
import { type CompanyStatus, companyStatus, type Plan, type PlatformCompany } from "@shared/accounts";
import { type SQL, sql } from "drizzle-orm";

/**
 * The SuperAdmin's reads and writes over the companies (docs/domain/accounts.md#superadmin-platform).
 * Run in the platform scope. Only companies, their users' counts and their sign-in times are read:
 * never a company's business data.
 */

type RawCompany = {
  id: string;
  name: string;
  created_at: Date | string;
  status: string;
  plan: Plan;
  trial_ends_at: string | null;
  siret: string | null;
  email_contact: string | null;
  city: string | null;
  users: number;
  last_activity_at: Date | string | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toCompany(row: RawCompany): PlatformCompany {
  const suspended = row.status === "suspended";
  return {
    id: row.id,
    name: row.name,
    created_at: iso(row.created_at),
    status: companyStatus({ suspended, plan: row.plan }),
    suspended,
    plan: row.plan,
    trial_ends_at: row.trial_ends_at,
    users: row.users,
    last_activity_at: row.last_activity_at === null ? null : iso(row.last_activity_at),
    siret: row.siret,
    email_contact: row.email_contact,
    city: row.city,
  };
}

/**
 * The platform's figures of the companies of `page` (a CTE of companies rows): their active users, and
 * their last activity — the latest sign-in (users.last_login_at) or use of a session
 * (sessions.last_used_at) of any of their users. Per row, through users_company_idx and
 * sessions_user_idx: the page's rows only.
 */
const withFigures = (extra: SQL = sql``) => sql`
  SELECT c.id, c.name, c.created_at, c.status, c.plan, c.trial_ends_at::text AS trial_ends_at,
         c.siret, c.email_contact, c.city, f.users, f.last_activity_at ${extra}
  FROM page c
  CROSS JOIN LATERAL (
    SELECT (count(*) FILTER (WHERE u.is_active))::int AS users,
           max(greatest(u.last_login_at,
                        (SELECT max(s.last_used_at) FROM sessions s WHERE s.user_id = u.id))) AS last_activity_at
    FROM users u
    WHERE u.company_id = c.id
  ) f`;

/** The derived status (src/shared/accounts.ts companyStatus) as a condition on companies `c`. */
function statusCondition(status: CompanyStatus): SQL {
  switch (status) {
    case "inactif":
      return sql`c.status = 'suspended'`;
    case "essai":
      return sql`c.status = 'active' AND c.plan = 'essai'`;
    case "actif":
      return sql`c.status = 'active' AND c.plan <> 'essai'`;
  }
}

/** A company whose figures call for the SuperAdmin's attention (docs/domain/accounts.md#alerts). */
export interface AlertCandidate {
  id: string;
  name: string;
  plan: Plan;
  trial_ends_at: string | null;
  created_at: Date;
  last_activity_at: Date | null;
}

export const superadminRepository = {
  /**
   * One page of companies, the most recently created first, and the total: `search` in the name,
   * accents and case aside as every search (fold() on both sides, ADR 0032; companies_name_trgm_idx is
   * on fold(name)), the derived status and the plan.
   */
  async list(
    tx: Db,
    filters: { search?: string; status?: CompanyStatus; plan?: Plan },
    page: { limit: number; offset: number },
  ): Promise<{ data: PlatformCompany[]; total: number }> {
    const conditions: SQL[] = [sql`true`];
    if (filters.search) {
      conditions.push(sql`${folded(sql`c.name`)} LIKE ${containsPattern(filters.search)}`);
    }
    if (filters.status) conditions.push(statusCondition(filters.status));
    if (filters.plan) conditions.push(sql`c.plan = ${filters.plan}`);
    const where = sql.join(conditions, sql` AND `);
    const result = await tx.execute<RawCompany & { total: number }>(sql`
      WITH page AS (
        SELECT c.*, (count(*) OVER ())::int AS total
        FROM companies c
        WHERE ${where}
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      )
      ${withFigures(sql`, c.total`)}
      ORDER BY c.created_at DESC, c.id DESC`);
    let total = result.rows[0]?.total ?? 0;
    if (result.rows.length === 0 && page.offset > 0) {
      const counted = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies c WHERE ${where}`);
      total = counted.rows[0]?.n ?? 0;
    }
    return { data: result.rows.map(toCompany), total };
  },

  async find(tx: Db, id: string): Promise<PlatformCompany | undefined> {
    const result = await tx.execute<RawCompany>(sql`
      WITH page AS (SELECT * FROM companies WHERE id = ${id})
      ${withFigures()}`);
    const row = result.rows[0];
    return row ? toCompany(row) : undefined;
  },

  /** The subscription of a company, locked for its change. */
  async subscription(tx: Db, id: string): Promise<{ plan: Plan; trial_ends_at: string | null } | undefined> {
    const result = await tx.execute<{ plan: Plan; trial_ends_at: string | null }>(
      sql`SELECT plan, trial_ends_at::text AS trial_ends_at FROM companies WHERE id = ${id} FOR UPDATE`,
    );
    return result.rows[0];
  },

  async setSubscription(tx: Db, id: string, input: { plan: Plan; trialEndsAt: string | null }): Promise<void> {
    await tx.execute(sql`
      UPDATE companies SET plan = ${input.plan}, trial_ends_at = ${input.trialEndsAt}::date, updated_at = now()
      WHERE id = ${id}`);
  },

  /** Sets 'active' or 'suspended'; false for an unknown company. */
  async setStatus(tx: Db, id: string, status: "active" | "suspended"): Promise<boolean> {
    const result = await tx.execute<{ id: string }>(sql`
      UPDATE companies SET status = ${status}, updated_at = now() WHERE id = ${id} RETURNING id`);
    return result.rows.length === 1;
  },

  /** Revokes every live session of the company's users at once (one statement). */
  async revokeCompanySessions(tx: Db, companyId: string, reason: string): Promise<void> {
    await tx.execute(sql`
      UPDATE sessions SET revoked_at = now(), revoked_reason = ${reason}
      WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE company_id = ${companyId})`);
  },

  /**
   * The platform's figures in one statement: every company, the subscriptions (not suspended, not a
   * trial), the active users of companies, the companies created since the first of the month (Paris).
   */
  async kpis(tx: Db): Promise<{
    companies: number;
    active_subscriptions: number;
    users: number;
    new_companies_this_month: number;
  }> {
    const result = await tx.execute<{
      companies: number;
      active_subscriptions: number;
      users: number;
      new_companies_this_month: number;
    }>(sql`
      SELECT
        (SELECT count(*) FROM companies)::int AS companies,
        (SELECT count(*) FROM companies WHERE status = 'active' AND plan <> 'essai')::int AS active_subscriptions,
        (SELECT count(*) FROM users WHERE company_id IS NOT NULL AND is_active)::int AS users,
        (SELECT count(*) FROM companies
          WHERE created_at >= (date_trunc('month', now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris')
        )::int AS new_companies_this_month`);
    const row = result.rows[0];
    if (!row) throw new Error("no figures");
    return row;
  },

  /**
   * The companies (not suspended) with no activity of any user since `inactiveSince` (counted from
   * their creation when no user ever signed in), or on a trial that ends on `trialLimit` or before; in
   * one statement, the last activity of every company grouped at once.
   */
  async alertCandidates(tx: Db, inactiveSince: Date, trialLimit: string): Promise<AlertCandidate[]> {
    const result = await tx.execute<
      Omit<AlertCandidate, "created_at" | "last_activity_at"> & {
        created_at: Date | string;
        last_activity_at: Date | string | null;
      }
    >(sql`
      WITH activity AS (
        SELECT u.company_id, max(greatest(u.last_login_at, s.last_used_at)) AS last_activity_at
        FROM users u
        LEFT JOIN (SELECT user_id, max(last_used_at) AS last_used_at FROM sessions GROUP BY user_id) s
          ON s.user_id = u.id
        WHERE u.company_id IS NOT NULL
        GROUP BY u.company_id
      )
      SELECT c.id, c.name, c.plan, c.trial_ends_at::text AS trial_ends_at, c.created_at, a.last_activity_at
      FROM companies c
      LEFT JOIN activity a ON a.company_id = c.id
      WHERE c.status = 'active'
        AND (coalesce(a.last_activity_at, c.created_at) <= ${inactiveSince.toISOString()}::timestamptz
             OR (c.plan = 'essai' AND c.trial_ends_at <= ${trialLimit}::date))
      ORDER BY c.created_at, c.id`);
    return result.rows.map((r) => ({
      ...r,
      created_at: new Date(r.created_at),
      last_activity_at: r.last_activity_at === null ? null : new Date(r.last_activity_at),
    }));
  },
};
