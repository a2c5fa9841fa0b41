import type { Reminders } from "@shared/messages";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { reminderKeys } from "./reminder-keys";

/** GET /api/reminders: the quotes to remind and the late invoices (each list with its permission). */
export function remindersQueryOptions() {
  return queryOptions({
    queryKey: reminderKeys.all,
    queryFn: ({ signal }) => api.get<Reminders>("/reminders", undefined, { signal }),
    staleTime: 60_000,
  });
}
