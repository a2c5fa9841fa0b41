import type { Db } from "@server/db/client";
import { projectIssues, projects } from "@server/db/schema";
import { uuidArray } from "@server/db/sql";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import {
  PROJECT_LIMITS,
  PROJECT_STATUSES,
  type Project,
  type ProjectSort,
  type ProjectStatus,
  type ProjectStatusCounts,
  projectProgress,
} from "@shared/projects";
import { type SQL, sql } from "drizzle-orm";
import { projectIssuesRepository } from "./project-issues.repository";
import { oneLine, projectQuoteRepository } from "./project-quote.repository";
import { projectTasksRepository } from "./project-tasks.repository";

export type { QuoteForProject } from "./project-quote.repository";
export type { TaskValues } from "./project-tasks.repository";

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** What the list filters on (docs/domain/projects.md#list). `teamIds`: the only teams a restricted user sees. */
export interface ProjectFilter {
  search?: string | undefined;
  status?: ProjectStatus | undefined;
  teamId?: string | undefined;
  vehicleId?: string | undefined;
  clientId?: string | undefined;
  /** null: every worksite; a list (maybe empty): the worksites of these teams only. */
  teamIds: readonly string[] | null;
}

/** A uuid[] literal (the ids come from the database or a checked uuid). */
/** The conditions of `f` on `projects p`, the status filter aside (the counts are computed without it). */
function conditions(companyId: string, f: ProjectFilter): SQL {
  const parts: SQL[] = [sql`p.company_id = ${companyId}`];
  if (f.teamIds) parts.push(sql`p.team_id = ANY(${uuidArray(f.teamIds)}::uuid[])`);
  if (f.teamId) parts.push(sql`p.team_id = ${f.teamId}`);
  if (f.vehicleId) parts.push(sql`p.vehicle_id = ${f.vehicleId}`);
  if (f.clientId) parts.push(sql`p.client_id = ${f.clientId}`);
  if (f.search) {
    // Reference and name through projects_matching(), the client's name through clients_matching():
    // both trigram indexes, usable under RLS (ADR 0003).
    const pattern = containsPattern(f.search);
    parts.push(sql`(p.id IN (SELECT m.id FROM projects_matching(${pattern}) m)
      OR p.client_id IN (SELECT c.id FROM clients_matching(${pattern}) c))`);
  }
  return sql.join(parts, sql` AND `);
}

function orderBy(sort: ProjectSort, order: "asc" | "desc"): SQL {
  const dir = order === "asc" ? sql`ASC` : sql`DESC`;
  switch (sort) {
    case "start_date":
      return sql`p.start_date ${dir} NULLS LAST, p.created_at DESC, p.id DESC`;
    case "name":
      return sql`fold(p.name) ${dir}, p.id ${dir}`;
    case "reference":
      return sql`p.reference ${dir}, p.id ${dir}`;
    default:
      return sql`p.created_at ${dir}, p.id ${dir}`;
  }
}

type RawProject = {
  id: string;
  reference: string;
  name: string;
  status: ProjectStatus;
  client_id: string | null;
  client_name: string | null;
  client_phone: string | null;
  client_email: string | null;
  client_address: string | null;
  client_postal_code: string | null;
  client_city: string | null;
  quote_id: string | null;
  quote_reference: string | null;
  start_date: string | null;
  team_id: string | null;
  team_name: string | null;
  vehicle_id: string | null;
  vehicle_name: string | null;
  address: string | null;
  gate_code: string | null;
  notes: string | null;
  budget_total: string | number | null;
  estimated_duration_days: number | null;
  equipment: string[] | null;
  started_at: string | Date | null;
  finished_at: string | Date | null;
  client_satisfied: boolean | null;
  created_at: string | Date;
  updated_at: string | Date;
  task_count: number | null;
  done_count: number | null;
  issue_count: number | null;
  tasks_preview: { id: string; label: string; is_done: boolean }[] | null;
};

/**
 * A page of worksites (the CTE `page`, already limited) with their client, team, vehicle, quote
 * reference, task figures, first tasks and imprévu count: computed for the page's rows only, in the
 * same statement (index (company_id, project_id, …) of each child table).
 */
const DECORATE = (companyId: string, order: SQL) => sql`
  SELECT p.id, p.reference, p.name, p.status, p.client_id, p.quote_id, p.start_date::text AS start_date,
         p.team_id, p.vehicle_id, p.address, p.gate_code, p.notes, p.budget_total, p.estimated_duration_days,
         p.equipment, p.started_at, p.finished_at, p.client_satisfied, p.created_at, p.updated_at,
         c.name AS client_name, c.phone AS client_phone, c.email AS client_email, c.address AS client_address,
         c.postal_code AS client_postal_code, c.city AS client_city,
         q.reference AS quote_reference, t.name AS team_name, v.name AS vehicle_name,
         tk.task_count, tk.done_count, tk.tasks_preview,
         (SELECT count(*)::int FROM project_issues i WHERE i.company_id = ${companyId} AND i.project_id = p.id) AS issue_count
  FROM page p
  LEFT JOIN clients c ON c.company_id = ${companyId} AND c.id = p.client_id
  LEFT JOIN quotes q ON q.company_id = ${companyId} AND q.id = p.quote_id
  LEFT JOIN teams t ON t.company_id = ${companyId} AND t.id = p.team_id
  LEFT JOIN vehicles v ON v.company_id = ${companyId} AND v.id = p.vehicle_id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS task_count, (count(*) FILTER (WHERE x.is_done))::int AS done_count,
           json_agg(json_build_object('id', x.id, 'label', x.label, 'is_done', x.is_done) ORDER BY x.position, x.id)
             FILTER (WHERE x.rank <= ${PROJECT_LIMITS.cardTasks}) AS tasks_preview
    FROM (
      SELECT pt.id, pt.label, pt.is_done, pt.position, row_number() OVER (ORDER BY pt.position, pt.id) AS rank
      FROM project_tasks pt WHERE pt.company_id = ${companyId} AND pt.project_id = p.id
    ) x
  ) tk ON true
  ORDER BY ${order}`;

function toProject(row: RawProject): Project {
  const taskCount = Number(row.task_count ?? 0);
  const doneCount = Number(row.done_count ?? 0);
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    status: row.status,
    client_id: row.client_id,
    client:
      row.client_id && row.client_name !== null
        ? {
            id: row.client_id,
            name: row.client_name,
            phone: row.client_phone,
            email: row.client_email,
            address: oneLine(row.client_address, row.client_postal_code, row.client_city),
          }
        : null,
    quote_id: row.quote_id,
    quote_reference: row.quote_reference,
    start_date: row.start_date,
    team_id: row.team_id,
    team: row.team_id && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
    vehicle_id: row.vehicle_id,
    vehicle: row.vehicle_id && row.vehicle_name !== null ? { id: row.vehicle_id, name: row.vehicle_name } : null,
    address: row.address,
    gate_code: row.gate_code,
    notes: row.notes,
    budget_total: num(row.budget_total),
    estimated_duration_days: row.estimated_duration_days,
    equipment: row.equipment ?? [],
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    client_satisfied: row.client_satisfied,
    task_count: taskCount,
    done_count: doneCount,
    progress: projectProgress(doneCount, taskCount).percent,
    issue_count: Number(row.issue_count ?? 0),
    tasks_preview: row.tasks_preview ?? [],
    created_at: iso(row.created_at) ?? "",
    updated_at: iso(row.updated_at) ?? "",
  };
}

