import { teamsRepository } from "./teams.repository";

/**
 * What teams publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repository stays private to teams.
 * - `teamIdsOfUser`: the teams a member belongs to, for what he may see (dashboard, projects).
 */
export const teamsQueries: Pick<typeof teamsRepository, "teamIdsOfUser"> = teamsRepository;
