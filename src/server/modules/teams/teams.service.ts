import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isStillReferenced } from "@server/lib/pg-errors";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  TEAM_TEXTS,
  type TeamCandidates,
  type TeamCandidatesQuery,
  type TeamDetail,
  type TeamInput,
  type TeamListQuery,
  type TeamListResponse,
} from "@shared/teams";
import { teamsRepository } from "./teams.repository";

/**
 * Who may do what with the teams (spec 3 §6, docs/domain/teams.md#permissions). A route declares one
 * permission: the users a team may take are listed to `teams:edit` holders (a Chef d'équipe holds it,
 * without `users:view`).
 */
export const TEAMS_ACCESS = permissions({
  list: "teams:view",
  get: "teams:view",
  candidates: "teams:edit",
  create: "teams:create",
  update: "teams:edit",
  remove: "teams:delete",
});

const noCompany = TEAM_TEXTS.companyRequired;

/**
 * The members as sent, checked: users of the company, active — or already in the team (a member whose
 * account was deactivated may stay until removed). Another company's id is answered as an unknown one.
 */
async function checkMembers(tx: Db, companyId: string, memberIds: readonly string[], current: readonly string[]) {
  const found = new Map((await teamsRepository.companyUsers(tx, companyId, memberIds)).map((u) => [u.id, u]));
  const kept = new Set(current);
  for (const id of memberIds) {
    const user = found.get(id);
    if (!user || (!user.is_active && !kept.has(id))) {
      throw errors.validation(TEAM_TEXTS.memberInvalid, [{ path: "member_ids", message: TEAM_TEXTS.memberInvalid }]);
    }
  }
}

export function createTeamsService(db: Database) {
  async function detail(tx: Db, companyId: string, id: string): Promise<TeamDetail> {
    const team = await teamsRepository.find(tx, companyId, id);
    if (!team) throw errors.notFound(TEAM_TEXTS.notFound);
    const members = await teamsRepository.members(tx, companyId, id);
    return {
      ...team,
      members,
      member_ids: members.map((m) => m.id),
      leader_id: members.find((m) => m.is_leader)?.id ?? null,
    };
  }

  return {
    async list(auth: AuthContext, query: TeamListQuery): Promise<TeamListResponse> {
      const t = tenant(auth, TEAMS_ACCESS.list, noCompany);
      const { data, total } = await db.run(t.scope, (tx) =>
        teamsRepository.list(tx, t.companyId, query.search, {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
      );
      return { data, meta: { total, page: query.page, limit: query.limit } };
    },

    async get(auth: AuthContext, id: string): Promise<TeamDetail> {
      const t = tenant(auth, TEAMS_ACCESS.get, noCompany);
      const teamId = idOr404(id, TEAM_TEXTS.notFound);
      return db.run(t.scope, (tx) => detail(tx, t.companyId, teamId));
    },

    /** The company's active users, by name, that the member picker proposes. */
    async candidates(auth: AuthContext, query: TeamCandidatesQuery): Promise<TeamCandidates> {
      const t = tenant(auth, TEAMS_ACCESS.candidates, noCompany);
      const data = await db.run(t.scope, (tx) =>
        teamsRepository.candidates(tx, t.companyId, query.search, query.limit),
      );
      return { data };
    },

    async create(auth: AuthContext, input: TeamInput): Promise<TeamDetail> {
      const t = tenant(auth, TEAMS_ACCESS.create, noCompany);
      return db.run(t.scope, async (tx) => {
        await checkMembers(tx, t.companyId, input.member_ids, []);
        const id = await teamsRepository.insert(tx, t.companyId, { name: input.name, description: input.description });
        await teamsRepository.replaceMembers(tx, t.companyId, id, input.member_ids, input.leader_id);
        return detail(tx, t.companyId, id);
      });
    },

    /** The whole team: name, description, and its member set replaced (docs/domain/teams.md#members). */
    async update(auth: AuthContext, id: string, input: TeamInput, version?: ExpectedVersion): Promise<TeamDetail> {
      const t = tenant(auth, TEAMS_ACCESS.update, noCompany);
      const teamId = idOr404(id, TEAM_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        await teamsRepository.lockVersion(tx, t.companyId, teamId, version);
        const current = await teamsRepository.find(tx, t.companyId, teamId, true);
        if (!current) throw errors.notFound(TEAM_TEXTS.notFound);
        await checkMembers(tx, t.companyId, input.member_ids, await teamsRepository.memberIds(tx, t.companyId, teamId));
        await teamsRepository.update(tx, t.companyId, teamId, { name: input.name, description: input.description });
        await teamsRepository.replaceMembers(tx, t.companyId, teamId, input.member_ids, input.leader_id);
        return detail(tx, t.companyId, teamId);
      });
    },

    /**
     * Deletes the team and its members. A worksite that references it (projects.team_id, ON DELETE
     * RESTRICT, next issue) keeps it: 409 with the reason (docs/domain/teams.md#deletion).
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, TEAMS_ACCESS.remove, noCompany);
      const teamId = idOr404(id, TEAM_TEXTS.notFound);
      await db.run(t.scope, async (tx) => {
        let deleted: boolean;
        try {
          deleted = await teamsRepository.delete(tx, t.companyId, teamId);
        } catch (error) {
          if (isStillReferenced(error)) throw errors.conflict(TEAM_TEXTS.usedByProjects);
          throw error;
        }
        if (!deleted) throw errors.notFound(TEAM_TEXTS.notFound);
      });
    },
  };
}
