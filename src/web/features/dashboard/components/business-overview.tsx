import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { formatCount, formatEuro } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { cn } from "@web/lib/cn";
import { ChartNoAxesCombined } from "lucide-react";
import { statsQueryOptions } from "../api/get-dashboard";
import { growthText } from "../lib/figures";
import { CardError, DashboardCard, Skeleton } from "./dashboard-card";

/**
 * « Aperçu business » (spec 1): CA du mois in euros, Clients actifs, Croissance — for a user who sees
 * the money only (the route shows it with invoices:view; the answer's nulls hide a line).
 */
export function BusinessOverview() {
  const query = useQuery(statsQueryOptions());
  const stats = query.data;
  if (stats && stats.monthlyRevenue === null) return null;
  const growth = stats?.monthlyGrowth ?? null;
  const rows = stats
    ? [
        { key: "revenue", label: DASHBOARD_TEXTS.monthRevenue, value: formatEuro(stats.monthlyRevenue ?? 0), tone: "" },
        ...(stats.activeClients === null
          ? []
          : [
              {
                key: "clients",
                label: DASHBOARD_TEXTS.activeClients,
                value: formatCount(stats.activeClients),
                tone: "",
              },
            ]),
        {
          key: "growth",
          label: DASHBOARD_TEXTS.growth,
          value: growthText(growth),
          tone: growth === null || growth === 0 ? "" : growth > 0 ? "text-success" : "text-destructive",
        },
      ]
    : null;
  return (
    <DashboardCard title={DASHBOARD_TEXTS.businessOverview} icon={<ChartNoAxesCombined />}>
      {query.isError && !stats ? (
        <CardError onRetry={() => void query.refetch()} />
      ) : (
        <dl className="flex flex-col divide-y divide-border" aria-busy={!rows}>
          {(rows ?? [0, 1, 2].map((n) => ({ key: String(n), label: null, value: null, tone: "" }))).map((row) => (
            <div key={row.key} className="flex min-h-12 items-center justify-between gap-3 px-4 py-2.5">
              <dt className="text-sm text-muted-foreground">{row.label ?? <Skeleton className="h-4 w-24" />}</dt>
              <dd className={cn("text-base font-semibold tabular-nums", row.tone)} data-testid={`business-${row.key}`}>
                {row.value ?? <Skeleton className="h-5 w-20" />}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </DashboardCard>
  );
}
