import { z } from "zod";
import { clearableText, limitParam, optionalText, pageParam, requiredField, requiredText, searchParam } from "./fields";
import { leaderIsMember, TEAM_LIMITS, TEAM_TEXTS, uniqueMemberIds } from "./team-rules";

export * from "./team-rules";

/** Wire shapes of /api/teams (docs/domain/teams.md): a team, its members and its leader. */

const name = () => requiredText(TEAM_LIMITS.nameMax, TEAM_TEXTS.nameRequired, TEAM_TEXTS.nameTooLong);
const userId = () => z.uuid({ error: TEAM_TEXTS.memberInvalid });
/** Each member once (duplicates ignored), at most maxMembers. */
const memberIds = () =>
  z
    .array(userId(), { error: TEAM_TEXTS.memberInvalid })
    .transform(uniqueMemberIds)
    .refine((ids) => ids.length <= TEAM_LIMITS.maxMembers, TEAM_TEXTS.tooManyMembers);
const leaderId = () => userId().nullable();

type Members = { member_ids: string[]; leader_id: string | null };
/** The leader, when there is one, is one of the members (the web and the server say it alike). */
function checkLeader(team: Members, ctx: z.RefinementCtx) {
  if (!leaderIsMember(team.member_ids, team.leader_id)) {
    ctx.addIssue({ code: "custom", path: ["leader_id"], message: TEAM_TEXTS.leaderNotMember, input: team.leader_id });
  }
}

/** POST /api/teams: name, optional description, the members and their leader (none by default). */
export const teamCreateSchema = z
  .object({
    name: name(),
    description: optionalText(TEAM_LIMITS.descriptionMax, "Description"),
    member_ids: memberIds().default([]),
    leader_id: leaderId()
      .optional()
      .transform((v) => v ?? null),
  })
  .superRefine(checkLeader);
export type TeamCreate = z.output<typeof teamCreateSchema>;

/**
 * PUT /api/teams/:id: the whole team, every key required (« Champ obligatoire » when left out, so a
 * body that forgets the members never empties the team); `member_ids` replaces the member set.
 */
export const teamUpdateSchema = z
  .object({
    name: name(),
    description: clearableText(TEAM_LIMITS.descriptionMax, "Description"),
    member_ids: requiredField(memberIds()),
    leader_id: requiredField(leaderId()),
  })
  .superRefine(checkLeader);
export type TeamUpdate = z.output<typeof teamUpdateSchema>;
/** A team as a body states it, created or replaced. */
export type TeamInput = TeamCreate | TeamUpdate;

export const teamPersonSchema = z.object({ id: z.uuid(), full_name: z.string() });
export type TeamPerson = z.infer<typeof teamPersonSchema>;

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  member_count: z.number(),
  /** Its chef d'équipe, if one is named. */
  leader: teamPersonSchema.nullable(),
  /** The first members (the leader first, then by name), for the initials of a card. */
  members_preview: z.array(teamPersonSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  is_leader: z.boolean(),
  /** A member whose account was deactivated stays in the team until removed. */
  is_active: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * GET /api/teams/:id and the answer of POST and PUT: the team with all its members, and the member
 * ids and leader id as a PUT body states them (the resource as it is read back).
 */
export const teamDetailSchema = teamSchema.extend({
  members: z.array(teamMemberSchema),
  member_ids: z.array(z.uuid()),
  leader_id: z.uuid().nullable(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const teamListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(TEAM_LIMITS.maxLimit, TEAM_LIMITS.defaultLimit),
  search: searchParam(),
});
export type TeamListQuery = z.output<typeof teamListQuerySchema>;

export const teamListResponseSchema = z.object({
  data: z.array(teamSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;

/** GET /api/teams/candidates: the company's active users a team may take, by name. */
export const teamCandidatesQuerySchema = z.object({
  search: searchParam(),
  limit: limitParam(TEAM_LIMITS.maxCandidates, TEAM_LIMITS.candidates),
});
export type TeamCandidatesQuery = z.output<typeof teamCandidatesQuerySchema>;

export const teamCandidateSchema = z.object({ id: z.uuid(), full_name: z.string(), email: z.string() });
export type TeamCandidate = z.infer<typeof teamCandidateSchema>;
export const teamCandidatesResponseSchema = z.object({ data: z.array(teamCandidateSchema) });
export type TeamCandidates = z.infer<typeof teamCandidatesResponseSchema>;
