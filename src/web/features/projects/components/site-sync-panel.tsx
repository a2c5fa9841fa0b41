import { plural } from "@shared/format";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { CloudUpload, LoaderCircle, RotateCw, ServerCrash, TriangleAlert, WifiOff, X } from "lucide-react";
import { describeEntry, describeFailure, type SiteEntry } from "../lib/site-outbox";
import { pendingLabel, SITE_TEXTS } from "../lib/site-texts";

export interface SiteSyncPanelProps {
  pending: readonly SiteEntry[];
  failed: readonly SiteEntry[];
  offline: boolean;
  serverBusy: boolean;
  sending: boolean;
  onSyncNow: () => void;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
}

/**
 * Where the phone stands with the server (docs/domain/projects.md#offline-on-site): offline, the
 * actions waiting (« en attente de synchronisation (N) »), and those the server refused (« Non
 * envoyé »: the reason, « Réessayer », « Retirer »). Nothing shows when all is sent.
 */
export function SiteSyncPanel({
  pending,
  failed,
  offline,
  serverBusy,
  sending,
  onSyncNow,
  onRetry,
  onDiscard,
}: SiteSyncPanelProps) {
  const waiting = pending.length > 0;
  return (
    <div className="flex flex-col gap-3 empty:hidden">
      {(offline || waiting) && (
        <section
          aria-label="Synchronisation"
          data-testid="site-sync"
          className={cn(
            "flex items-center gap-3 rounded-lg border px-4 py-3 text-sm",
            offline
              ? "border-[#fde68a] bg-warning-soft text-warning-soft-foreground"
              : "border-[#c7cbfb] bg-primary-soft text-primary-soft-foreground",
          )}
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-card/70">
            {offline ? (
              <WifiOff aria-hidden="true" className="size-4" />
            ) : sending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : serverBusy ? (
              <ServerCrash aria-hidden="true" className="size-4" />
            ) : (
              <CloudUpload aria-hidden="true" className="size-4" />
            )}
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
              <span>
                {offline
                  ? SITE_TEXTS.offline
                  : sending
                    ? SITE_TEXTS.syncing
                    : serverBusy
                      ? SITE_TEXTS.serverUnreachable
                      : SITE_TEXTS.waiting}
              </span>
              {waiting && (
                <span
                  role="status"
                  title={`${plural(pending.length, "action")} à envoyer`}
                  className="rounded-full bg-card/80 px-2 py-0.5 text-xs font-semibold tabular-nums"
                >
                  {pendingLabel(pending.length)}
                </span>
              )}
            </p>
            {(offline || serverBusy) && (
              <p className="text-[0.8125rem] opacity-90">{offline ? SITE_TEXTS.offlineText : SITE_TEXTS.serverBusy}</p>
            )}
          </div>
          {!offline && waiting && !sending && (
            <Button variant="outline" size="sm" onClick={onSyncNow}>
              <RotateCw aria-hidden="true" />
              {SITE_TEXTS.syncNow}
            </Button>
          )}
        </section>
      )}

      {failed.length > 0 && (
        <Alert variant="destructive" role="alert" className="flex-col items-stretch gap-3">
          <div className="flex items-start gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="flex flex-col gap-0.5">
              <AlertTitle>
                {SITE_TEXTS.notSentTitle} ({failed.length})
              </AlertTitle>
              <AlertDescription>{SITE_TEXTS.notSentText}</AlertDescription>
            </div>
          </div>
          <ul aria-label={SITE_TEXTS.notSentTitle} className="flex flex-col gap-2">
            {failed.map((entry) => (
              <li
                key={entry.seq}
                className="flex flex-col gap-2 rounded-md border border-[#fecaca] bg-card px-3 py-2.5 text-foreground sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <p className="font-medium break-words">{describeEntry(entry.op)}</p>
                  {entry.failure && (
                    <p className="text-[0.8125rem] text-destructive-soft-foreground">
                      {describeFailure(entry.failure)}
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button variant="outline" size="sm" onClick={() => onRetry(entry.seq)} disabled={offline}>
                    <RotateCw aria-hidden="true" />
                    {SITE_TEXTS.retry}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => onDiscard(entry.seq)}>
                    <X aria-hidden="true" />
                    {SITE_TEXTS.discard}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}
