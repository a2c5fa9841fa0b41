import { formatDate } from "@shared/format";
import { cn } from "@web/lib/cn";
import { CalendarClock, CalendarDays, UserRound } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";

const TITLE_CLASS =
  "line-clamp-2 break-words after:absolute after:inset-0 after:rounded-lg hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

export interface DocumentCardProps {
  reference: string;
  /** Beside the reference: the status and other badges. */
  badges: ReactNode;
  name: string;
  /** What opens the document: its page (a link) or its dialog (a button); stretched over the card. */
  open: { to: string } | { onClick: () => void };
  /** The total TTC, formatted, and what is written under it. */
  total: string;
  totalHint: string;
  /** `quote` → `quote-card-total`. */
  testIdPrefix: string;
  clientName: string;
  date: string;
  /** The date that ends something (« Valable jusqu’au », « Échéance »), red when `late`. */
  deadline?: { label: string; date: string; late: boolean } | null;
  /** Phones: a tighter card. */
  dense?: boolean;
  /** The body's classes (its padding and gap). */
  bodyClassName?: string;
  /** Under the client and dates (the lines, the notes). */
  children?: ReactNode;
  /** Between the body and the actions (what is not offered and why). */
  footer?: ReactNode;
  /** The action row, above the stretched title. */
  actions: ReactNode;
}

/**
 * A commercial document in a list (a quote, an invoice): its reference and badges, its name that opens
 * it (stretched over the whole card), its total, the client and its dates, the kind's own body, and its
 * actions in a row above that layer.
 */
export function DocumentCard({
  reference,
  badges,
  name,
  open,
  total,
  totalHint,
  testIdPrefix,
  clientName,
  date,
  deadline,
  dense = false,
  bodyClassName,
  children,
  footer,
  actions,
}: DocumentCardProps) {
  const titleId = useId();
  const title = (
    <>
      {name}
      <span className="sr-only"> ({reference})</span>
    </>
  );
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col rounded-lg border border-border bg-card shadow-card transition-shadow hover:border-[#c7cbfb]"
    >
      <div className={cn("flex flex-1 flex-col", bodyClassName)}>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-[0.8125rem] font-semibold tracking-wide text-muted-foreground tabular-nums">
                {reference}
              </span>
              {badges}
            </div>
            <h3 id={titleId} className="min-w-0 text-[0.9375rem] leading-snug font-semibold">
              {"to" in open ? (
                <Link to={open.to} className={TITLE_CLASS}>
                  {title}
                </Link>
              ) : (
                <button type="button" onClick={open.onClick} className={cn("text-left", TITLE_CLASS)}>
                  {title}
                </button>
              )}
            </h3>
          </div>
          <div className="flex shrink-0 flex-col items-end">
            <span
              className="text-lg leading-tight font-semibold tabular-nums"
              data-testid={`${testIdPrefix}-card-total`}
            >
              {total}
            </span>
            <span className="text-xs text-muted-foreground tabular-nums">{totalHint}</span>
          </div>
        </div>

        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">Client&nbsp;: </span>
            <span className="truncate">{clientName}</span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">Date&nbsp;: </span>
            <time dateTime={date}>{formatDate(date)}</time>
          </span>
          {deadline && (
            <span className={cn("inline-flex items-center gap-1.5", deadline.late && "font-medium text-destructive")}>
              <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
              <span>
                {`${deadline.label}\u00a0`}
                <time dateTime={deadline.date}>{formatDate(deadline.date)}</time>
              </span>
            </span>
          )}
        </p>
        {children}
      </div>

      {footer}

      <div
        className={cn(
          "relative z-10 flex flex-wrap items-center gap-2 border-t border-border",
          dense ? "px-3.5 py-2.5" : "px-4 py-3",
        )}
      >
        {actions}
      </div>
    </article>
  );
}

/** A document card's shape while the list loads (`lines`: with the quote's lines preview). */
export function DocumentCardSkeleton({ lines = false }: { lines?: boolean }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <div className="h-4 w-24 animate-pulse rounded bg-muted" />
            <div className="h-4 w-20 animate-pulse rounded-full bg-muted" />
          </div>
          <div className="h-5 w-48 animate-pulse rounded bg-muted" />
        </div>
        <div className="h-6 w-24 animate-pulse rounded bg-muted" />
      </div>
      {lines ? (
        <>
          <div className="h-4 w-40 animate-pulse rounded bg-muted" />
          <div className="h-14 animate-pulse rounded-md bg-muted/70" />
        </>
      ) : (
        <div className="h-4 w-56 animate-pulse rounded bg-muted" />
      )}
      <div className="flex gap-2 border-t border-border pt-3">
        <div className="h-8 w-20 animate-pulse rounded-md bg-muted" />
        <div className="h-8 w-24 animate-pulse rounded-md bg-muted" />
        <div className={cn("h-8 animate-pulse rounded-md bg-muted", lines ? "w-24" : "ml-auto w-16")} />
      </div>
    </div>
  );
}
