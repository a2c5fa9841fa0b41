import type { MessageDetail, MessageSummary } from "@shared/messages";

export { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

/** A message of the outbox as the server lists it. */
export function makeMessage(overrides: Partial<MessageSummary> = {}): MessageSummary {
  return {
    id: crypto.randomUUID(),
    kind: "quote_send",
    status: "sent",
    transport: "outbox",
    to: ["claire.martin@exemple.fr"],
    cc: [],
    subject: "Devis DEV-2026-0042 — Durand Rénovation",
    document: { type: "quote", id: crypto.randomUUID(), reference: "DEV-2026-0042" },
    attachment_name: "devis-DEV-2026-0042.pdf",
    attempts: 0,
    error: null,
    created_at: "2026-11-24T09:30:00.000Z",
    sent_at: "2026-11-24T09:30:00.000Z",
    created_by_name: "Sophie Durand",
    ...overrides,
  };
}

export function makeMessageDetail(
  message: MessageSummary,
  body = "Bonjour Claire,\n\nVeuillez trouver ci-joint notre devis.",
): MessageDetail {
  return { ...message, body };
}
