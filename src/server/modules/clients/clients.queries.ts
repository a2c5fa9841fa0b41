import { clientsRepository } from "./clients.repository";

/**
 * What clients publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repository stays private to clients.
 * - `rememberPremises`: a worksite address typed on a quote, kept on its client.
 */
export const clientsQueries: Pick<typeof clientsRepository, "rememberPremises"> = clientsRepository;
