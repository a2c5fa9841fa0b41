import { libraryRepository } from "./library.repository";

/**
 * What library publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repository stays private to library.
 * - `articles`: library articles by id, for the lines quotes and quote-templates take from the library.
 */
export const libraryQueries: Pick<typeof libraryRepository, "articles"> = libraryRepository;
