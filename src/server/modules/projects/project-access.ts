import type { Db } from "@server/db/client";
import { permissions, type TenantAccess } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { PROJECT_TEXTS, seesEveryProject } from "@shared/projects";
import { teamsQueries } from "../teams/teams.queries";
import { projectsRepository } from "./projects.repository";

/**
 * Who may do what with the worksites (docs/domain/projects.md#permissions). Execution (start, finish,
 * ticks, imprévus) is `projects:execute`, which a Compagnon holds without `projects:edit`.
 */
export const PROJECTS_ACCESS = permissions({
  list: "projects:view",
  get: "projects:view",
  draft: "projects:create",
  create: "projects:create",
  fromQuote: "projects:create",
  update: "projects:edit",
  remove: "projects:delete",
  start: "projects:execute",
  finish: "projects:execute",
  task: "projects:view",
  tick: "projects:execute",
  issues: "projects:view",
  issueCreate: "projects:execute",
  issueUpdate: "projects:execute",
  issueRemove: "projects:execute",
  /** The budget and the tasks' prices in every answer (docs/domain/projects.md#amounts). */
  amounts: "projects:budget",
});

export const noCompany = PROJECT_TEXTS.companyRequired;

/**
 * The teams whose worksites the caller sees: null for all (an admin, a holder of `team:view`), else
 * the teams he belongs to (docs/domain/projects.md#who-sees-which-worksites).
 */
export async function visibleTeams(tx: Db, t: TenantAccess): Promise<string[] | null> {
  const member = restrictedMember(t);
  return member === null ? null : teamsQueries.teamIdsOfUser(tx, t.companyId, member);
}

/** The user whose teams bound what they see (`visibleTeams`), or null for one who sees every worksite. */
export function restrictedMember(t: TenantAccess): string | null {
  return seesEveryProject({ role: t.auth.user.role, permissions: t.auth.permissions }) ? null : t.auth.userId;
}

export const sees = (teamIds: readonly string[] | null, teamId: string | null) =>
  teamIds === null || (teamId !== null && teamIds.includes(teamId));

/** The client, team and vehicle named are the company's: 400 on the field otherwise (never another company's). */
export async function checkReferences(
  tx: Db,
  companyId: string,
  ids: { client_id: string | null; team_id: string | null; vehicle_id: string | null },
) {
  const found = await projectsRepository.references(tx, companyId, ids);
  const details = [
    ...(found.client ? [] : [{ path: "client_id", message: PROJECT_TEXTS.clientNotFound }]),
    ...(found.team ? [] : [{ path: "team_id", message: PROJECT_TEXTS.teamNotFound }]),
    ...(found.vehicle ? [] : [{ path: "vehicle_id", message: PROJECT_TEXTS.vehicleNotFound }]),
  ];
  const first = details[0];
  if (first) throw errors.validation(first.message, details);
}
