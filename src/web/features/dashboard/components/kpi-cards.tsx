import { useQuery } from "@tanstack/react-query";
import { cn } from "@web/lib/cn";
import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { statsQueryOptions } from "../api/get-dashboard";
import { useDashboardAccess } from "../hooks/use-dashboard-access";
import { type ChangeLabel, expectedKpis, HOME_TEXTS, type Kpi, kpisOf } from "../lib/figures";
import { CardError, useLoggedError } from "./dashboard-card";
import { KpiCard, KpiGrid, KpiSkeletons } from "./kpi-frame";

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
  const data = query.data;
  const expected = expectedKpis(access);
  if (expected.length === 0 && !data) return null;
  if (query.isError && !data)
    return (
      <section
        aria-label={HOME_TEXTS.kpis}
        className="rounded-lg border border-border bg-card shadow-card"
        data-testid="kpi-error"
      >
        <CardError onRetry={() => void query.refetch()} />
      </section>
    );
  const kpis = data ? kpisOf(data, access) : null;
  const count = kpis ? kpis.length : expected.length;
  if (count === 0) return null;
  if (!kpis) return <KpiSkeletons keys={expected} />;
  return (
    <KpiGrid count={count} busy={false}>
      {kpis.map((kpi) => (
        <KpiCard key={kpi.key} kpiKey={kpi.key}>
          <Figure kpi={kpi} />
        </KpiCard>
      ))}
    </KpiGrid>
  );
}
