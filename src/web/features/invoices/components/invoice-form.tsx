import { formatEuro, plural } from "@shared/format";
import type { Invoice } from "@shared/invoices";
import type { Quote } from "@shared/quotes";
import { DiscountFields } from "@web/components/document-lines/discount-fields";
import { DocumentLinesEditor } from "@web/components/document-lines/lines-editor";
import { DocumentTotalsTable } from "@web/components/document-lines/totals-table";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice } from "@web/components/form/stale-version";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { cn } from "@web/lib/cn";
import { Calculator, ListOrdered, ScrollText } from "lucide-react";
import { useInvoiceForm } from "../hooks/use-invoice-form";
import { InvoiceInfoSection, InvoiceNotesSection, ReverseChargeNote } from "./invoice-form-sections";

export interface InvoiceFormProps {
  /** The draft being edited; creation when null. */
  invoice: Invoice | null;
  /** /invoices/new?quote_id=…: the validated quote the invoice is written from (its deposits are deducted). */
  quote?: Quote | null;
  /** /invoices/new?client_id=… */
  initialClientId?: string | null;
  isMobile: boolean;
  onCancel: () => void;
  onSaved: (invoice: Invoice) => void;
}

/**
 * The invoice form (spec 3 §2.3, §2.5; docs/domain/invoices.md#forms-web): general information, billing
 * lines (the quotes' line editor), totals and discounts, notes, terms and legal mentions; its actions in
 * a bar that stays at the bottom of the screen. Its state and rules are `useInvoiceForm`.
 */
export function InvoiceForm({ invoice, quote = null, initialClientId, isMobile, onCancel, onSaved }: InvoiceFormProps) {
  const state = useInvoiceForm({ invoice, quote, initialClientId, onCancel, onSaved });
  const {
    form,
    editing,
    cancel,
    open,
    toggle,
    discountMode,
    switchDiscountMode,
    discountPercentage,
    reverseCharge,
    totals,
    lineCount,
    submit,
    stale,
    reload,
  } = state;
  const {
    formState: { errors, isSubmitting },
  } = form;
  const linesError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={isSubmitting}>
      {stale && <StaleVersionNotice onReload={reload} />}
      <InvoiceInfoSection state={state} isMobile={isMobile} />

      <CollapsibleSection
        title="Lignes de facturation"
        icon={<ListOrdered />}
        open={open.items}
        onOpenChange={toggle("items")}
        hasError={Boolean(errors.items)}
        summary={`${plural(lineCount, "ligne")} · ${formatEuro(totals.total)}\u00a0TTC`}
        contentClassName="px-3"
      >
        {linesError && (
          <p role="alert" className="mb-3 px-1 text-[0.8125rem] font-medium text-destructive">
            {linesError}
          </p>
        )}
        <DocumentLinesEditor form={form} document="invoice" lineAmounts={totals.lines.map((l) => l.subtotal)} />
        <div className="mt-4 flex flex-wrap items-baseline justify-end gap-x-3 gap-y-1 border-t border-border px-1 pt-3 text-sm">
          <span className="text-muted-foreground">Total TTC{totals.discount > 0 ? " après remise" : ""}</span>
          <span className="text-base font-semibold tabular-nums" data-testid="invoice-items-total">
            {formatEuro(totals.total)}
          </span>
        </div>
      </CollapsibleSection>

      <CollapsibleSection
        title="Totaux et remises"
        icon={<Calculator />}
        open={open.totals}
        onOpenChange={toggle("totals")}
        hasError={Boolean(errors.discount_percentage || errors.discount_amount)}
        summary={`Total TTC ${formatEuro(totals.total)}`}
      >
        <div className={cn("grid gap-6", !isMobile && "grid-cols-[minmax(0,18rem)_minmax(0,1fr)]")}>
          <DiscountFields
            form={form}
            mode={discountMode}
            onModeChange={switchDiscountMode}
            error={errors.discount_percentage?.message ?? errors.discount_amount?.message}
          />
          <div className="flex flex-col gap-3">
            <DocumentTotalsTable
              totals={totals}
              label="Totaux de la facture"
              testIdPrefix="invoice"
              discountPercentage={discountPercentage}
              className="rounded-md border border-border bg-muted/30 p-4"
            />
            {reverseCharge && <ReverseChargeNote />}
            {quote && (
              <p className="text-[0.8125rem] text-muted-foreground">
                {"Les acomptes émis sur ce devis seront déduits de ces totaux à l’enregistrement."}
              </p>
            )}
          </div>
        </div>
      </CollapsibleSection>

      <InvoiceNotesSection state={state} icon={<ScrollText />} />

      <div
        className={cn(
          "sticky z-10 flex items-center gap-2 rounded-lg border border-border bg-card/95 px-4 py-3 shadow-elevated backdrop-blur supports-[backdrop-filter]:bg-card/85",
          // Above the phone's tab bar; at the foot of the window on a desktop.
          isMobile ? "bottom-[calc(4.75rem+env(safe-area-inset-bottom))]" : "bottom-4",
        )}
      >
        {!isMobile && (
          <p className="mr-auto text-sm text-muted-foreground">
            Total TTC{" "}
            <span className="font-semibold text-foreground tabular-nums" data-testid="invoice-footer-total">
              {formatEuro(totals.total)}
            </span>
          </p>
        )}
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel={editing ? "Enregistrer" : "Créer la facture"}
        />
      </div>
    </form>
  );
}
