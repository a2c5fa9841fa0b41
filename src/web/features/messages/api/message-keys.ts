import type { MessageStatus } from "@shared/message-rules";

/** The outbox's list filters, as the query key holds them. */
export interface OutboxFilters {
  search: string;
  status: MessageStatus | "all";
}

/** Query keys of the messages feature (« Messages envoyés »). */
export const messageKeys = {
  all: ["messages"] as const,
  lists: () => [...messageKeys.all, "list"] as const,
  list: (filters: OutboxFilters) => [...messageKeys.lists(), filters] as const,
  detail: (id: string) => [...messageKeys.all, "detail", id] as const,
  transport: () => [...messageKeys.all, "transport"] as const,
};
