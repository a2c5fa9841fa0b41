import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { parisToday } from "@shared/dates";
import {
  JOURNAL_PERIOD_LABELS,
  JOURNAL_TEXTS,
  type JournalClosingBody,
  type JournalPeriod,
  type JournalPeriodTotals,
  type JournalTotals,
  type JournalVerification,
  periodKeyOf,
} from "@shared/journal";
import { fromCents } from "@shared/money";
import { companyInfoQueries } from "../company/company.queries";
import { type JournalRecord, journalRepository, type PeriodRow } from "./journal.repository";
import { buildArchive } from "./journal-archive";
import { walkChain } from "./journal-verify";

/**
 * Who reads the journal (its check, its totals): whoever sees the invoices; who closes a period: whoever
 * issues them (docs/domain/journal.md).
 */
export const JOURNAL_ACCESS = permissions({ view: "invoices:view", close: "invoices:issue" });

/** Entries read at a time by the check: its memory is one page, whatever the journal's length. */
export const VERIFY_PAGE = 2_000;

/**
 * The check of one company's journal (docs/domain/journal.md#check), in pages of `pageSize` entries by
 * their number (keyset: `seq > last`), each read in its own short statement: no connection is held for
 * the whole walk, however long the journal (a check of ~95,000 entries at 10 at once held ten connections
 * for the whole of theirs). Entries appended meanwhile are walked too (journal-verify.ts, the head read
 * when the pages run out).
 */
export async function verifyCompanyJournal(
  db: Database,
  companyId: string,
  pageSize = VERIFY_PAGE,
): Promise<JournalVerification> {
  const scope = { companyId };
  const walk = await walkChain(
    (afterSeq) => journalRepository.pageRead(db, scope, companyId, afterSeq, pageSize),
    async () => {
      const head = await journalRepository.headRead(db, scope, companyId);
      return head && { lastSeq: head.last_seq, lastHash: head.last_hash };
    },
  );
  const broken = walk.firstBroken;
  return {
    ok: broken === null,
    entries: walk.entries,
    last_hash: walk.lastHash,
    grand_total: fromCents(walk.salesCents),
    receipts_total: fromCents(walk.receiptsCents),
    first_broken: broken && { ...broken, message: JOURNAL_TEXTS.broken[broken.reason] },
    message: broken
      ? `Écriture n°\u00a0${broken.seq}${broken.reference ? ` (${broken.reference})` : ""}\u00a0: ${JOURNAL_TEXTS.broken[broken.reason]}`
      : JOURNAL_TEXTS.intact,
  };
}

/** The totals (cents) of a period from its rows by kind. */
function periodTotals(key: string, rows: readonly PeriodRow[]) {
  const of = (kind: PeriodRow["kind"]) => rows.find((r) => r.kind === kind)?.cents ?? 0;
  const cents = {
    invoices: of("invoice"),
    credit_notes: of("credit_note"),
    payments: of("payment"),
    payment_reversals: of("payment_reversal"),
    refunds: of("refund"),
  };
  return {
    key,
    ...cents,
    sales: cents.invoices + cents.credit_notes,
    receipts: cents.payments + cents.payment_reversals + cents.refunds,
    entries: rows.reduce((n, r) => n + r.entries, 0),
  };
}
type PeriodCents = ReturnType<typeof periodTotals>;

const inEuros = (totals: PeriodCents) => ({
  key: totals.key,
  invoices: fromCents(totals.invoices),
  credit_notes: fromCents(totals.credit_notes),
  sales: fromCents(totals.sales),
  payments: fromCents(totals.payments),
  payment_reversals: fromCents(totals.payment_reversals),
  refunds: fromCents(totals.refunds),
  receipts: fromCents(totals.receipts),
  entries: totals.entries,
});

