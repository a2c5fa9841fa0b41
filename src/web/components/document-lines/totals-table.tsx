import { type TotalsRow, totalsRows } from "@shared/documents";
import { formatDeduction, formatEuro } from "@shared/format";
import { fromCents } from "@shared/money";
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

/** The test ids of the rows, as the tests and journeys know them (`quote-total-ht`, `quote-total-vat-5_5`…). */
const TEST_IDS: Record<string, string> = { subtotal: "ht", tax: "tva" };
const testIdOf = (row: TotalsRow) =>
  row.vat ? `vat-${String(row.vat.rate).replace(".", "_")}` : (TEST_IDS[row.key] ?? row.key);

/**
 * Total HT, remise, VAT per rate on the base after the discount, total VAT, total TTC: the shared rows
 * (`totalsRows`, src/shared/documents/totals.ts, in cents: the same figures as the API and the PDF),
 * formatted (docs/domain/money.md#totals).
 */
export function DocumentTotalsTable({
  totals,
  label,
  testIdPrefix,
  discountPercentage = 0,
  className,
}: DocumentTotalsTableProps) {
  const { rows, grand } = totalsRows({ ...totals, discount_percentage: discountPercentage });
  const testId = (name: string) => `${testIdPrefix}-total-${name}`;
  return (
    <dl className={cn("flex flex-col gap-2 text-sm", className)} aria-label={label}>
      {rows.map((row) => (
        <Row
          key={row.key}
          label={row.label}
          hint={row.vat && `sur ${formatEuro(fromCents(row.vat.base))}`}
          value={row.tone === "deduction" ? formatDeduction(fromCents(row.amount)) : formatEuro(fromCents(row.amount))}
          testId={testId(testIdOf(row))}
          muted={row.tone === "muted"}
          className={row.tone === "deduction" ? "text-success" : undefined}
        />
      ))}
      <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3">
        <dt className="text-base font-semibold">{grand.label}</dt>
        <dd className="text-xl font-semibold text-primary tabular-nums" data-testid={testId("ttc")}>
          {formatEuro(fromCents(grand.amount))}
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
