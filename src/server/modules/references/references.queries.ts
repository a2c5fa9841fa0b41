/**
 * What references publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in
 * the caller's transaction; the repository stays private to references.
 * - `nextReference`: the next number of a kind for the year (quotes, projects).
 */
export { nextReference } from "./references.repository";
