import type { Db } from "@server/db/client";
import { projectIssues, projects } from "@server/db/schema";
import { uuidArray } from "@server/db/sql";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import {
  PROJECT_LIMITS,
  PROJECT_STATUSES,
  type Project,
  type ProjectIssue,
  type ProjectSort,
  type ProjectStatus,
  type ProjectStatusCounts,
  type ProjectTask,
  type ProjectTaskDetail,
  projectProgress,
  type QuoteLineForTask,
} from "@shared/projects";
import { type SQL, sql } from "drizzle-orm";

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

function oneLine(address: string | null, postalCode: string | null, city: string | null): string | null {
  const town = [postalCode, city].filter(Boolean).join(" ");
  return [address, town].filter(Boolean).join(", ") || null;
}

type RawTask = {
  id: string;
  project_id: string;
  position: number;
  label: string;
  is_done: boolean;
  done_at: string | Date | null;
  done_by_name: string | null;
  estimated_hours: string | number | null;
  unit_price: string | number | null;
  quantity: string | number;
};

const toTask = (row: RawTask): ProjectTaskDetail => ({
  id: row.id,
  project_id: row.project_id,
  position: row.position,
  label: row.label,
  is_done: row.is_done,
  done_at: iso(row.done_at),
  done_by_name: row.done_by_name,
  estimated_hours: num(row.estimated_hours),
  unit_price: num(row.unit_price),
  quantity: Number(row.quantity),
});

type RawIssue = {
  id: string;
  project_id: string;
  title: string;
  description: string | null;
  client_key: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};
const toIssue = (row: RawIssue): ProjectIssue => ({
  ...row,
  created_at: iso(row.created_at) ?? "",
  updated_at: iso(row.updated_at) ?? "",
});

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

/** A task as written (an `id` of the worksite's keeps that task). */
export interface TaskValues {
  id?: string | null | undefined;
  label: string;
  is_done?: boolean | undefined;
  estimated_hours: number | null;
  unit_price: number | null;
  quantity: number;
}

/** The validated quote a worksite is made from, as the creation reads it (locked). */
export interface QuoteForProject {
  id: string;
  reference: string;
  name: string;
  status: string;
  project_id: string | null;
  notes: string | null;
  total: number;
  /** The quote's amount HT after its discount (its TTC less its VAT): a worksite's budget. */
  total_ht: number;
  client_id: string;
  client: { id: string; name: string; phone: string | null; email: string | null; address: string | null };
  client_parts: { address: string | null; postal_code: string | null; city: string | null };
  worksite: { address: string; postal_code: string | null; city: string | null } | null;
  lines: QuoteLineForTask[];
}

