import type { MessageStatus } from "@shared/message-rules";
import { Badge } from "@web/components/ui/badge";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { STATUS_BADGE } from "../lib/outbox-labels";

const ICONS = { sent: CircleCheck, pending: Clock, failed: CircleAlert } as const;

/** « Envoyé », « En attente », « Échec ». */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { label, variant } = STATUS_BADGE[status];
  const Icon = ICONS[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
