import { QUOTE_STATUS_LABELS, type QuoteStatus } from "@shared/quote-rules";
import { cn } from "@web/lib/cn";
import { STATUS_BADGE_CLASSES } from "../lib/quote-format";

/** The status as a coloured pill (labels from the shared map). */
export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        STATUS_BADGE_CLASSES[status],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
