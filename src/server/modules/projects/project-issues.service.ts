import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  isExecutable,
  issueNotificationBody,
  issueWrittenAt,
  PROJECT_TEXTS,
  type ProjectIssue,
  type ProjectIssueCreate,
  type ProjectIssueList,
  type ProjectIssueListQuery,
  type ProjectIssues,
  type ProjectIssueUpdate,
} from "@shared/projects";
import { notificationsQueries } from "../notifications/notifications.queries";
import { noCompany, PROJECTS_ACCESS, sees, visibleTeams } from "./project-access";
import { projectsRepository } from "./projects.repository";

/** A worksite's imprévus (docs/domain/projects.md), composed into the projects service. */
export function createProjectIssuesService(db: Database) {
  return {
    /** A worksite's imprévus, newest first (any status: the page of a delivered worksite shows them). */
    async issues(auth: AuthContext, projectId: string): Promise<ProjectIssues> {
      const t = tenant(auth, PROJECTS_ACCESS.issues, noCompany);
      const id = idOr404(projectId, PROJECT_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const project = await projectsRepository.find(tx, t.companyId, id, await visibleTeams(tx, t));
        if (!project) throw errors.notFound(PROJECT_TEXTS.notFound);
        return { data: await projectsRepository.issues(tx, t.companyId, id) };
      });
    },

    async issueList(auth: AuthContext, query: ProjectIssueListQuery): Promise<ProjectIssueList> {
      const t = tenant(auth, PROJECTS_ACCESS.issues, noCompany);
      return db.run(t.scope, async (tx) => {
        const { data, total } = await projectsRepository.issueList(
          tx,
          t.companyId,
          { projectId: query.project_id, teamIds: await visibleTeams(tx, t) },
          { limit: query.limit, offset: (query.page - 1) * query.limit },
        );
        return { data, meta: { total, page: query.page, limit: query.limit } };
      });
    },

    /**
     * Reports an imprévu on a worksite in progress. Sent again with the same `client_key` (a phone that
     * lost the answer), the imprévu already made is answered (`replayed`), whatever the status now.
     */
    async createIssue(
      auth: AuthContext,
      input: ProjectIssueCreate,
    ): Promise<{ issue: ProjectIssue; replayed: boolean }> {
      const t = tenant(auth, PROJECTS_ACCESS.issueCreate, noCompany);
      return db.run(t.scope, async (tx) => {
        const teamIds = await visibleTeams(tx, t);
        const replay = async () => {
          if (!input.client_key) return undefined;
          const before = await projectsRepository.issueByClientKey(tx, t.companyId, input.client_key);
          if (!before) return undefined;
          if (before.project_id !== input.project_id) throw errors.conflict(PROJECT_TEXTS.clientKeyTaken);
          return before;
        };
        const project = await projectsRepository.find(tx, t.companyId, input.project_id, teamIds, true);
        if (!project) throw errors.notFound(PROJECT_TEXTS.notFound);
        const earlier = await replay();
        if (earlier) return { issue: earlier, replayed: true };
        if (!isExecutable(project.status)) throw errors.conflict(PROJECT_TEXTS.notInProgress);
        const id = await projectsRepository.insertIssue(tx, t.companyId, {
          projectId: input.project_id,
          title: input.title,
          description: input.description,
          clientKey: input.client_key ?? null,
          createdAt: issueWrittenAt(input.written_at, new Date()).toISOString(),
          createdBy: t.auth.userId,
          createdByName: t.auth.user.full_name,
        });
        if (!id) {
          const raced = await replay();
          if (raced) return { issue: raced, replayed: true };
          throw errors.conflict(PROJECT_TEXTS.clientKeyTaken);
        }
        const issue = await projectsRepository.issue(tx, t.companyId, id);
        if (!issue) throw errors.notFound(PROJECT_TEXTS.issueNotFound);
        // The office is told, once: a replay answered above made no second imprévu, and no notification.
        await notificationsQueries.add(
          tx,
          t.companyId,
          await projectsRepository.issueWatchers(tx, t.companyId, t.auth.userId),
          {
            kind: "project_issue",
            title: PROJECT_TEXTS.issueNotification,
            body: issueNotificationBody(issue.title, project.reference, project.name, t.auth.user.full_name),
            href: `/projects/${project.id}`,
          },
        );
        const { project_status: _s, team_id: _t, ...rest } = issue;
        return { issue: rest, replayed: false };
      });
    },

    async updateIssue(
      auth: AuthContext,
      id: string,
      input: ProjectIssueUpdate,
      version?: ExpectedVersion,
    ): Promise<ProjectIssue> {
      const t = tenant(auth, PROJECTS_ACCESS.issueUpdate, noCompany);
      const issueId = idOr404(id, PROJECT_TEXTS.issueNotFound);
      return db.run(t.scope, async (tx) => {
        const issue = await projectsRepository.issue(tx, t.companyId, issueId, true);
        if (!issue || !sees(await visibleTeams(tx, t), issue.team_id))
          throw errors.notFound(PROJECT_TEXTS.issueNotFound);
        await projectsRepository.lockIssueVersion(tx, t.companyId, issueId, version);
        if (!isExecutable(issue.project_status)) throw errors.conflict(PROJECT_TEXTS.notInProgress);
        await projectsRepository.updateIssue(tx, t.companyId, issueId, input);
        const after = await projectsRepository.issue(tx, t.companyId, issueId);
        if (!after) throw errors.notFound(PROJECT_TEXTS.issueNotFound);
        const { project_status: _s, team_id: _t, ...rest } = after;
        return rest;
      });
    },

    async removeIssue(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, PROJECTS_ACCESS.issueRemove, noCompany);
      const issueId = idOr404(id, PROJECT_TEXTS.issueNotFound);
      await db.run(t.scope, async (tx) => {
        const issue = await projectsRepository.issue(tx, t.companyId, issueId, true);
        if (!issue || !sees(await visibleTeams(tx, t), issue.team_id))
          throw errors.notFound(PROJECT_TEXTS.issueNotFound);
        if (!isExecutable(issue.project_status)) throw errors.conflict(PROJECT_TEXTS.notInProgress);
        await projectsRepository.deleteIssue(tx, t.companyId, issueId);
      });
    },
  };
}