export const projectsRepository = {
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

  /** A worksite's tasks in order, with who ticked them. */
  async tasks(tx: Db, companyId: string, projectId: string): Promise<ProjectTask[]> {
    const result = await tx.execute<RawTask>(sql`
      SELECT t.id, t.project_id, t.position, t.label, t.is_done, t.done_at, u.full_name AS done_by_name,
             t.estimated_hours, t.unit_price, t.quantity
      FROM project_tasks t LEFT JOIN users u ON u.id = t.done_by
      WHERE t.company_id = ${companyId} AND t.project_id = ${projectId}
      ORDER BY t.position, t.id`);
    return result.rows.map((row) => {
      const { project_id: _project, ...task } = toTask(row);
      return task;
    });
  },

  /** One task, with its worksite's status and team (what a tick checks). */
  async task(
    tx: Db,
    companyId: string,
    id: string,
    lock = false,
  ): Promise<(ProjectTaskDetail & { project_status: ProjectStatus; team_id: string | null }) | undefined> {
    const result = await tx.execute<RawTask & { project_status: ProjectStatus; team_id: string | null }>(sql`
      SELECT t.id, t.project_id, t.position, t.label, t.is_done, t.done_at, u.full_name AS done_by_name,
             t.estimated_hours, t.unit_price, t.quantity, p.status AS project_status, p.team_id
      FROM project_tasks t
      JOIN projects p ON p.company_id = ${companyId} AND p.id = t.project_id
      LEFT JOIN users u ON u.id = t.done_by
      WHERE t.company_id = ${companyId} AND t.id = ${id}
      ${lock ? sql`FOR UPDATE OF t, p` : sql``}`);
    const row = result.rows[0];
    if (!row) return undefined;
    return { ...toTask(row), project_status: row.project_status, team_id: row.team_id };
  },

  /** Ticks or unticks a task: when and by whom it was done (cleared when unticked); unchanged if already so. */
  async tick(tx: Db, companyId: string, id: string, isDone: boolean, userId: string) {
    await tx.execute(sql`
      UPDATE project_tasks SET
        is_done = ${isDone},
        done_at = CASE WHEN ${isDone} THEN coalesce(done_at, now()) ELSE NULL END,
        done_by = CASE WHEN ${isDone} THEN (CASE WHEN is_done THEN done_by ELSE ${userId}::uuid END) ELSE NULL END,
        updated_at = CASE WHEN is_done = ${isDone} THEN updated_at ELSE now() END
      WHERE company_id = ${companyId} AND id = ${id}`);
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

  /**
   * The worksite's tasks become `tasks`, in this order: those sent with the id of one of its tasks are
   * kept (updated, their tick kept unless `is_done` says otherwise), the others are inserted, and the
   * tasks not sent are deleted. Three statements whatever the number of tasks. `keepPrices`: a kept task
   * keeps its stored price, whatever was sent (a caller who does not see the prices).
   */
  async replaceTasks(
    tx: Db,
    companyId: string,
    projectId: string,
    tasks: readonly TaskValues[],
    userId: string,
    keepPrices = false,
  ) {
    const rows = tasks.map((t, index) => ({
      id: t.id ?? null,
      position: index + 1,
      label: t.label,
      is_done: t.is_done ?? null,
      estimated_hours: t.estimated_hours,
      unit_price: t.unit_price,
      quantity: t.quantity,
    }));
    const json = JSON.stringify(rows);
    const recordset = sql`jsonb_to_recordset(${json}::jsonb) AS x(id uuid, position int, label text, is_done boolean,
      estimated_hours numeric, unit_price numeric, quantity numeric)`;
    const kept = rows.flatMap((r) => (r.id ? [r.id] : []));
    await tx.execute(sql`
      DELETE FROM project_tasks
      WHERE company_id = ${companyId} AND project_id = ${projectId} AND NOT (id = ANY(${uuidArray(kept)}::uuid[]))`);
    // Kept: the ids that are this worksite's (another id is a new task).
    const updated = await tx.execute<{ id: string }>(sql`
      UPDATE project_tasks t SET
        position = x.position, label = x.label, estimated_hours = x.estimated_hours,
        unit_price = ${keepPrices ? sql`t.unit_price` : sql`x.unit_price`},
        quantity = x.quantity,
        is_done = coalesce(x.is_done, t.is_done),
        done_at = CASE WHEN coalesce(x.is_done, t.is_done) THEN coalesce(t.done_at, now()) ELSE NULL END,
        done_by = CASE WHEN NOT coalesce(x.is_done, t.is_done) THEN NULL WHEN t.is_done THEN t.done_by ELSE ${userId}::uuid END,
        updated_at = now()
      FROM ${recordset}
      WHERE t.company_id = ${companyId} AND t.project_id = ${projectId} AND t.id = x.id
      RETURNING t.id`);
    const done = new Set(updated.rows.map((r) => r.id));
    const fresh = rows.filter((r) => !r.id || !done.has(r.id)).map((r) => ({ ...r, id: null }));
    if (fresh.length === 0) return;
    await tx.execute(sql`
      INSERT INTO project_tasks (company_id, project_id, position, label, is_done, done_at, done_by, estimated_hours,
        unit_price, quantity)
      SELECT ${companyId}, ${projectId}, x.position, x.label, coalesce(x.is_done, false),
        CASE WHEN x.is_done THEN now() END, CASE WHEN x.is_done THEN ${userId}::uuid END,
        x.estimated_hours, x.unit_price, x.quantity
      FROM jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) AS x(id uuid, position int, label text, is_done boolean,
        estimated_hours numeric, unit_price numeric, quantity numeric)`);
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

  /** The quote a worksite is made from, its client and its lines in order; locked when asked. */
  async quoteForProject(
    tx: Db,
    companyId: string,
    quoteId: string,
    lock = false,
  ): Promise<QuoteForProject | undefined> {
    const result = await tx.execute<{
      id: string;
      reference: string;
      name: string;
      status: string;
      project_id: string | null;
      notes: string | null;
      total: string | number;
      tax_amount: string | number;
      client_id: string;
      client_name: string;
      client_phone: string | null;
      client_email: string | null;
      client_address: string | null;
      client_postal_code: string | null;
      client_city: string | null;
      worksite_address: string | null;
      worksite_postal_code: string | null;
      worksite_city: string | null;
    }>(sql`
      SELECT q.id, q.reference, q.name, q.status, q.project_id, q.notes, q.total, q.tax_amount, q.client_id,
             c.name AS client_name, c.phone AS client_phone, c.email AS client_email, c.address AS client_address,
             c.postal_code AS client_postal_code, c.city AS client_city,
             q.worksite_address, q.worksite_postal_code, q.worksite_city
      FROM quotes q JOIN clients c ON c.company_id = ${companyId} AND c.id = q.client_id
      WHERE q.company_id = ${companyId} AND q.id = ${quoteId}
      ${lock ? sql`FOR UPDATE OF q` : sql``}`);
    const row = result.rows[0];
    if (!row) return undefined;
    // Each line's library item, when it came from one: its labour time gives the task's hours.
    const lines = await tx.execute<{
      kind: string;
      name: string;
      quantity: string | number;
      unit: string;
      unit_price: string | number;
      library_kind: string | null;
      library_category: string | null;
      library_unit: string | null;
      library_labour_hours: string | number | null;
    }>(sql`
      SELECT qi.kind, qi.name, qi.quantity, qi.unit, qi.unit_price, li.kind AS library_kind,
             li.category AS library_category, li.unit AS library_unit, li.labour_hours AS library_labour_hours
      FROM quote_items qi
      LEFT JOIN library_items li ON li.company_id = ${companyId} AND li.id = qi.library_item_id
      WHERE qi.company_id = ${companyId} AND qi.quote_id = ${quoteId} ORDER BY qi.position`);
    const clientParts = { address: row.client_address, postal_code: row.client_postal_code, city: row.client_city };
    return {
      id: row.id,
      reference: row.reference,
      name: row.name,
      status: row.status,
      project_id: row.project_id,
      notes: row.notes,
      total: Number(row.total),
      // HT after the discount: TTC less its VAT, in cents (the quote's stored figures, ADR 0002).
      total_ht: (Math.round(Number(row.total) * 100) - Math.round(Number(row.tax_amount) * 100)) / 100,
      client_id: row.client_id,
      client: {
        id: row.client_id,
        name: row.client_name,
        phone: row.client_phone,
        email: row.client_email,
        address: oneLine(row.client_address, row.client_postal_code, row.client_city),
      },
      client_parts: clientParts,
      worksite: row.worksite_address
        ? { address: row.worksite_address, postal_code: row.worksite_postal_code, city: row.worksite_city }
        : null,
      lines: lines.rows.map((l) => ({
        kind: l.kind,
        name: l.name,
        quantity: Number(l.quantity),
        unit: l.unit,
        unit_price: Number(l.unit_price),
        library:
          l.library_kind && l.library_unit
            ? {
                kind: l.library_kind,
                category: l.library_category,
                unit: l.library_unit,
                labour_hours: l.library_labour_hours === null ? null : Number(l.library_labour_hours),
              }
            : null,
      })),
    };
  },

  /** The quote names its worksite (quotes.project_id), in the creation's transaction. */
  async linkQuote(tx: Db, companyId: string, quoteId: string, projectId: string) {
    await tx.execute(
      sql`UPDATE quotes SET project_id = ${projectId} WHERE company_id = ${companyId} AND id = ${quoteId}`,
    );
  },

  // ---------------------------------------------------------------------------------------------
  // Imprévus

  /** A worksite's imprévus, newest first. */
  async issues(tx: Db, companyId: string, projectId: string): Promise<ProjectIssue[]> {
    const result = await tx.execute<RawIssue>(sql`
      SELECT id, project_id, title, description, client_key, created_by_name, created_at, updated_at
      FROM project_issues WHERE company_id = ${companyId} AND project_id = ${projectId}
      ORDER BY created_at DESC, id DESC`);
    return result.rows.map(toIssue);
  },

  /** The imprévus of the worksites `teamIds` lets the user see (one worksite's with `projectId`), newest first. */
  async issueList(
    tx: Db,
    companyId: string,
    filter: { projectId?: string | undefined; teamIds: readonly string[] | null },
    page: { limit: number; offset: number },
  ): Promise<{ data: ProjectIssue[]; total: number }> {
    const where = sql`i.company_id = ${companyId}
      ${filter.projectId ? sql`AND i.project_id = ${filter.projectId}` : sql``}
      ${filter.teamIds ? sql`AND i.project_id IN (SELECT p.id FROM projects p WHERE p.company_id = ${companyId} AND p.team_id = ANY(${uuidArray(filter.teamIds)}::uuid[]))` : sql``}`;
    const result = await tx.execute<RawIssue & { total: number }>(sql`
      SELECT i.id, i.project_id, i.title, i.description, i.client_key, i.created_by_name, i.created_at, i.updated_at,
             (count(*) OVER ())::int AS total
      FROM project_issues i WHERE ${where}
      ORDER BY i.created_at DESC, i.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
    let total = result.rows[0]?.total ?? 0;
    if (result.rows.length === 0 && page.offset > 0) {
      const counted = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM project_issues i WHERE ${where}`,
      );
      total = counted.rows[0]?.n ?? 0;
    }
    return { data: result.rows.map(({ total: _t, ...row }) => toIssue(row)), total: Number(total) };
  },

  /** One imprévu with its worksite's status and team. */
  async issue(
    tx: Db,
    companyId: string,
    id: string,
    lock = false,
  ): Promise<(ProjectIssue & { project_status: ProjectStatus; team_id: string | null }) | undefined> {
    const result = await tx.execute<RawIssue & { project_status: ProjectStatus; team_id: string | null }>(sql`
      SELECT i.id, i.project_id, i.title, i.description, i.client_key, i.created_by_name, i.created_at, i.updated_at,
             p.status AS project_status, p.team_id
      FROM project_issues i JOIN projects p ON p.company_id = ${companyId} AND p.id = i.project_id
      WHERE i.company_id = ${companyId} AND i.id = ${id}
      ${lock ? sql`FOR UPDATE OF i, p` : sql``}`);
    const row = result.rows[0];
    if (!row) return undefined;
    const { project_status, team_id, ...issue } = row;
    return { ...toIssue(issue), project_status, team_id };
  },

  /** The imprévu sent with `clientKey` before, if any (a replay). */
  async issueByClientKey(tx: Db, companyId: string, clientKey: string): Promise<ProjectIssue | undefined> {
    const result = await tx.execute<RawIssue>(sql`
      SELECT id, project_id, title, description, client_key, created_by_name, created_at, updated_at
      FROM project_issues WHERE company_id = ${companyId} AND client_key = ${clientKey}`);
    const row = result.rows[0];
    return row ? toIssue(row) : undefined;
  },

  /** Inserts an imprévu; undefined when its client key was taken meanwhile (a concurrent replay). */
  async insertIssue(
    tx: Db,
    companyId: string,
    values: {
      projectId: string;
      title: string;
      description: string | null;
      clientKey: string | null;
      /** When it was written (the phone's time, bounded by the service). */
      createdAt: string;
      createdBy: string;
      createdByName: string;
    },
  ): Promise<string | undefined> {
    const result = await tx.execute<{ id: string }>(sql`
      INSERT INTO project_issues (company_id, project_id, title, description, client_key, created_by, created_by_name,
        created_at)
      VALUES (${companyId}, ${values.projectId}, ${values.title}, ${values.description}, ${values.clientKey},
        ${values.createdBy}, ${values.createdByName}, ${values.createdAt}::timestamptz)
      ON CONFLICT (company_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
      RETURNING id`);
    return result.rows[0]?.id;
  },

  async updateIssue(tx: Db, companyId: string, id: string, values: { title: string; description: string | null }) {
    await tx.execute(sql`
      UPDATE project_issues SET title = ${values.title}, description = ${values.description}, updated_at = now()
      WHERE company_id = ${companyId} AND id = ${id}`);
  },

  async deleteIssue(tx: Db, companyId: string, id: string) {
    await tx.execute(sql`DELETE FROM project_issues WHERE company_id = ${companyId} AND id = ${id}`);
  },

  /**
   * Who in the office is told of a new imprévu (issue 32): the company's active users holding
   * `projects:edit` or `admin:access` (who manage the worksites), but `authorId`, who wrote it.
   */
  async issueWatchers(tx: Db, companyId: string, authorId: string): Promise<string[]> {
    const result = await tx.execute<{ id: string }>(sql`
      SELECT DISTINCT u.id
      FROM users u
      JOIN user_roles ur ON ur.company_id = ${companyId} AND ur.user_id = u.id
      JOIN role_permissions rp ON rp.company_id = ${companyId} AND rp.role_id = ur.role_id
      JOIN permissions p ON p.id = rp.permission_id AND p.code IN ('projects:edit', 'admin:access')
      WHERE u.company_id = ${companyId} AND u.is_active AND u.id <> ${authorId}`);
    return result.rows.map((r) => r.id);
  },
};

/** started_at the first time a worksite is in progress; finished_at while it is delivered. */
function statusDates(status: ProjectStatus): SQL {
  return sql`started_at = CASE WHEN ${status} = 'en cours' THEN coalesce(started_at, now()) ELSE started_at END,
        finished_at = CASE WHEN ${status} = 'livré' THEN coalesce(finished_at, now()) ELSE NULL END`;
}
