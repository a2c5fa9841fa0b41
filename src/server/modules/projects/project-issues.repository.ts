import type { Db } from "@server/db/client";
import { uuidArray } from "@server/db/sql";
import type { ProjectIssue, ProjectStatus } from "@shared/projects";
import { sql } from "drizzle-orm";

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

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

/** A worksite's imprévus (docs/domain/projects.md). */
export const projectIssuesRepository = {
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
