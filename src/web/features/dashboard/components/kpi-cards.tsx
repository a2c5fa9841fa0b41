import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { useQuery } from "@tanstack/react-query";
import { cn } from "@web/lib/cn";
import { Euro, FileText, HardHat, Minus, Smile, TrendingDown, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { statsQueryOptions } from "../api/get-dashboard";
import { useDashboardAccess } from "../hooks/use-dashboard-access";
import { type ChangeLabel, expectedKpis, HOME_TEXTS, type Kpi, type KpiKey, kpisOf } from "../lib/figures";
import { CardError, Skeleton, useLoggedError } from "./dashboard-card";

const LOOK: Record<KpiKey, { label: string; icon: ReactNode; tone: string }> = {
  activeProjects: { label: DASHBOARD_TEXTS.activeProjects, icon: <HardHat />, tone: "bg-primary-soft text-primary" },
  pendingQuotes: {
    label: DASHBOARD_TEXTS.pendingQuotes,
    icon: <FileText />,
    tone: "bg-accent-soft text-accent-soft-foreground",
  },
  clientSatisfaction: {
    label: DASHBOARD_TEXTS.clientSatisfaction,
    icon: <Smile />,
    tone: "bg-success-soft text-success",
  },
  monthlyRevenue: { label: DASHBOARD_TEXTS.monthlyRevenue, icon: <Euro />, tone: "bg-[#eff6ff] text-[#1d4ed8]" },
};

const TREND = {
  up: { icon: <TrendingUp />, tone: "bg-success-soft text-success-soft-foreground" },
  down: { icon: <TrendingDown />, tone: "bg-destructive-soft text-destructive-soft-foreground" },
  flat: { icon: <Minus />, tone: "bg-muted text-muted-foreground" },
} as const;

function Change({ change, neutral }: { change: ChangeLabel; neutral: boolean }) {
  const look = TREND[neutral && change.trend !== "flat" ? "flat" : change.trend];
  const words = change.spoken.slice(change.text.length + 1);
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
      <span
        className={cn(
          "inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-semibold tabular-nums [&_svg]:size-3",
          look.tone,
        )}
      >
        <span aria-hidden="true">{neutral ? null : TREND[change.trend].icon}</span>
        {change.text}
      </span>{" "}
      <span>{words}</span>
    </p>
  );
}

function Card({ kpiKey, children }: { kpiKey: KpiKey; children: ReactNode }) {
  const look = LOOK[kpiKey];
  return (
    <li
      data-testid={`kpi-${kpiKey}`}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-3 shadow-card sm:gap-3 sm:p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="text-[0.8125rem] leading-snug font-medium text-muted-foreground">{look.label}</span>
        <span
          aria-hidden="true"
          className={cn("flex size-8 shrink-0 items-center justify-center rounded-md [&_svg]:size-4", look.tone)}
        >
          {look.icon}
        </span>
      </div>
      {children}
    </li>
  );
}

function Figure({ kpi }: { kpi: Kpi }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-2xl font-semibold tracking-tight tabular-nums sm:text-[1.75rem]">{kpi.value}</span>
      {kpi.change ? (
        // A rising count of quotes waiting is neither good nor bad: its change is shown in grey.
        <Change change={kpi.change} neutral={kpi.key === "pendingQuotes"} />
      ) : (
        <p className="text-xs text-muted-foreground">{kpi.hint ?? "\u00a0"}</p>
      )}
    </div>
  );
}

/**
 * The four KPI cards (spec 1 « Company dashboard (home) ») from GET /api/dashboard/stats: skeletons for
 * the cards the user's permissions promise, then the cards the answer gives (a null figure: no card).
 */
export function KpiCards() {
  const access = useDashboardAccess();
  const query = useQuery(statsQueryOptions());
  useLoggedError(query.error, "indicateurs");
  const expected = expectedKpis(access);
  if (expected.length === 0 && !query.data) return null;
  if (query.isError && !query.data)
    return (
      <section
        aria-label={HOME_TEXTS.kpis}
        className="rounded-lg border border-border bg-card shadow-card"
        data-testid="kpi-error"
      >
        <CardError onRetry={() => void query.refetch()} />
      </section>
    );
  const kpis = query.data ? kpisOf(query.data, access) : null;
  const count = kpis ? kpis.length : expected.length;
  if (count === 0) return null;
  return (
    <ul
      aria-label={HOME_TEXTS.kpis}
      aria-busy={!kpis}
      className={cn(
        // An odd last card takes the phone's whole row (a Compagnon's three cards).
        "grid grid-cols-2 gap-3 max-lg:[&>li:last-child:nth-child(odd)]:col-span-2",
        count >= 4 ? "lg:grid-cols-4" : count === 3 ? "lg:grid-cols-3" : "",
      )}
    >
      {kpis
        ? kpis.map((kpi) => (
            <Card key={kpi.key} kpiKey={kpi.key}>
              <Figure kpi={kpi} />
            </Card>
          ))
        : expected.map((key) => (
            <Card key={key} kpiKey={key}>
              <div className="flex flex-col gap-2">
                <Skeleton className="h-8 w-20" />
                <Skeleton className="h-4 w-32" />
              </div>
            </Card>
          ))}
    </ul>
  );
}
