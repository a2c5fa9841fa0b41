import { formatCount, formatEuro } from "@shared/format";
import type { QuoteSummary as Summary } from "@shared/quotes";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { CheckCircle2, FileText, PencilLine } from "lucide-react";
import type { ReactNode } from "react";

function Tile({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  tone: string;
}) {
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg border border-border bg-card p-4 shadow-card">
      <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5", tone)}>
        {icon}
      </span>
      <p className="flex min-w-0 flex-col-reverse">
        <span className="text-[0.8125rem] leading-snug text-muted-foreground">{label}</span>
        <span className="text-2xl font-semibold tabular-nums" data-testid="quote-tile-value">
          {value === undefined ? <Skeleton className="my-1 h-6 w-10" /> : formatCount(value)}
        </span>
      </p>
    </li>
  );
}

/** Desktop tiles (docs/domain/quotes.md#list-and-figures): total, validated, in progress — over the filtered set. */
export function QuoteTiles({ summary }: { summary: Summary | undefined }) {
  return (
    <ul aria-label="Compteurs devis" className="grid grid-cols-3 gap-3">
      <Tile label="Total devis" value={summary?.count} icon={<FileText />} tone="bg-primary-soft text-primary" />
      <Tile
        label="Validés"
        value={summary?.validated_count}
        icon={<CheckCircle2 />}
        tone="bg-success-soft text-success"
      />
      <Tile
        label="En cours"
        value={summary?.in_progress_count}
        icon={<PencilLine />}
        tone="bg-warning-soft text-warning-soft-foreground"
      />
    </ul>
  );
}

interface AmountProps {
  label: string;
  value: number | undefined;
  hint: string;
  strong?: boolean;
  className?: string;
}

function Amount({ label, value, hint, strong, className }: AmountProps) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-0.5 px-4 py-3 sm:px-5", className)}>
      <dt className="text-[0.8125rem] text-muted-foreground">{label}</dt>
      <dd
        className={cn("text-lg font-semibold tabular-nums sm:text-xl", strong && "text-primary")}
        data-testid={`quote-summary-${label}`}
      >
        {value === undefined ? <Skeleton className="my-1 h-6 w-24" /> : formatEuro(value)}
      </dd>
      <dd className="hidden text-xs text-muted-foreground sm:block">{hint}</dd>
    </div>
  );
}

/** 'CA en attente', 'CA validé', 'Total général' (docs/domain/quotes.md#list-and-figures), over the filtered set. */
export function QuoteFinancialSummary({ summary, isMobile }: { summary: Summary | undefined; isMobile: boolean }) {
  return (
    <section aria-label="Synthèse financière" className="rounded-lg border border-border bg-card shadow-card">
      <dl className={cn("grid", isMobile ? "grid-cols-2" : "grid-cols-3")}>
        <Amount label="CA en attente" value={summary?.pending_amount} hint="Devis envoyés et relancés" />
        <Amount
          label="CA validé"
          value={summary?.validated_amount}
          hint="Devis validés"
          className="border-l border-border"
        />
        <Amount
          label="Total général"
          value={summary?.total_amount}
          hint="Tous les devis du filtre"
          strong
          className={isMobile ? "col-span-2 border-t border-border" : "border-l border-border"}
        />
      </dl>
    </section>
  );
}
