import { formatEuro, formatPercent, plural } from "@shared/format";
import type { QuoteMargin } from "@shared/quote-rules";
import { cn } from "@web/lib/cn";
import { EyeOff } from "lucide-react";

export interface QuoteMarginSummaryProps {
  margin: QuoteMargin;
  className?: string;
}

/**
 * The quote's cost and margin for users holding quotes:margins (docs/domain/quotes.md#margins): its
 * total HT after discount against the cost of its lines. Never printed; lines without a cost are said.
 */
export function QuoteMarginSummary({ margin, className }: QuoteMarginSummaryProps) {
  const loss = margin.amount < 0;
  return (
    <section
      aria-label="Marge du devis"
      className={cn("flex flex-col gap-2 rounded-md border border-border bg-muted/30 p-4 text-sm", className)}
    >
      <dl className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">Déboursé HT</dt>
          <dd className="font-medium tabular-nums" data-testid="quote-margin-cost">
            {formatEuro(margin.cost)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-medium">Marge HT</dt>
          <dd
            className={cn("font-semibold tabular-nums", loss ? "text-destructive" : "text-success")}
            data-testid="quote-margin-amount"
          >
            {formatEuro(margin.amount)}
            {margin.rate !== null && <span className="ml-1.5 font-medium">({formatPercent(margin.rate)})</span>}
          </dd>
        </div>
      </dl>
      {margin.missing_costs > 0 && (
        <p className="text-[0.8125rem] text-warning-soft-foreground" data-testid="quote-margin-missing">
          {margin.missing_costs === 1
            ? "1\u00a0ligne sans coût, comptée à 0\u00a0€"
            : `${plural(margin.missing_costs, "ligne sans coût", "lignes sans coût")}, comptées à 0\u00a0€`}
        </p>
      )}
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <EyeOff aria-hidden="true" className="size-3.5" />
        Jamais imprimée sur le devis
      </p>
    </section>
  );
}
