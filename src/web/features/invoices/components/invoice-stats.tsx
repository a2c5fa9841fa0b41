import { formatCount, formatEuro } from "@shared/format";
import type { InvoiceStats } from "@shared/invoices";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { AlarmClock, CheckCircle2, Hourglass, Receipt } from "lucide-react";
import type { ReactNode } from "react";

interface StatCard {
  key: string;
  label: string;
  hint: string;
  icon: ReactNode;
  tone: string;
  count: (s: InvoiceStats) => number;
  amount: (s: InvoiceStats) => number;
}

/** Spec 3 §2.2: total, paid, « En attente » (sent), « En retard » (overdue), each a count and an amount. */
const CARDS: readonly StatCard[] = [
  {
    key: "total",
    label: "Total",
    hint: "Montant TTC facturé",
    icon: <Receipt />,
    tone: "bg-primary-soft text-primary",
    count: (s) => s.total_invoices,
    amount: (s) => s.total_amount,
  },
  {
    key: "paid",
    label: "Payées",
    hint: "Montant encaissé",
    icon: <CheckCircle2 />,
    tone: "bg-success-soft text-success",
    count: (s) => s.paid_invoices,
    amount: (s) => s.paid_amount,
  },
  {
    key: "pending",
    label: "En attente",
    hint: "Reste à encaisser",
    icon: <Hourglass />,
    tone: "bg-[#eff6ff] text-[#1d4ed8]",
    count: (s) => s.sent_invoices,
    amount: (s) => s.pending_amount,
  },
  {
    key: "overdue",
    label: "En retard",
    hint: "Échéance dépassée",
    icon: <AlarmClock />,
    tone: "bg-destructive-soft text-destructive-soft-foreground",
    count: (s) => s.overdue_invoices,
    amount: (s) => s.overdue_amount,
  },
];

/**
 * The four stat cards over the filtered set (GET /api/invoices/stats with the list's filters). While
 * they load: skeletons; when they failed on their own: « — », never a skeleton pulsing forever.
 */
export function InvoiceStatsCards({
  stats,
  failed,
  isMobile,
}: {
  stats: InvoiceStats | undefined;
  failed: boolean;
  isMobile: boolean;
}) {
  return (
    <ul aria-label="Statistiques des factures" className={cn("grid gap-3", isMobile ? "grid-cols-2" : "grid-cols-4")}>
      {CARDS.map((card) => (
        <li
          key={card.key}
          data-testid={`invoice-stat-${card.key}`}
          className={cn(
            "flex min-w-0 items-center gap-3 rounded-lg border border-border bg-card shadow-card",
            isMobile ? "p-3" : "p-4",
          )}
        >
          {!isMobile && (
            <span
              aria-hidden="true"
              className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5", card.tone)}
            >
              {card.icon}
            </span>
          )}
          <div className="flex min-w-0 flex-col">
            <p className="flex items-baseline gap-1.5 text-[0.8125rem] leading-snug text-muted-foreground">
              {card.label}
              <span className="font-semibold text-foreground tabular-nums">
                {stats ? formatCount(card.count(stats)) : failed ? "—" : null}
              </span>
            </p>
            <p className={cn("font-semibold tabular-nums", isMobile ? "text-base" : "text-xl")}>
              {stats ? formatEuro(card.amount(stats)) : failed ? "—" : <Skeleton className="my-1 h-6 w-24" />}
            </p>
            {!isMobile && <p className="text-xs text-muted-foreground">{card.hint}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
