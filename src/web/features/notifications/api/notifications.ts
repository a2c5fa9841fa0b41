import type { notificationsSchema } from "@shared/signing";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import type { z } from "zod";

export type Notifications = z.infer<typeof notificationsSchema>;

export const notificationKeys = {
  all: ["notifications"] as const,
};

/** How often the bell asks again (docs/domain/signing.md#notifications): once a minute, never in a hidden tab. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** GET /api/notifications: the user's latest notifications and the unread count. */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => api.get<Notifications>("/notifications", undefined, { signal }),
    staleTime: NOTIFICATIONS_POLL_MS,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * POST /api/notifications/:id/read, or /read-all (id null): the answer is the list as it now is, put in
 * the cache as it comes (no second request).
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      api.post<Notifications>(id ? `/notifications/${encodeURIComponent(id)}/read` : "/notifications/read-all"),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.all, answer),
    meta: { errorTitle: "Impossible de marquer la notification comme lue" },
  });
}
