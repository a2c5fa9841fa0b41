import { QUOTE_TEXTS } from "@shared/quote-rules";
import { useQuery } from "@tanstack/react-query";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import {
  ArrowRight,
  BellRing,
  CheckCircle2,
  FilePlus2,
  History,
  PencilLine,
  RefreshCw,
  RotateCw,
  Send,
  XCircle,
} from "lucide-react";
import type { ReactNode } from "react";
import { quoteHistoryQueryOptions } from "../api/get-quote-history";
import { describeChanges, describeMetadata, formatHistoryDate, historyActionLabel } from "../lib/quote-history";

const ICONS: Record<string, { icon: ReactNode; tone: string }> = {
  created: { icon: <FilePlus2 />, tone: "bg-primary-soft text-primary" },
  updated: { icon: <PencilLine />, tone: "bg-muted text-[#334155]" },
  status_changed: { icon: <RefreshCw />, tone: "bg-primary-soft text-primary" },
  sent: { icon: <Send />, tone: "bg-[#eff6ff] text-[#1d4ed8]" },
  reminded: { icon: <BellRing />, tone: "bg-accent-soft text-accent-soft-foreground" },
  validated: { icon: <CheckCircle2 />, tone: "bg-success-soft text-success" },
  cancelled: { icon: <XCircle />, tone: "bg-destructive-soft text-destructive" },
};

export interface QuoteHistoryListProps {
  quoteId: string;
  className?: string;
}

/** The quote's history (docs/domain/quotes.md#screen): action, author, date, field changes from → to. */
export function QuoteHistoryList({ quoteId, className }: QuoteHistoryListProps) {
  const query = useQuery(quoteHistoryQueryOptions(quoteId));

  if (query.isPending) {
    return (
      <div role="status" aria-label="Chargement de l’historique" className={cn("flex flex-col gap-3", className)}>
        {[0, 1, 2].map((n) => (
          <div key={n} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert" className={cn("flex-col gap-3 sm:flex-row sm:items-center", className)}>
        <div className="flex flex-1 flex-col gap-1">
          <AlertTitle>{QUOTE_TEXTS.historyFailed}</AlertTitle>
          <AlertDescription>{query.error.message}</AlertDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" />
          Réessayer
        </Button>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return <p className={cn("text-sm text-muted-foreground", className)}>Aucun événement enregistré.</p>;
  }

  return (
    <ol aria-label="Historique du devis" className={cn("flex flex-col", className)}>
      {query.data.map((entry, index) => {
        const look = ICONS[entry.action] ?? { icon: <History />, tone: "bg-muted text-muted-foreground" };
        // The server names the clients of a client change (client_names): no client book is loaded.
        const changes = describeChanges(entry.changes, { clientName: (id) => entry.client_names[id] });
        const notes = describeMetadata(entry.metadata);
        const last = index === query.data.length - 1;
        return (
          <li key={entry.id} className="relative flex gap-3 pb-5 last:pb-0" data-testid="quote-history-entry">
            {!last && <span aria-hidden="true" className="absolute top-9 bottom-1 left-4 w-px bg-border" />}
            <span
              aria-hidden="true"
              className={cn("flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:size-4", look.tone)}
            >
              {look.icon}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1 pt-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">{historyActionLabel(entry.action)}</span>
                <span className="text-muted-foreground">par {entry.user_name}</span>
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.created_at}>{formatHistoryDate(entry.created_at)}</time>
              </p>
              {changes.length > 0 && (
                <ul className="mt-1 flex flex-col gap-1 rounded-md border border-border bg-muted/40 px-3 py-2 text-[0.8125rem]">
                  {changes.map((change) => (
                    <li key={change.field} className="flex min-w-0 flex-wrap items-center gap-x-1.5">
                      <span className="font-medium">{change.label} :</span>
                      <span className="break-words text-muted-foreground">{change.from}</span>
                      <ArrowRight aria-label="devient" className="size-3.5 shrink-0 text-muted-foreground" />
                      <span className="break-words">{change.to}</span>
                    </li>
                  ))}
                </ul>
              )}
              {notes.map((note) => (
                <p key={note} className="text-[0.8125rem] text-muted-foreground">
                  {note}
                </p>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export interface QuoteHistoryDialogProps {
  quote: { id: string; reference: string; name: string } | null;
  onClose: () => void;
  isMobile: boolean;
}

/** The card's « Historique » action: the history alone, in a dialog or a bottom sheet. */
export function QuoteHistoryDialog({ quote, onClose, isMobile }: QuoteHistoryDialogProps) {
  return (
    <ResponsiveModal
      open={quote !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      dialogClassName="max-w-lg gap-0 p-0"
      sheetClassName="max-h-[85dvh]"
    >
      {quote && (
        <>
          <ModalHeader
            title={
              <>
                Historique du devis <span className="whitespace-nowrap">{quote.reference}</span>
              </>
            }
            description={quote.name}
            descriptionClassName="line-clamp-2"
            isMobile={isMobile}
          />
          <div className={cn("relative min-h-0 flex-1 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
            <QuoteHistoryList quoteId={quote.id} />
          </div>
        </>
      )}
    </ResponsiveModal>
  );
}
