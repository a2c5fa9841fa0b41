import { formatDeduction, formatEuro, formatPercent } from "@shared/format";
import { cn } from "@web/lib/cn";

export interface TotalsView {
  subtotal: number;
  discount: number;
  vat_breakdown: readonly { rate: number; net: number; tax: number }[];
  tax_amount: number;
  total: number;
}

export interface DocumentTotalsTableProps {
  totals: TotalsView;
  /** The table's accessible name (« Totaux du devis »). */
  label: string;
  /** `quote` → `quote-total-ttc`. */
  testIdPrefix: string;
  /** The discount percentage, shown beside « Remise » when it applies. */
  discountPercentage?: number;
  className?: string;
}

/**
 * Total HT, remise, VAT per rate on the base after the discount, total VAT, total TTC
 * (docs/domain/money.md#totals: the same figures as the API and the PDF).
 */
export function DocumentTotalsTable({
  totals,
  label,
  testIdPrefix,
  discountPercentage = 0,
  className,
}: DocumentTotalsTableProps) {
  const hasDiscount = totals.discount > 0;
  const testId = (name: string) => `${testIdPrefix}-total-${name}`;
  return (
    <dl className={cn("flex flex-col gap-2 text-sm", className)} aria-label={label}>
      <Row label="Total HT" value={formatEuro(totals.subtotal)} testId={testId("ht")} />
      {hasDiscount && (
        <>
          <Row
            label={discountPercentage > 0 ? `Remise (${formatPercent(discountPercentage)})` : "Remise"}
            value={formatDeduction(totals.discount)}
            testId={testId("discount")}
            className="text-success"
          />
          <Row
            label="Total HT après remise"
            value={formatEuro(totals.subtotal - totals.discount)}
            testId={testId("net")}
          />
        </>
      )}
      {totals.vat_breakdown.map((line) => (
        <Row
          key={line.rate}
          label={`TVA ${formatPercent(line.rate)}`}
          hint={`sur ${formatEuro(line.net)}`}
          value={formatEuro(line.tax)}
          testId={testId(`vat-${String(line.rate).replace(".", "_")}`)}
          muted
        />
      ))}
      <Row label="Total TVA" value={formatEuro(totals.tax_amount)} testId={testId("tva")} />
      <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3">
        <dt className="text-base font-semibold">Total TTC</dt>
        <dd className="text-xl font-semibold text-primary tabular-nums" data-testid={testId("ttc")}>
          {formatEuro(totals.total)}
        </dd>
      </div>
    </dl>
  );
}

interface RowProps {
  label: string;
  value: string;
  hint?: string;
  testId: string;
  muted?: boolean;
  className?: string;
}

function Row({ label, value, hint, testId, muted, className }: RowProps) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4", className)}>
      <dt className={cn(muted && "text-muted-foreground")}>
        {label}
        {hint && <span className="ml-1.5 text-xs text-muted-foreground">{hint}</span>}
      </dt>
      <dd className={cn("font-medium tabular-nums", muted && "text-muted-foreground")} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