/** The stored fields of a worksite (what POST and PUT write). */
export interface ProjectValues {
  name: string;
  status: ProjectStatus;
  client_id: string | null;
  start_date: string | null;
  team_id: string | null;
  vehicle_id: string | null;
  address: string | null;
  gate_code: string | null;
  notes: string | null;
  budget_total: number | null;
  estimated_duration_days: number | null;
  equipment: string[];
}

/**
 * The worksites' SQL; their tasks (project-tasks.repository.ts), imprévus (project-issues.repository.ts)
 * and the quote a worksite is made from (project-quote.repository.ts) are composed here.
 */
export const projectsRepository = {
  ...projectTasksRepository,
  ...projectIssuesRepository,
  ...projectQuoteRepository,

  /** Locks the worksite and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, projects, companyId, id),

  /** Locks the imprévu and refuses a replaced version (ADR 0024). */
  lockIssueVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, projectIssues, companyId, id),

  /** The number of worksites of each status over the filter without its status (docs/domain/projects.md#list). */
  async counts(tx: Db, companyId: string, filter: ProjectFilter): Promise<ProjectStatusCounts> {
    const result = await tx.execute<{ status: ProjectStatus; n: number }>(sql`
      SELECT p.status, count(*)::int AS n FROM projects p WHERE ${conditions(companyId, filter)} GROUP BY p.status`);
    const counts = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
    for (const row of result.rows) counts[row.status] = Number(row.n);
    return { all: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
  },

  /** One page of worksites in the asked order. */
  async list(
    tx: Db,
    companyId: string,
    filter: ProjectFilter,
    page: { limit: number; offset: number; sort: ProjectSort; order: "asc" | "desc" },
  ): Promise<Project[]> {
    const where = filter.status
      ? sql`${conditions(companyId, filter)} AND p.status = ${filter.status}`
      : conditions(companyId, filter);
    const order = orderBy(page.sort, page.order);
    const result = await tx.execute<RawProject>(sql`
      WITH page AS (
        SELECT p.* FROM projects p WHERE ${where} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}
      )
      ${DECORATE(companyId, order)}`);
    return result.rows.map(toProject);
  },

  /** A worksite with its figures; `teamIds` as in the list (a worksite of another team is not found). */
  async find(
    tx: Db,
    companyId: string,
    id: string,
    teamIds: readonly string[] | null,
    lock = false,
  ): Promise<Project | undefined> {
    const result = await tx.execute<RawProject>(sql`
      WITH page AS (
        SELECT p.* FROM projects p WHERE ${conditions(companyId, { teamIds })} AND p.id = ${id}
        ${lock ? sql`FOR UPDATE OF p` : sql``}
      )
      ${DECORATE(companyId, sql`p.id`)}`);
    const row = result.rows[0];
    return row ? toProject(row) : undefined;
  },

  async insert(
    tx: Db,
    companyId: string,
    values: ProjectValues,
    meta: { reference: string; quoteId: string | null; createdBy: string },
  ): Promise<string> {
    const result = await tx.execute<{ id: string }>(sql`
      INSERT INTO projects (company_id, reference, name, status, client_id, quote_id, start_date, team_id, vehicle_id,
        address, gate_code, notes, budget_total, estimated_duration_days, equipment, started_at, finished_at, created_by)
      VALUES (${companyId}, ${meta.reference}, ${values.name}, ${values.status}, ${values.client_id}, ${meta.quoteId},
        ${values.start_date}, ${values.team_id}, ${values.vehicle_id}, ${values.address}, ${values.gate_code},
        ${values.notes}, ${values.budget_total}, ${values.estimated_duration_days},
        ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values.equipment)}::jsonb)),
        CASE WHEN ${values.status} = 'en cours' THEN now() END,
        CASE WHEN ${values.status} = 'livré' THEN now() END,
        ${meta.createdBy})
      RETURNING id`);
    const id = result.rows[0]?.id;
    if (!id) throw new Error("project not inserted");
    return id;
  },

  /**
   * Writes the fields; the status's dates follow (docs/domain/projects.md#statuses): started_at is set the
   * first time the worksite is in progress, finished_at while it is delivered.
   */
  async update(tx: Db, companyId: string, id: string, values: ProjectValues) {
    await tx.execute(sql`
      UPDATE projects SET
        name = ${values.name}, status = ${values.status}, client_id = ${values.client_id},
        start_date = ${values.start_date}, team_id = ${values.team_id}, vehicle_id = ${values.vehicle_id},
        address = ${values.address}, gate_code = ${values.gate_code}, notes = ${values.notes},
        budget_total = ${values.budget_total}, estimated_duration_days = ${values.estimated_duration_days},
        equipment = ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values.equipment)}::jsonb)),
        ${statusDates(values.status)},
        updated_at = now()
      WHERE company_id = ${companyId} AND id = ${id}`);
  },

  /** Sets the status (start, finish) and its dates. */
  async setStatus(tx: Db, companyId: string, id: string, status: ProjectStatus) {
    await tx.execute(sql`
      UPDATE projects SET status = ${status}, ${statusDates(status)}, updated_at = now()
      WHERE company_id = ${companyId} AND id = ${id}`);
  },

  /**
   * « Le client est-il satisfait ? » (docs/domain/dashboard.md#satisfaction): the answer given when the
   * worksite is finished replaces the stored one (`replay` false); a finish sent again may only give the
   * answer a worksite lacks (`replay` true). No answer (null) keeps what is stored.
   */
  async setSatisfaction(tx: Db, companyId: string, id: string, satisfied: boolean | null, replay: boolean) {
    if (satisfied === null) return;
    await tx.execute(sql`
      UPDATE projects SET client_satisfied = ${replay ? sql`coalesce(client_satisfied, ${satisfied})` : sql`${satisfied}`}
      WHERE company_id = ${companyId} AND id = ${id}`);
  },

  /** Deletes the worksite (its tasks, imprévus and photos with it); its quote is freed (SET NULL). */
  async delete(tx: Db, companyId: string, id: string): Promise<boolean> {
    const result = await tx.execute<{ id: string }>(
      sql`DELETE FROM projects WHERE company_id = ${companyId} AND id = ${id} RETURNING id`,
    );
    return result.rows.length > 0;
  },

  /** Whether each given id is one of the company's clients, teams, vehicles. */
  async references(
    tx: Db,
    companyId: string,
    ids: { client_id: string | null; team_id: string | null; vehicle_id: string | null },
  ): Promise<{ client: boolean; team: boolean; vehicle: boolean }> {
    const result = await tx.execute<{ client: boolean; team: boolean; vehicle: boolean }>(sql`
      SELECT
        EXISTS (SELECT 1 FROM clients WHERE company_id = ${companyId} AND id = ${ids.client_id}::uuid) AS client,
        EXISTS (SELECT 1 FROM teams WHERE company_id = ${companyId} AND id = ${ids.team_id}::uuid) AS team,
        EXISTS (SELECT 1 FROM vehicles WHERE company_id = ${companyId} AND id = ${ids.vehicle_id}::uuid) AS vehicle`);
    const row = result.rows[0];
    return {
      client: ids.client_id === null || Boolean(row?.client),
      team: ids.team_id === null || Boolean(row?.team),
      vehicle: ids.vehicle_id === null || Boolean(row?.vehicle),
    };
  },

  /** The quote names its worksite (quotes.project_id), in the creation's transaction. */
  async linkQuote(tx: Db, companyId: string, quoteId: string, projectId: string) {
    await tx.execute(
      sql`UPDATE quotes SET project_id = ${projectId} WHERE company_id = ${companyId} AND id = ${quoteId}`,
    );
  },
};

/** started_at the first time a worksite is in progress; finished_at while it is delivered. */
function statusDates(status: ProjectStatus): SQL {
  return sql`started_at = CASE WHEN ${status} = 'en cours' THEN coalesce(started_at, now()) ELSE started_at END,
        finished_at = CASE WHEN ${status} = 'livré' THEN coalesce(finished_at, now()) ELSE NULL END`;
}
