import { formatDateTime } from "@shared/format";
import { MESSAGE_KIND_LABELS, MESSAGE_STATUS_LABELS, MESSAGE_TEXTS, type MessageStatus } from "@shared/message-rules";
import type { MessageSummary } from "@shared/messages";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { LoadError } from "@web/components/ui/list-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { errorDescription } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Paperclip } from "lucide-react";
import { documentMessagesQueryOptions, type MailedDocumentType } from "./send-message-api";

const STATUS_VARIANT: Record<MessageStatus, "success" | "warning" | "destructive"> = {
  sent: "success",
  pending: "warning",
  failed: "destructive",
};

/** A message's status as a badge (« Envoyé », « En attente », « Échec »). */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>;
}

/** One message of a document: date, kind, status, recipients, subject (the failure's reason when it failed). */
function MessageRow({ message }: { message: MessageSummary }) {
  const recipients = [...message.to, ...message.cc.map((cc) => `${cc} (copie)`)].join(", ");
  return (
    <li className="flex flex-col gap-1 py-2.5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="text-[0.8125rem] text-muted-foreground tabular-nums">
          {formatDateTime(message.created_at)} · {MESSAGE_KIND_LABELS[message.kind]}
        </span>
        <MessageStatusBadge status={message.status} />
      </div>
      <span className="text-sm font-medium break-words">{message.subject}</span>
      <span className="text-[0.8125rem] break-all text-muted-foreground">
        <span className="sr-only">Destinataires&nbsp;: </span>
        {recipients}
      </span>
      {message.attachment_name && (
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <Paperclip aria-hidden="true" className="size-3.5" />
          {message.attachment_name}
        </span>
      )}
      {message.status === "failed" && message.error && (
        <span className="text-[0.8125rem] text-destructive">{message.error}</span>
      )}
    </li>
  );
}

export interface DocumentMessagesProps {
  type: MailedDocumentType;
  id: string;
  className?: string;
}

/**
 * The messages sent about a quote or an invoice, newest first (docs/domain/messages.md#send-and-remind):
 * the content of the document's « Messages » card.
 */
export function DocumentMessages({ type, id, className }: DocumentMessagesProps) {
  const query = useQuery(documentMessagesQueryOptions(type, id));
  if (query.isPending) {
    return (
      <div role="status" aria-label="Chargement des messages" className={cn("flex flex-col gap-2 py-1", className)}>
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-56" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="Impossible de charger les messages"
        message={errorDescription(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const messages = query.data.data;
  if (messages.length === 0) {
    return <p className={cn("py-1 text-sm text-muted-foreground", className)}>{MESSAGE_TEXTS.noMessages}.</p>;
  }
  return (
    <ul aria-label="Messages envoyés" className={cn("flex flex-col divide-y divide-border", className)}>
      {messages.map((message) => (
        <MessageRow key={message.id} message={message} />
      ))}
    </ul>
  );
}
