import type { Database, Db } from "@server/db/client";
import { type AuthContext, permissions, tenant } from "@server/lib/access";
import { JOURNAL_TEXTS, type JournalVerification } from "@shared/journal";
import { fromCents } from "@shared/money";
import { type JournalRecord, journalRepository } from "./journal.repository";
import { walkChain } from "./journal-verify";

/** Who checks the journal: whoever sees the invoices (docs/domain/journal.md#check). */
export const JOURNAL_ACCESS = permissions({ verify: "invoices:view" });

/** Entries read at a time by the check. */
const PAGE = 1_000;

/** The check of one company's journal, in one transaction (one snapshot: no entry added mid-walk). */
export async function verifyCompanyJournal(tx: Db, companyId: string): Promise<JournalVerification> {
  const head = await journalRepository.head(tx, companyId);
  const walk = await walkChain(
    (afterSeq) => journalRepository.page(tx, companyId, afterSeq, PAGE),
    head && { lastSeq: head.last_seq, lastHash: head.last_hash },
  );
  const broken = walk.firstBroken;
  return {
    ok: broken === null,
    entries: walk.entries,
    last_hash: walk.lastHash,
    grand_total: fromCents(walk.totalCents),
    first_broken: broken && { ...broken, message: JOURNAL_TEXTS.broken[broken.reason] },
    message: broken
      ? `Écriture n°\u00a0${broken.seq}${broken.reference ? ` (${broken.reference})` : ""}\u00a0: ${JOURNAL_TEXTS.broken[broken.reason]}`
      : JOURNAL_TEXTS.intact,
  };
}

export function createJournalService(db: Database) {
  return {
    async verify(auth: AuthContext): Promise<JournalVerification> {
      const { companyId, scope } = tenant(auth, JOURNAL_ACCESS.verify, JOURNAL_TEXTS.companyRequired);
      return db.run(scope, (tx) => verifyCompanyJournal(tx, companyId));
    },
  };
}

/** What other modules call, in their own transaction (journal.queries.ts publishes it). */
export const recordInJournal = (tx: Db, companyId: string, record: JournalRecord) =>
  journalRepository.append(tx, companyId, record);
