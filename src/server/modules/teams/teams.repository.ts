import type { Db } from "@server/db/client";
import { teamMembers, teams, users } from "@server/db/schema";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import type { Team, TeamCandidate, TeamMember, TeamPerson } from "@shared/teams";
import { TEAM_LIMITS } from "@shared/teams";
import { and, eq, inArray, sql } from "drizzle-orm";

type RawTeam = {
  id: string;
  name: string;
  description: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  member_count: number | null;
  leader: TeamPerson | null;
  members_preview: TeamPerson[] | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function toTeam(row: RawTeam): Team {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    member_count: Number(row.member_count ?? 0),
    leader: row.leader,
    members_preview: row.members_preview ?? [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The figures of the teams of `page` (a CTE of team rows), computed for those rows only: member count,
 * leader and the first members (the leader first, then by name). The members of the page's teams are
 * read once (the primary key of team_members starts with team_id), ranked within their team, and
 * grouped back onto the page: one statement for the page, whatever its size (docs/domain/teams.md#api).
 */
const WITH_MEMBERS = (companyId: string) => sql`
  , m AS (
    SELECT tm.team_id, tm.is_leader, u.id AS user_id, u.full_name,
           row_number() OVER (PARTITION BY tm.team_id ORDER BY tm.is_leader DESC, fold(u.full_name), u.id) AS rank
    FROM team_members tm JOIN users u ON u.id = tm.user_id
    WHERE tm.company_id = ${companyId} AND tm.team_id IN (SELECT id FROM page)
  )
  SELECT p.id, p.name, p.description, p.created_at, p.updated_at, p.total,
         count(m.user_id)::int AS member_count,
         (array_agg(json_build_object('id', m.user_id, 'full_name', m.full_name)) FILTER (WHERE m.is_leader))[1] AS leader,
         json_agg(json_build_object('id', m.user_id, 'full_name', m.full_name) ORDER BY m.rank)
           FILTER (WHERE m.rank <= ${TEAM_LIMITS.preview}) AS members_preview
  FROM page p LEFT JOIN m ON m.team_id = p.id
  GROUP BY p.id, p.name, p.description, p.created_at, p.updated_at, p.total
  ORDER BY fold(p.name), p.id`;

/** A user of the company as a team member may be: whether the account is active. */
export interface CompanyUser {
  id: string;
  is_active: boolean;
}

export const teamsRepository = {
  /** Locks the team and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, teams, companyId, id),

  /**
   * One page of teams by name, and the total. Without a search from the (company, fold(name)) index;
   * with one, the matching rows come from teams_matching() (trigram index under RLS, name and
   * description). Members are counted for the page's rows only (docs/domain/teams.md#list).
   */
  async list(tx: Db, companyId: string, search: string | undefined, page: { limit: number; offset: number }) {
    const source = search ? sql`teams_matching(${containsPattern(search)}) AS t` : sql`teams AS t`;
    const result = await tx.execute<RawTeam & { total: number }>(sql`
      WITH page AS (
        SELECT t.id, t.name, t.description, t.created_at, t.updated_at, (count(*) OVER ())::int AS total
        FROM ${source}
        WHERE t.company_id = ${companyId}
        ORDER BY fold(t.name), t.id
        LIMIT ${page.limit} OFFSET ${page.offset}
      )
      ${WITH_MEMBERS(companyId)}`);
    const rows = result.rows;
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page.offset > 0) {
      const counted = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${source} WHERE t.company_id = ${companyId}`,
      );
      total = counted.rows[0]?.n ?? 0;
    }
    return { data: rows.map(({ total: _total, ...row }) => toTeam(row)), total };
  },

  async find(tx: Db, companyId: string, id: string, lock = false): Promise<Team | undefined> {
    const result = await tx.execute<RawTeam & { total: number }>(sql`
      WITH page AS (
        SELECT t.id, t.name, t.description, t.created_at, t.updated_at, 1 AS total
        FROM teams t WHERE t.company_id = ${companyId} AND t.id = ${id}
        ${lock ? sql`FOR UPDATE` : sql``}
      )
      ${WITH_MEMBERS(companyId)}`);
    const row = result.rows[0];
    if (!row) return undefined;
    const { total: _total, ...team } = row;
    return toTeam(team);
  },

  /** Every member of a team: the leader first, then by name. */
  async members(tx: Db, companyId: string, teamId: string): Promise<TeamMember[]> {
    const result = await tx.execute<TeamMember>(sql`
      SELECT u.id, u.full_name, u.email, tm.is_leader, u.is_active
      FROM team_members tm JOIN users u ON u.id = tm.user_id
      WHERE tm.company_id = ${companyId} AND tm.team_id = ${teamId} AND u.company_id = ${companyId}
      ORDER BY tm.is_leader DESC, fold(u.full_name), u.id`);
    return result.rows;
  },

  /** The users of the company among `ids` (any other id is unknown here), active or not. */
  async companyUsers(tx: Db, companyId: string, ids: readonly string[]): Promise<CompanyUser[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: users.id, is_active: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids])));
  },

  /** The company's active users a team may take, by name; `search` in the name or the e-mail. */
  async candidates(tx: Db, companyId: string, search: string | undefined, limit: number): Promise<TeamCandidate[]> {
    const pattern = search ? containsPattern(search) : null;
    const result = await tx.execute<TeamCandidate>(sql`
      SELECT u.id, u.full_name, u.email FROM users u
      WHERE u.company_id = ${companyId} AND u.is_active AND NOT u.is_superadmin
        ${pattern ? sql`AND (fold(u.full_name) LIKE ${pattern} OR fold(u.email) LIKE ${pattern})` : sql``}
      ORDER BY fold(u.full_name), u.id
      LIMIT ${limit}`);
    return result.rows;
  },

  /**
   * The teams `userId` is a member of (« mes chantiers », the planning: docs/domain/teams.md#for-other-modules),
   * from the (company, user) index.
   */
  async teamIdsOfUser(tx: Db, companyId: string, userId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.userId, userId)));
    return rows.map((r) => r.id);
  },

  async insert(tx: Db, companyId: string, values: { name: string; description: string | null }): Promise<string> {
    const [row] = await tx
      .insert(teams)
      .values({ companyId, ...values })
      .returning({ id: teams.id });
    if (!row) throw new Error("team not inserted");
    return row.id;
  },

  async update(tx: Db, companyId: string, id: string, values: { name: string; description: string | null }) {
    await tx
      .update(teams)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(teams.companyId, companyId), eq(teams.id, id)));
  },

  /** The team's members become exactly `memberIds`, `leaderId` (one of them) leading. */
  async replaceMembers(
    tx: Db,
    companyId: string,
    teamId: string,
    memberIds: readonly string[],
    leaderId: string | null,
  ) {
    await tx.delete(teamMembers).where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.teamId, teamId)));
    if (memberIds.length === 0) return;
    await tx
      .insert(teamMembers)
      .values(memberIds.map((userId) => ({ companyId, teamId, userId, isLeader: userId === leaderId })));
  },

  /** The current member ids of a team. */
  async memberIds(tx: Db, companyId: string, teamId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.teamId, teamId)));
    return rows.map((r) => r.id);
  },

  /** Deletes the team and its members (cascade); false when it was not there. */
  async delete(tx: Db, companyId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(teams)
      .where(and(eq(teams.companyId, companyId), eq(teams.id, id)))
      .returning({ id: teams.id });
    return rows.length > 0;
  },
};
