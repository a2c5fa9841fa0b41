import { documentLinesRepository } from "./document-lines.repository";

/**
 * What the document kernel publishes to the document kinds (docs/conventions.md « Ce qu'un module
 * publie »), run in the caller's transaction; its repository stays private.
 * - `documentLinesQueries`: the lines of a quote or an invoice — replaced, read, their VAT rates — and
 *   `linesJson`, the lines as one JSON value read in the document's own statement.
 */
export const documentLinesQueries: typeof documentLinesRepository = documentLinesRepository;
export { type LineDocument, type LineFigures, type LineToWrite, linesJson } from "./document-lines.repository";
