import { formatDateTime } from "@shared/format";
import { MESSAGE_KIND_LABELS } from "@shared/message-rules";
import type { MessageSummary } from "@shared/messages";
import { cn } from "@web/lib/cn";
import { CalendarDays, FileText, Paperclip } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { documentLabel, documentPath, recipientsLabel } from "../lib/outbox-labels";
import { MessageStatusBadge } from "./message-status-badge";

export interface MessageRowProps {
  message: MessageSummary;
  onOpen: (message: MessageSummary) => void;
  compact?: boolean;
}

/**
 * A message of the outbox: recipient, subject, kind, date, status, its document. The whole row opens the
 * message (its subject button is stretched over it); the document's link sits above that layer.
 */
export function MessageRow({ message, onOpen, compact = false }: MessageRowProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex flex-col rounded-lg border border-border bg-card shadow-card transition-shadow hover:border-[#c7cbfb]"
    >
      <div className={cn("flex flex-col gap-2", compact ? "p-3.5" : "px-4 py-3.5")}>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <span className="truncate text-[0.8125rem] font-medium text-muted-foreground">
              <span className="sr-only">Destinataire&nbsp;: </span>
              {recipientsLabel(message)}
            </span>
            <h3 id={titleId} className="min-w-0 text-[0.9375rem] leading-snug font-semibold">
              <button
                type="button"
                onClick={() => onOpen(message)}
                className="line-clamp-2 text-left break-words after:absolute after:inset-0 after:rounded-lg hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {message.subject}
              </button>
            </h3>
          </div>
          <MessageStatusBadge status={message.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
          <span>{MESSAGE_KIND_LABELS[message.kind]}</span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </span>
          {message.attachment_name && (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">Pièce jointe&nbsp;: </span>
              <span className="truncate">{message.attachment_name}</span>
            </span>
          )}
          {message.document && (
            <Link
              to={documentPath(message.document)}
              className="relative z-10 inline-flex min-h-11 items-center gap-1.5 font-medium text-primary hover:underline sm:min-h-0"
            >
              <FileText aria-hidden="true" className="size-3.5 shrink-0" />
              {documentLabel(message.document)}
            </Link>
          )}
        </p>
        {message.status === "failed" && message.error && (
          <p className="text-[0.8125rem] text-destructive">{message.error}</p>
        )}
      </div>
    </article>
  );
}

/** The row's shape while the list loads. */
export function MessageRowSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col gap-2.5 rounded-lg border border-border bg-card px-4 py-3.5 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-2">
          <div className="h-4 w-40 animate-pulse rounded bg-muted" />
          <div className="h-5 w-64 animate-pulse rounded bg-muted" />
        </div>
        <div className="h-5 w-16 animate-pulse rounded-full bg-muted" />
      </div>
      <div className="h-4 w-72 animate-pulse rounded bg-muted" />
    </div>
  );
}