/** The Paris days [from, to) of a period's key. */
function boundsOf(period: JournalPeriod, key: string): { from: string; to: string } {
  if (period === "year") return { from: `${key}-01-01`, to: `${Number(key) + 1}-01-01` };
  if (period === "month") {
    const [y, m] = key.split("-").map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
    return { from: `${key}-01`, to: `${next}-01` };
  }
  const next = new Date(`${key}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from: key, to: next.toISOString().slice(0, 10) };
}

/** A closing's content: the period, its totals in cents, the entries it covers. */
interface ClosingContent extends PeriodCents {
  period: JournalPeriod;
  first_seq: number | null;
  last_seq: number | null;
}

export function createJournalService(db: Database, options: { today?: () => string } = {}) {
  const today = options.today ?? parisToday;
  return {
    async verify(auth: AuthContext): Promise<JournalVerification> {
      const { companyId } = tenant(auth, JOURNAL_ACCESS.view, JOURNAL_TEXTS.companyRequired);
      return verifyCompanyJournal(db, companyId);
    },

    /**
     * The totals of each period of `period` that holds entries, in `year` (every year for `year`): a closed
     * period answers the totals its closing froze.
     */
    async totals(auth: AuthContext, period: JournalPeriod, year?: number): Promise<JournalTotals> {
      const { companyId, scope } = tenant(auth, JOURNAL_ACCESS.view, JOURNAL_TEXTS.companyRequired);
      return db.run(scope, async (tx) => {
        const bounds = period === "year" || year === undefined ? null : boundsOf("year", String(year));
        const rows = await journalRepository.sums(tx, companyId, period, bounds?.from ?? null, bounds?.to ?? null);
        const closings = await journalRepository.closings(tx, companyId, period);
        const keys = [...new Set([...rows.map((r) => r.key), ...closings.map((c) => c.key)])]
          .filter((key) => !bounds || key.startsWith(String(year)))
          .sort();
        const head = await journalRepository.head(tx, companyId);
        const periods: JournalPeriodTotals[] = keys.map((key) => {
          const closing = closings.find((c) => c.key === key);
          const frozen = closing ? (closing.content as ClosingContent) : null;
          const totals =
            frozen ??
            periodTotals(
              key,
              rows.filter((r) => r.key === key),
            );
          return {
            ...inEuros({ ...totals, key }),
            closing: closing
              ? {
                  id: closing.id,
                  seq: closing.seq,
                  recorded_at: new Date(closing.recorded_at).toISOString(),
                  hash: closing.hash,
                }
              : null,
          };
        });
        return {
          period,
          periods,
          grand_total: fromCents(head?.sales_total_cents ?? 0),
          receipts_total: fromCents(head?.receipts_total_cents ?? 0),
        };
      });
    },

    /**
     * The archive of a closed period, named by its closing entry (docs/domain/journal.md#archive): its slice
     * of the chain, from its first entry to its closing, the manifest of hashes and the offline verifier.
     */
    async archive(auth: AuthContext, id: string) {
      const { companyId, scope } = tenant(auth, JOURNAL_ACCESS.view, JOURNAL_TEXTS.companyRequired);
      const closingId = idOr404(id, JOURNAL_TEXTS.closingNotFound);
      return db.run(scope, async (tx) => {
        const closing = await journalRepository.closing(tx, companyId, closingId);
        if (!closing) throw errors.notFound(JOURNAL_TEXTS.closingNotFound);
        const content = closing.content as ClosingContent;
        const entries = await journalRepository.range(tx, companyId, content.first_seq ?? closing.seq, closing.seq);
        const company = await companyInfoQueries.forDocuments(tx, companyId);
        return buildArchive({
          company: { name: company.name, siren: company.siret ? company.siret.slice(0, 9) : null },
          period: closing.period,
          key: closing.key,
          entries,
          documents: [],
        });
      });
    },

    /**
     * Closes a period that is over (docs/domain/journal.md#closing): a `closing` entry, chained as the
     * others, holding the period's totals and the entries it covers; its totals are frozen from then on.
     */
    async close(auth: AuthContext, body: JournalClosingBody): Promise<JournalPeriodTotals> {
      const { companyId, scope } = tenant(auth, JOURNAL_ACCESS.close, JOURNAL_TEXTS.companyRequired);
      if (body.key >= periodKeyOf(body.period, today()))
        throw errors.validation(JOURNAL_TEXTS.periodNotOver, [{ path: "key", message: JOURNAL_TEXTS.periodNotOver }]);
      return db.run(scope, async (tx) => {
        // Under the head's lock: two closings of one period queue, the second finds the first.
        await journalRepository.lockHead(tx, companyId);
        if ((await journalRepository.closings(tx, companyId, body.period, body.key)).length > 0) {
          throw errors.conflict(JOURNAL_TEXTS.periodClosed);
        }
        const { from, to } = boundsOf(body.period, body.key);
        const totals = periodTotals(body.key, await journalRepository.sums(tx, companyId, body.period, from, to));
        const range = await journalRepository.seqRange(tx, companyId, from, to);
        const content: ClosingContent = {
          ...totals,
          period: body.period,
          first_seq: range.first,
          last_seq: range.last,
        };
        const entry = await journalRepository.append(tx, companyId, {
          kind: "closing",
          documentId: null,
          reference: `Clôture ${JOURNAL_PERIOD_LABELS[body.period].toLowerCase()} ${body.key}`,
          amountCents: 0,
          content: { ...content },
          userName: auth.user.full_name,
        });
        return {
          ...inEuros(totals),
          closing: { id: entry.id, seq: entry.seq, recorded_at: entry.recordedAt, hash: entry.hash },
        };
      });
    },
  };
}

/** What other modules call, in their own transaction (journal.queries.ts publishes it). */
export const recordInJournal = (tx: Db, companyId: string, record: JournalRecord) =>
  journalRepository.append(tx, companyId, record);
