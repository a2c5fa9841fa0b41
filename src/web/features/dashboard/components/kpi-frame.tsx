import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { cn } from "@web/lib/cn";
import { Euro, FileText, HardHat, Smile } from "lucide-react";
import type { ReactNode } from "react";
import { HOME_TEXTS, type KpiKey } from "../lib/figures";
import { Skeleton } from "./dashboard-card";

/**
 * The frame of the KPI cards — grid, card, label and icon — shared by the cards and by their skeletons,
 * which the home paints with the greeting before the cards' code and figures (home-route.tsx): the same
 * geometry, so nothing moves when the figures arrive.
 */
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

export function KpiGrid({ count, busy, children }: { count: number; busy: boolean; children: ReactNode }) {
  return (
    <ul
      aria-label={HOME_TEXTS.kpis}
      aria-busy={busy}
      className={cn(
        // An odd last card takes the phone's whole row (a Compagnon's three cards).
        "grid grid-cols-2 gap-3 max-lg:[&>li:last-child:nth-child(odd)]:col-span-2",
        count >= 4 ? "lg:grid-cols-4" : count === 3 ? "lg:grid-cols-3" : "",
      )}
    >
      {children}
    </ul>
  );
}

export function KpiCard({ kpiKey, children }: { kpiKey: KpiKey; children: ReactNode }) {
  const look = LOOK[kpiKey];
  return (
    <li
      data-testid={`kpi-${kpiKey}`}
      className={cn(
        "flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-3 shadow-card sm:gap-3 sm:p-4",
        KPI_CARD_HEIGHT,
      )}
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

/**
 * The height of a card, with its figures or their skeleton, and of the home's place for them (`KpiPlace`,
 * home-route.tsx): 9.375rem, 10rem from 1024 px. The skeletons were shorter, so the quick actions below
 * moved up when they replaced the place and down when the figures came (Lighthouse on a phone: CLS 0.06;
 * on a laptop the cards were 3 px taller than the place: ADR 0005 §10 (l)).
 */
export const KPI_CARD_HEIGHT = "min-h-[9.375rem] lg:min-h-[10rem]";

/** The cards the user's permissions promise, figures still to come. */
export function KpiSkeletons({ keys }: { keys: readonly KpiKey[] }) {
  if (keys.length === 0) return null;
  return (
    <KpiGrid count={keys.length} busy>
      {keys.map((key) => (
        <KpiCard key={key} kpiKey={key}>
          <div className="flex flex-col gap-2">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-4 w-32" />
          </div>
        </KpiCard>
      ))}
    </KpiGrid>
  );
}
