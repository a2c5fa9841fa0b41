import type { Db } from "@server/db/client";
import { quoteHistory } from "@server/db/schema";
import type { QuoteHistoryAction, QuoteHistoryChanges, QuoteHistoryEntry } from "@shared/quote-history";
import { and, asc, eq, sql } from "drizzle-orm";

/** One entry to write: what happened to which quote, by whom. */
export interface NewQuoteHistoryEntry {
  quoteId: string;
  action: QuoteHistoryAction;
  userId: string;
  userName: string;
  changes?: QuoteHistoryChanges | null;
  metadata?: Record<string, unknown> | null;
}

export const quoteHistoryRepository = {
  /** Written in the transaction of the change it records. */
  async add(tx: Db, companyId: string, entries: NewQuoteHistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await tx.insert(quoteHistory).values(
      entries.map((e) => ({
        // clock_timestamp(): entries written together keep their order.
        createdAt: sql`clock_timestamp()`,
        companyId,
        quoteId: e.quoteId,
        action: e.action,
        userId: e.userId,
        userName: e.userName,
        changes: e.changes ?? null,
        metadata: e.metadata ?? null,
      })),
    );
  },

  async list(tx: Db, companyId: string, quoteId: string): Promise<QuoteHistoryEntry[]> {
    const rows = await tx
      .select()
      .from(quoteHistory)
      .where(and(eq(quoteHistory.companyId, companyId), eq(quoteHistory.quoteId, quoteId)))
      .orderBy(asc(quoteHistory.createdAt), asc(quoteHistory.id));
    return rows.map((r) => ({
      id: r.id,
      action: r.action as QuoteHistoryAction,
      user_name: r.userName,
      created_at: r.createdAt.toISOString(),
      changes: r.changes as QuoteHistoryChanges | null,
      metadata: r.metadata as Record<string, unknown> | null,
    }));
  },
};
