import { MESSAGE_LIMITS } from "@shared/message-rules";
import type { MessageDetail, OutboxResponse, OutboxTransport } from "@shared/messages";
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { nextPage } from "@web/lib/next-page";
import { saveFile } from "@web/lib/save-file";
import { messageKeys, type OutboxFilters } from "./message-keys";

/** GET /api/outbox — one page, newest first. */
export function getOutbox(filters: OutboxFilters & { page: number }, signal?: AbortSignal): Promise<OutboxResponse> {
  return api.get<OutboxResponse>(
    "/outbox",
    {
      page: filters.page,
      limit: MESSAGE_LIMITS.pageSize,
      search: filters.search.trim() || undefined,
      status: filters.status === "all" ? undefined : filters.status,
    },
    { signal },
  );
}

/** The outbox, page after page (« Charger plus »); the previous pages stay while the filters change. */
export function outboxInfiniteQueryOptions(filters: OutboxFilters) {
  return infiniteQueryOptions({
    queryKey: messageKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getOutbox({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    // A message's status changes on its own (the SMTP delivery): asked again when the page comes back.
    staleTime: 10_000,
  });
}

/** GET /api/outbox/:id — the message with its body. */
export function messageQueryOptions(id: string) {
  return queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => api.get<MessageDetail>(`/outbox/${encodeURIComponent(id)}`, undefined, { signal }),
    staleTime: 10_000,
  });
}

/** GET /api/outbox/transport — where this server's messages go (it changes with a restart only). */
export function outboxTransportQueryOptions() {
  return queryOptions({
    queryKey: messageKeys.transport(),
    queryFn: ({ signal }) => api.get<OutboxTransport>("/outbox/transport", undefined, { signal }),
    staleTime: 15 * 60_000,
  });
}

/** GET /api/outbox/:id/attachment — the attachment as it was sent, saved under its own name. */
export async function downloadAttachment(message: { id: string; attachment_name: string | null }): Promise<string> {
  return saveFile(
    await api.download(`/outbox/${encodeURIComponent(message.id)}/attachment`),
    message.attachment_name ?? "piece-jointe.pdf",
  );
}
