import { MESSAGE_TEXTS } from "@shared/message-rules";
import { OutboxPage } from "@web/features/messages/components/outbox-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /messages — « Messages envoyés », the outbox (docs/domain/messages.md#screens), for the administrators. */
export function MessagesRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="admin:access">
      <title>{`${MESSAGE_TEXTS.outboxTitle} · Propulse`}</title>
      <OutboxPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
