/**
 * What the journal publishes to other modules (docs/conventions.md, module boundaries): recording an
 * entry in the caller's transaction, and checking a company's chain (the CLI).
 */
export type { JournalRecord } from "./journal.repository";
export { recordInJournal, verifyCompanyJournal } from "./journal.service";

import { journalRepository } from "./journal.repository";

/**
 * The entries of some kinds recorded in a span of Paris days, in order (the FEC); an issued document's
 * entry, recorded as its transaction commits under its number (the invoices).
 */
export const journalQueries: Pick<typeof journalRepository, "ofKinds" | "pending"> = journalRepository;
