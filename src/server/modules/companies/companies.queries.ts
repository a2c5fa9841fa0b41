import { companiesRepository } from "./companies.repository";

/**
 * What companies publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repository stays private to companies.
 * - `provision`: a new company with its defaults, for superadmin.
 */
export const companiesQueries: Pick<typeof companiesRepository, "provision"> = companiesRepository;
