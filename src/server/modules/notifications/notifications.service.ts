import type { Database } from "@server/db/client";
import { type AuthContext, idOr404 } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { notificationsSchema } from "@shared/signing";
import type { z } from "zod";
import { notificationsRepository } from "./notifications.repository";

type Notifications = z.infer<typeof notificationsSchema>;

const NOT_FOUND = "Notification introuvable";

/**
 * A signed-in user's own notifications (docs/domain/signing.md#notifications): no permission, only
 * their own rows (another user's id answers 404). A platform account has none.
 */
export function createNotificationsService(db: Database) {
  const list = (auth: AuthContext, companyId: string) =>
    db.run({ companyId }, (tx) => notificationsRepository.list(tx, companyId, auth.userId));

  return {
    async list(auth: AuthContext): Promise<Notifications> {
      if (!auth.companyId) return { data: [], unread: 0 };
      return list(auth, auth.companyId);
    },

    async read(auth: AuthContext, id: string): Promise<Notifications> {
      const notificationId = idOr404(id, NOT_FOUND);
      const companyId = auth.companyId;
      if (!companyId) throw errors.notFound(NOT_FOUND);
      const found = await db.run({ companyId }, (tx) =>
        notificationsRepository.markRead(tx, companyId, auth.userId, notificationId),
      );
      if (!found) throw errors.notFound(NOT_FOUND);
      return list(auth, companyId);
    },

    async readAll(auth: AuthContext): Promise<Notifications> {
      const companyId = auth.companyId;
      if (!companyId) return { data: [], unread: 0 };
      await db.run({ companyId }, (tx) => notificationsRepository.markAllRead(tx, companyId, auth.userId));
      return list(auth, companyId);
    },
  };
}
