import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { RotateCw } from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";
import { HOME_TEXTS } from "../lib/figures";

/**
 * A grey block while a figure loads: the kit's Skeleton, written again because the kit's module sits in
 * the list screens' chunk, which the home does not load (docs/domain/dashboard.md#web).
 */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn("block animate-pulse rounded-md bg-muted", className)} />;
}

/** A card of the home: its title (h2), an optional link beside it, its content. */
export function DashboardCard({
  title,
  icon,
  aside,
  children,
  className,
}: {
  title: string;
  icon?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("flex min-w-0 flex-col rounded-lg border border-border bg-card shadow-card", className)}
    >
      <div className="flex min-h-13 items-center justify-between gap-3 border-b border-border px-4 py-2.5">
        <h2 id={id} className="flex min-w-0 items-center gap-2 text-[0.9375rem] font-semibold">
          {icon && (
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary [&_svg]:size-4"
            >
              {icon}
            </span>
          )}
          <span className="break-words">{title}</span>
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * A card whose answer failed: the reason and « Réessayer », the rest of the page untouched. The spec
 * only logs a dashboard failure; the card says so too (docs/domain/dashboard.md#web).
 */
export function CardError({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <div role="status" className={cn("flex flex-col items-start gap-3 px-4 py-5", className)}>
      <p className="text-sm text-muted-foreground">{DASHBOARD_TEXTS.loadFailed}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {HOME_TEXTS.retry}
      </Button>
    </div>
  );
}

/** Rows of grey blocks while a list card loads. */
export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Chargement…" className="flex flex-col divide-y divide-border">
      {Array.from({ length: rows }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders.
        <div key={n} className="flex items-center gap-3 px-4 py-3">
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** Logs a card's failure once per error (spec 1 §8: « Dashboard load failure — logged »). */
export function useLoggedError(error: Error | null, card: string) {
  useEffect(() => {
    if (error) console.error(`Tableau de bord — ${card}\u00a0:`, error);
  }, [error, card]);
}

/** A thin bar of a worksite's progress (0–100). */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
      <span aria-hidden="true" className="w-9 text-right text-xs font-medium text-muted-foreground tabular-nums">
        {value}&nbsp;%
      </span>
    </div>
  );
}
