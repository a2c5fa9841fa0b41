import { projectsRepository } from "./projects.repository";

/**
 * What projects publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repository stays private to projects.
 * - `find`: a worksite, for planning (what a planned slot is about).
 */
export const projectsQueries: Pick<typeof projectsRepository, "find"> = projectsRepository;
