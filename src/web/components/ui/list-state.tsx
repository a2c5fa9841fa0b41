import { cn } from "@web/lib/cn";
import { ChevronLeft, ChevronRight, LoaderCircle, RotateCw, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "./alert";
import { Button } from "./button";
import { Skeleton } from "./skeleton";

/**
 * The list-page scaffold (src/web/README.md, « Lists »): one way for every list screen to show loading
 * skeletons, an empty list, no match, an error alone with « Réessayer », and pagination or « Charger plus ».
 */

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A list with nothing to show: why, and what to do next. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">{icon}</span>
      <div className="flex flex-col gap-1">
        <p className="text-base font-semibold">{title}</p>
        <p className="max-w-sm text-sm break-words text-muted-foreground">{text}</p>
      </div>
      {action}
    </div>
  );
}

/** « Effacer les filtres », beside the count of a filtered list. */
export function ClearFiltersLink({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="link" size="sm" className="ml-auto h-auto px-0" onClick={onClear}>
      Effacer les filtres
    </Button>
  );
}

/** A filtered list found nothing: why, and « Effacer les filtres ». */
export function NoMatchState({ title, text, onClear }: { title: string; text: string; onClear: () => void }) {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" className="size-6" />}
      title={title}
      text={text}
      action={
        <Button variant="outline" onClick={onClear}>
          Effacer les filtres
        </Button>
      }
    />
  );
}

export interface LoadErrorProps {
  /** e.g. « Impossible de charger vos clients ». */
  title: string;
  /** The server's (French) message, when there is one. */
  message?: string | null | undefined;
  onRetry: () => void;
}

/** A list that could not be loaded: the reason and « Réessayer ». */
export function LoadError({ title, message, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="destructive" role="alert" className="flex-col gap-3 sm:flex-row sm:items-center">
      <div className="flex flex-1 flex-col gap-1">
        <AlertTitle>{title}</AlertTitle>
        {message && <AlertDescription>{message}</AlertDescription>}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Réessayer
      </Button>
    </Alert>
  );
}

/** What the scaffold reads of a TanStack query (useQuery or useInfiniteQuery). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The list could not be loaded and there is nothing to show: the page then shows the error alone —
 * no count, no counters or figures over the list (they would read « 0 » or pulse forever).
 */
export function listFailed(query: ListQueryState, rows: number): boolean {
  return query.isError && rows === 0;
}

/** Placeholders in the shape of the list while its first page loads. */
export function ListSkeleton({
  label,
  rows = 4,
  item,
  className,
}: {
  /** e.g. « Chargement de vos clients… » (read by screen readers). */
  label: string;
  rows?: number;
  /** One placeholder row (default: a card-sized block). */
  item?: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} className={cn("grid gap-3 lg:grid-cols-2", className)}>
      {Array.from({ length: rows }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={n}>{item ?? <Skeleton className="h-28 w-full rounded-lg" />}</div>
      ))}
    </div>
  );
}

export interface ListSectionProps {
  /** The id of the count heading (the section is labelled by it). */
  headingId: string;
  query: ListQueryState;
  /** Rows on screen now. */
  rows: number;
  /** « 3 clients trouvés », shown once the list is loaded. */
  countLabel: string;
  /** « Recherche des clients », shown while the first page loads. */
  pendingLabel: string;
  /** Beside the count, e.g. « Effacer les filtres ». */
  headingAction?: ReactNode;
  /** A refresh after the first page (a new search): the small spinner beside the count. */
  refreshing?: boolean;
  loading: ReactNode;
  /** « Impossible de charger vos clients ». */
  errorTitle: string;
  /** Shown when there is no row: the empty list or the no-match state (the page knows which). */
  empty: ReactNode;
  /** Pagination or « Charger plus ». */
  footer?: ReactNode;
  /** The pages of a paginated list: « Précédent » / « Suivant » under it, disabled while a page loads. */
  pages?: Omit<ListPaginationProps, "disabled">;
  /** The list itself. */
  children: ReactNode;
}

/** The results of a list page: count, skeletons, error alone, empty / no match, rows and their pager. */
export function ListSection({
  headingId,
  query,
  rows,
  countLabel,
  pendingLabel,
  headingAction,
  refreshing = query.isFetching && !query.isPending,
  loading,
  errorTitle,
  empty,
  pages,
  footer = pages && <ListPagination {...pages} disabled={query.isFetching} />,
  children,
}: ListSectionProps) {
  const failed = listFailed(query, rows);
  return (
    <section
      aria-labelledby={failed ? undefined : headingId}
      aria-label={failed ? errorTitle : undefined}
      className="flex flex-col gap-3"
    >
      {!failed && (
        <div className="flex min-h-6 items-center gap-2">
          <h2 id={headingId} className="text-sm font-semibold text-muted-foreground" aria-live="polite">
            {query.isPending ? pendingLabel : countLabel}
          </h2>
          {refreshing && <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin text-muted-foreground" />}
          {headingAction}
        </div>
      )}
      {query.isPending ? (
        loading
      ) : failed ? (
        <LoadError title={errorTitle} message={query.error?.message} onRetry={() => void query.refetch()} />
      ) : rows === 0 ? (
        empty
      ) : (
        <>
          {query.isError && (
            // A refresh failed: the rows on screen stay, with the reason.
            <Alert variant="destructive" role="alert">
              <AlertDescription>{query.error?.message}</AlertDescription>
            </Alert>
          )}
          {children}
          {footer}
        </>
      )}
    </section>
  );
}

export interface ListPaginationProps {
  /** « Pagination des devis ». */
  label: string;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** « Précédent » / « Suivant » and « Page X sur Y »; nothing when everything fits on one page. */
export function ListPagination({ label, page, pageCount, onPageChange, disabled = false }: ListPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-2">
      <Button variant="outline" onClick={() => onPageChange(page - 1)} disabled={disabled || page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Précédent
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} sur {pageCount}
      </p>
      <Button variant="outline" onClick={() => onPageChange(page + 1)} disabled={disabled || page >= pageCount}>
        Suivant
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

export interface LoadMoreProps {
  /** « 5 sur 7 clients affichés ». */
  progress: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** « Charger plus » under an infinite list; nothing once everything is loaded. */
export function LoadMore({ progress, hasMore, loading, onLoadMore }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <p className="text-[0.8125rem] text-muted-foreground">{progress}</p>
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {loading ? "Chargement…" : "Charger plus"}
      </Button>
    </div>
  );
}
