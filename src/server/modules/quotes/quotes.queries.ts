import { quotesRepository } from "./quotes.repository";

/**
 * What quotes publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repositories stay private to quotes.
 * - `find`: a quote with its lines, for invoices (an invoice made from a quote) and quote-templates
 *   (a template made from a quote).
 */
export const quotesQueries: Pick<typeof quotesRepository, "find"> = quotesRepository;
