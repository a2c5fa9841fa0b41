import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { formatEuro, formatPercent } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { useWhenIdle } from "@web/hooks/use-when-idle";
import { BarChart3, Handshake } from "lucide-react";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { historyQueryOptions } from "../api/get-dashboard";
import { HOME_TEXTS, monthLabels } from "../lib/figures";
import { CardError, DashboardCard, Skeleton, useLoggedError } from "./dashboard-card";

/** The chart's code (Chart.js, ~70 kB) in a chunk of its own, asked for after the first paint. */
const loadChart = () => import("./history-chart");
const HistoryChart = lazy(() => loadChart().then((m) => ({ default: m.HistoryChart })));

const LABELS = { invoiced: DASHBOARD_TEXTS.invoiced, collected: DASHBOARD_TEXTS.collected };
/** history-chart.tsx SERIES_COLOURS, written again so that the legend does not load the chart. */
const SWATCH = { invoiced: "bg-[#4338ca]", collected: "bg-[#16a34a]" } as const;

/** True once `element` has come near the viewport (at once where IntersectionObserver is missing). */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * Beyond the spec: invoiced (HT, net of credit notes) and collected per month over the last 12 months
 * (GET /api/dashboard/history, invoices:view). The bars are drawn by Chart.js, whose code loads only
 * once the page is idle and the card in view; the same figures are in a table for screen readers.
 */
export function HistoryCard() {
  const query = useQuery(historyQueryOptions());
  useLoggedError(query.error, "historique");
  const history = query.data;
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const idle = useWhenIdle();
  const totals = history
    ? history.months.reduce(
        (sum, m) => ({ invoiced: sum.invoiced + m.invoiced, collected: sum.collected + m.collected }),
        { invoiced: 0, collected: 0 },
      )
    : null;
  return (
    <DashboardCard title={DASHBOARD_TEXTS.history} icon={<BarChart3 />}>
      {query.isError && !history ? (
        <CardError onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-3 px-4 pt-3 pb-4">
          <div className="flex flex-wrap gap-x-6 gap-y-2" aria-hidden={!totals}>
            {(["invoiced", "collected"] as const).map((series) => (
              <div key={series} className="flex flex-col gap-0.5">
                <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <span aria-hidden="true" className={`size-2.5 rounded-sm ${SWATCH[series]}`} />
                  {LABELS[series]}
                </span>
                <span className="text-lg font-semibold tabular-nums" data-testid={`history-total-${series}`}>
                  {totals ? formatEuro(totals[series]) : <Skeleton className="my-1 h-5 w-28" />}
                </span>
              </div>
            ))}
          </div>
          <div ref={box} className="relative h-56 w-full sm:h-64">
            {history && near && idle ? (
              <Suspense fallback={<Skeleton className="h-full w-full" />}>
                <HistoryChart history={history} labels={LABELS} />
              </Suspense>
            ) : (
              <Skeleton className="h-full w-full" />
            )}
          </div>
          {/* In a box of 1 px: a table keeps the width of its content whatever its own width says. */}
          {history && (
            <div className="sr-only">
              <table>
                <caption>{HOME_TEXTS.historyTable}</caption>
                <thead>
                  <tr>
                    <th scope="col">{HOME_TEXTS.month}</th>
                    <th scope="col">{LABELS.invoiced}</th>
                    <th scope="col">{LABELS.collected}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabels(m.month).long}</th>
                      <td>{formatEuro(m.invoiced)}</td>
                      <td>{formatEuro(m.collected)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </DashboardCard>
  );
}

/** Beyond the spec: the quotes' acceptance rate over the same 12 months (accepted / answered). */
export function AcceptanceCard() {
  const query = useQuery(historyQueryOptions());
  const quotes = query.data?.quotes;
  return (
    <DashboardCard title={DASHBOARD_TEXTS.acceptanceRate} icon={<Handshake />}>
      {query.isError && !quotes ? (
        <CardError onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-2.5 px-4 py-4">
          <span className="text-[1.75rem] font-semibold tracking-tight tabular-nums" data-testid="acceptance-rate">
            {quotes ? (
              quotes.acceptanceRate === null ? (
                DASHBOARD_TEXTS.notAvailable
              ) : (
                formatPercent(quotes.acceptanceRate, 1)
              )
            ) : (
              <Skeleton className="h-8 w-20" />
            )}
          </span>
          {quotes && quotes.acceptanceRate !== null && (
            <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
              <div className="h-full rounded-full bg-success" style={{ width: `${quotes.acceptanceRate}%` }} />
            </div>
          )}
          <p className="text-xs text-muted-foreground">
            {quotes ? (
              quotes.answered > 0 ? (
                HOME_TEXTS.acceptedOf(quotes.accepted, quotes.answered)
              ) : (
                HOME_TEXTS.noAnsweredQuote
              )
            ) : (
              <Skeleton className="h-3 w-40" />
            )}
          </p>
        </div>
      )}
    </DashboardCard>
  );
}
