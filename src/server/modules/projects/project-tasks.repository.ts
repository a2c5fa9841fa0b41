import type { Db } from "@server/db/client";
import { uuidArray } from "@server/db/sql";
import type { ProjectStatus, ProjectTask, ProjectTaskDetail } from "@shared/projects";
import { sql } from "drizzle-orm";

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

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

/** A task as written (an `id` of the worksite's keeps that task). */
export interface TaskValues {
  id?: string | null | undefined;
  label: string;
  is_done?: boolean | undefined;
  estimated_hours: number | null;
  unit_price: number | null;
  quantity: number;
}

/** A worksite's tasks: read, ticked, rewritten (docs/domain/projects.md). */
export const projectTasksRepository = {
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
};
