import type { Db } from "@server/db/client";
import { notifications } from "@server/db/schema";
import type { Notification } from "@shared/signing";
import { and, desc, eq, isNull, sql } from "drizzle-orm";

/** What a notification says and where it leads (docs/domain/signing.md#notifications). */
export interface NewNotification {
  kind: Notification["kind"];
  title: string;
  body: string;
  href: string;
}

/** The latest notifications a user sees (older ones stay stored, unread ones counted). */
export const NOTIFICATIONS_SHOWN = 20;

export const notificationsRepository = {
  /** One notification for each of `userIds`, in the caller's transaction. */
  async add(tx: Db, companyId: string, userIds: readonly string[], notification: NewNotification): Promise<void> {
    if (userIds.length === 0) return;
    await tx.insert(notifications).values(userIds.map((userId) => ({ companyId, userId, ...notification })));
  },

  /** The user's latest notifications, newest first, and the number of unread ones, in one statement. */
  async list(tx: Db, companyId: string, userId: string): Promise<{ data: Notification[]; unread: number }> {
    const mine = and(eq(notifications.companyId, companyId), eq(notifications.userId, userId));
    const rows = await tx
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        href: notifications.href,
        created_at: notifications.createdAt,
        read_at: notifications.readAt,
        unread: sql<number>`(SELECT count(*)::int FROM ${notifications} n
          WHERE n.company_id = ${companyId} AND n.user_id = ${userId} AND n.read_at IS NULL)`,
      })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_SHOWN);
    return {
      data: rows.map(({ unread: _unread, ...row }) => ({
        ...row,
        kind: row.kind as Notification["kind"],
        created_at: row.created_at.toISOString(),
        read_at: row.read_at ? row.read_at.toISOString() : null,
      })),
      unread: rows[0]?.unread ?? 0,
    };
  },

  /** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
  async markRead(tx: Db, companyId: string, userId: string, id: string): Promise<boolean> {
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.companyId, companyId), eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return rows.length === 1;
  },

  async markAllRead(tx: Db, companyId: string, userId: string): Promise<void> {
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(notifications.companyId, companyId), eq(notifications.userId, userId), isNull(notifications.readAt)),
      );
  },
};
