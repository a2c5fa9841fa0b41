import type { DashboardAlert } from "@shared/dashboard";
import { DASHBOARD_ALERT_KINDS, DASHBOARD_TEXTS, type DashboardAlertKind } from "@shared/dashboard-rules";
import { formatCount, plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import type { SendTarget } from "@web/components/send-message/send-message-api";
import { Button } from "@web/components/ui/button";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useViewport } from "@web/hooks/use-viewport";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { AlarmClock, BellRing, ChevronRight, CircleCheck, FileClock, MailWarning, Truck } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link } from "react-router";
import { alertsQueryOptions } from "../api/get-dashboard";
import { useDashboardAccess } from "../hooks/use-dashboard-access";
import { alertLink, HOME_TEXTS } from "../lib/figures";
import { CardError, DashboardCard, RowsSkeleton, useLoggedError } from "./dashboard-card";

/** « Relancer » opens the send dialog (react-hook-form, zod), loaded when first used. */
const SendMessageDialog = lazy(() =>
  import("@web/components/send-message/send-message-dialog").then((m) => ({ default: m.SendMessageDialog })),
);

const KIND: Record<DashboardAlertKind, { title: string; icon: ReactNode; tone: string; more: string; list: string }> = {
  quote: {
    title: HOME_TEXTS.alertGroups.quote,
    icon: <FileClock />,
    tone: "bg-accent-soft text-accent-soft-foreground",
    more: HOME_TEXTS.moreQuotes,
    list: paths.quotes,
  },
  invoice: {
    title: HOME_TEXTS.alertGroups.invoice,
    icon: <AlarmClock />,
    tone: "bg-destructive-soft text-destructive-soft-foreground",
    more: HOME_TEXTS.moreInvoices,
    list: paths.invoices,
  },
  vehicle: {
    title: HOME_TEXTS.alertGroups.vehicle,
    icon: <Truck />,
    tone: "bg-warning-soft text-warning-soft-foreground",
    more: HOME_TEXTS.moreVehicles,
    list: paths.vehicles,
  },
};

function AlertGroup({
  kind,
  alerts,
  count,
  onRemind,
}: {
  kind: DashboardAlertKind;
  alerts: DashboardAlert[];
  count: number;
  /** A quote's or an invoice's alert offers « Relancer » to whoever may send it. */
  onRemind: ((alert: DashboardAlert) => void) | null;
}) {
  const look = KIND[kind];
  const hidden = count - alerts.length;
  return (
    <li className="flex flex-col">
      <h3 className="flex items-center justify-between gap-2 bg-muted/50 px-4 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <span>{look.title}</span>
        <span className="rounded-full bg-card px-2 py-0.5 text-foreground tabular-nums shadow-card">
          {formatCount(count)}
        </span>
      </h3>
      <ul className="flex flex-col divide-y divide-border">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex items-center">
            <Link
              to={alertLink(alert)}
              className="flex min-h-14 min-w-0 flex-1 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-muted/60 focus-visible:bg-muted/60"
            >
              <span
                aria-hidden="true"
                className={cn("flex size-8 shrink-0 items-center justify-center rounded-md [&_svg]:size-4", look.tone)}
              >
                {look.icon}
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="line-clamp-2 text-sm font-semibold break-words">{alert.title}</span>
                <span className="text-xs text-muted-foreground">{alert.detail}</span>
              </span>
              {!onRemind && <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
            </Link>
            {onRemind && (
              <Button
                size="sm"
                variant="outline"
                className="mr-4 shrink-0"
                onClick={() => onRemind(alert)}
                aria-label={`Relancer ${alert.title}`}
              >
                <MailWarning aria-hidden="true" />
                Relancer
              </Button>
            )}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <Link
          to={look.list}
          className="flex min-h-11 items-center gap-1 border-t border-border px-4 text-[0.8125rem] font-medium text-primary hover:underline"
        >
          {look.more} ({`+${formatCount(hidden)}`})
          <ChevronRight aria-hidden="true" className="size-3.5" />
        </Link>
      )}
    </li>
  );
}

/**
 * « Alertes importantes » (spec 1 §6, for administrators and team leaders): quotes waiting for an
 * answer « À relancer » (ADR 0028), late invoices, vehicles « à surveiller » — grouped by kind, each
 * leading to what it is about; the count of each kind when there are more than listed.
 */
export function AlertsCard() {
  const query = useQuery(alertsQueryOptions());
  const isMobile = useViewport() !== "desktop";
  const access = useDashboardAccess();
  const [mailing, setMailing] = useState<SendTarget | null>(null);
  const mailLoaded = useOpenedOnce(mailing !== null);
  // Quote alerts are sent quotes waiting for an answer; invoice alerts late invoices: both are reminded.
  const reminder = (kind: DashboardAlertKind) => {
    const type =
      kind === "quote" && access.canRemindQuotes
        ? "quote"
        : kind === "invoice" && access.canRemindInvoices
          ? "invoice"
          : null;
    return type
      ? (alert: DashboardAlert) => setMailing({ type, id: alert.id, kind: "remind", label: alert.title })
      : null;
  };
  useLoggedError(query.error, "alertes");
  const answer = query.data;
  const groups = answer
    ? DASHBOARD_ALERT_KINDS.map((kind) => ({
        kind,
        alerts: answer.data.filter((alert) => alert.kind === kind),
        count: answer.counts[kind],
      })).filter((group) => group.count > 0 || group.alerts.length > 0)
    : null;
  const total = groups?.reduce((sum, group) => sum + Math.max(group.count, group.alerts.length), 0) ?? 0;
  return (
    <DashboardCard
      title={DASHBOARD_TEXTS.alerts}
      icon={<BellRing />}
      aside={
        total > 0 ? (
          <span className="rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
            <span aria-hidden="true">{formatCount(total)}</span>
            <span className="sr-only">{plural(total, "alerte")}</span>
          </span>
        ) : undefined
      }
    >
      {groups ? (
        groups.length > 0 ? (
          <ul className="flex flex-col">
            {groups.map((group) => (
              <AlertGroup
                key={group.kind}
                kind={group.kind}
                alerts={group.alerts}
                count={Math.max(group.count, group.alerts.length)}
                onRemind={reminder(group.kind)}
              />
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground">
            <CircleCheck aria-hidden="true" className="size-4 text-success" />
            {DASHBOARD_TEXTS.noAlert}
          </p>
        )
      ) : query.isError ? (
        <CardError onRetry={() => void query.refetch()} />
      ) : (
        <RowsSkeleton rows={2} />
      )}
      {mailLoaded && (
        <Suspense fallback={null}>
          <SendMessageDialog target={mailing} isMobile={isMobile} onClose={() => setMailing(null)} />
        </Suspense>
      )}
    </DashboardCard>
  );
}
