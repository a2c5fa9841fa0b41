import type { Database, Db, Scope } from "@server/db/client";
import type { CalendarProject } from "@shared/planning";
import type { ProjectStatus } from "@shared/project-rules";
import { type SQL, sql } from "drizzle-orm";

type RawBooking = {
  id: string;
  reference: string;
  name: string;
  status: ProjectStatus;
  client_id: string | null;
  client_name: string | null;
  team_id: string | null;
  team_name: string | null;
  vehicle_id: string | null;
  vehicle_name: string | null;
  address: string | null;
  start_date: string;
  end_date: string;
  estimated_duration_days: number | null;
};

/** A planned worksite, before its clashes are computed. */
export type PlannedProject = Omit<CalendarProject, "conflicts">;

const toPlanned = (row: RawBooking): PlannedProject => ({
  id: row.id,
  reference: row.reference,
  name: row.name,
  status: row.status,
  client: row.client_id && row.client_name !== null ? { id: row.client_id, name: row.client_name } : null,
  team: row.team_id && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
  vehicle: row.vehicle_id && row.vehicle_name !== null ? { id: row.vehicle_id, name: row.vehicle_name } : null,
  address: row.address,
  start_date: row.start_date,
  end_date: row.end_date,
  estimated_duration_days: row.estimated_duration_days,
});

// The names by scalar subqueries rather than joins: each is an index look-up per worksite whatever the
// plan, and PostgreSQL plans the week's query in half the time (planning cost as much as running it).
const SELECT = sql`
  SELECT p.id, p.reference, p.name, p.status,
         p.client_id, (SELECT c.name FROM clients c WHERE c.id = p.client_id) AS client_name,
         p.team_id, (SELECT t.name FROM teams t WHERE t.id = p.team_id) AS team_name,
         p.vehicle_id, (SELECT v.name FROM vehicles v WHERE v.id = p.vehicle_id) AS vehicle_name,
         p.address, p.start_date::text AS start_date, p.end_date::text AS end_date, p.estimated_duration_days
  FROM projects p`;

export const planningRepository = {
  /**
   * The worksites that occupy a day of [from, to] (one statement for the week, in one round trip:
   * `Database.read`; docs/domain/planning.md): dated, not cancelled, ending on or after `from` and
   * started by `to` (index projects_company_end_idx). `memberId`: a user who sees only the worksites of
   * the teams they belong to (null: every worksite).
   */
  async between(
    db: Database,
    scope: Scope,
    companyId: string,
    from: string,
    to: string,
    memberId: string | null,
  ): Promise<PlannedProject[]> {
    const visible: SQL = memberId
      ? sql`AND p.team_id IN (SELECT tm.team_id FROM team_members tm
                              WHERE tm.company_id = ${companyId} AND tm.user_id = ${memberId})`
      : sql``;
    const rows = await db.read<RawBooking>(
      scope,
      sql`${SELECT}
      WHERE p.company_id = ${companyId} AND p.status <> 'annulé' AND p.start_date IS NOT NULL
        AND p.end_date >= ${from}::date AND p.start_date <= ${to}::date ${visible}
      ORDER BY p.start_date, p.reference`,
    );
    return rows.map(toPlanned);
  },

  /** One worksite as the planning shows it (the caller has checked it is visible). */
  async one(tx: Db, companyId: string, id: string): Promise<PlannedProject | undefined> {
    const result = await tx.execute<RawBooking>(sql`${SELECT}
      WHERE p.company_id = ${companyId} AND p.id = ${id} AND p.start_date IS NOT NULL`);
    const row = result.rows[0];
    return row ? toPlanned(row) : undefined;
  },

  /**
   * The other live worksites (not delivered, not cancelled) using `teamId` or `vehicleId` on a day of
   * [from, to]: the candidates of a clash (indexes on team and vehicle).
   */
  async sharing(
    tx: Db,
    companyId: string,
    exceptId: string,
    teamId: string | null,
    vehicleId: string | null,
    from: string,
    to: string,
  ): Promise<PlannedProject[]> {
    if (teamId === null && vehicleId === null) return [];
    const uses: SQL[] = [];
    if (teamId !== null) uses.push(sql`p.team_id = ${teamId}`);
    if (vehicleId !== null) uses.push(sql`p.vehicle_id = ${vehicleId}`);
    const result = await tx.execute<RawBooking>(sql`${SELECT}
      WHERE p.company_id = ${companyId} AND p.id <> ${exceptId} AND p.status NOT IN ('annulé', 'livré')
        AND p.start_date IS NOT NULL AND p.end_date >= ${from}::date AND p.start_date <= ${to}::date
        AND (${sql.join(uses, sql` OR `)})
      ORDER BY p.start_date, p.reference`);
    return result.rows.map(toPlanned);
  },

  /** Moves a worksite: its start date, team and vehicle (the end date follows, a generated column). */
  async schedule(
    tx: Db,
    companyId: string,
    id: string,
    values: { start_date: string; team_id: string | null; vehicle_id: string | null },
  ): Promise<void> {
    await tx.execute(sql`
      UPDATE projects SET start_date = ${values.start_date}::date, team_id = ${values.team_id}::uuid,
        vehicle_id = ${values.vehicle_id}::uuid, updated_at = now()
      WHERE company_id = ${companyId} AND id = ${id}`);
  },
};
