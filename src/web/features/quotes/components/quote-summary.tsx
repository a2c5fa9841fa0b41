import { formatCount, formatEuro, plural } from "@shared/format";
import type { QuoteSummary as Summary } from "@shared/quotes";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { CalendarX2, CheckCircle2, FileText, PencilLine } from "lucide-react";
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

/** Desktop tiles (docs/domain/quotes.md#list-and-figures): total, validated, in progress, expired — over the filtered set. */
export function QuoteTiles({ summary }: { summary: Summary | undefined }) {
  return (
    <ul aria-label="Compteurs devis" className="grid grid-cols-4 gap-3">
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
      <Tile
        label="Expirés"
        value={summary?.expired_count}
        icon={<CalendarX2 />}
        tone="bg-destructive-soft text-destructive-soft-foreground"
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

/**
 * « CA en attente HT », « CA validé HT », « Total HT » (docs/domain/quotes.md#list-and-figures), over the
 * filtered set: amounts before VAT after discount, as an accountant reads them; the sent quotes past their
 * validity date are counted apart (`onShowExpired` lists them).
 */
export function QuoteFinancialSummary({
  summary,
  isMobile,
  onShowExpired,
}: {
  summary: Summary | undefined;
  isMobile: boolean;
  onShowExpired?: () => void;
}) {
  const expired = summary?.expired_count ?? 0;
  return (
    <section aria-label="Synthèse financière" className="rounded-lg border border-border bg-card shadow-card">
      <dl className={cn("grid", isMobile ? "grid-cols-2" : "grid-cols-3")}>
        <Amount
          label="CA en attente HT"
          value={summary?.pending_amount_ht}
          hint="Devis envoyés et relancés, encore valables"
        />
        <Amount
          label="CA validé HT"
          value={summary?.validated_amount_ht}
          hint="Devis validés"
          className="border-l border-border"
        />
        <Amount
          label="Total HT"
          value={summary?.total_amount_ht}
          hint="Hors devis refusés, annulés et expirés"
          strong
          className={isMobile ? "col-span-2 border-t border-border" : "border-l border-border"}
        />
      </dl>
      {expired > 0 && summary && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 border-t border-border px-4 py-2.5 text-[0.8125rem] sm:px-5">
          <CalendarX2 aria-hidden="true" className="size-4 shrink-0 text-destructive" />
          <span data-testid="quote-summary-expired">
            {plural(expired, "devis expiré", "devis expirés")} ({formatEuro(summary.expired_amount_ht)} HT), hors
            attente et hors total
          </span>
          {onShowExpired && (
            <button
              type="button"
              onClick={onShowExpired}
              className="font-medium text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
            >
              Voir les devis expirés
            </button>
          )}
        </p>
      )}
    </section>
  );
}
