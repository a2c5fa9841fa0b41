import type { Db } from "@server/db/client";
import { clients, quoteHistory } from "@server/db/schema";
import type { QuoteHistoryAction, QuoteHistoryChanges, QuoteHistoryEntry } from "@shared/quote-history";
import { and, asc, eq, inArray, sql } from "drizzle-orm";

/** One entry to write: what happened to which quote, by whom. */
export interface NewQuoteHistoryEntry {
  quoteId: string;
  action: QuoteHistoryAction;
  /** Null for the client who signed on a link (docs/domain/signing.md): the name is the signer's. */
  userId: string | null;
  userName: string;
  changes?: QuoteHistoryChanges | null;
  metadata?: Record<string, unknown> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    // The names of the clients a client change mentions, read now and within the company only: the
    // screen shows them without loading the client book (a client since deleted, or not of this
    // company, is left out and shown as « Autre client »).
    const mentioned = (changes: QuoteHistoryChanges | null): string[] => {
      const change = changes?.client_id;
      return change
        ? [change.from, change.to].filter((id): id is string => typeof id === "string" && UUID.test(id))
        : [];
    };
    const ids = [...new Set(rows.flatMap((r) => mentioned(r.changes as QuoteHistoryChanges | null)))];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await tx
              .select({ id: clients.id, name: clients.name })
              .from(clients)
              .where(and(eq(clients.companyId, companyId), inArray(clients.id, ids)))
          ).map((c) => [c.id, c.name] as const),
    );
    return rows.map((r) => {
      const changes = r.changes as QuoteHistoryChanges | null;
      const clientNames: Record<string, string> = {};
      for (const id of mentioned(changes)) {
        const name = names.get(id);
        if (name !== undefined) clientNames[id] = name;
      }
      return {
        id: r.id,
        action: r.action as QuoteHistoryAction,
        user_name: r.userName,
        created_at: r.createdAt.toISOString(),
        changes,
        metadata: r.metadata as Record<string, unknown> | null,
        client_names: clientNames,
      };
    });
  },
};
