import { formatEuro, plural } from "@shared/format";
import { DiscountFields } from "@web/components/document-lines/discount-fields";
import type { DiscountMode } from "@web/components/document-lines/line-fields";
import { DocumentLinesEditor } from "@web/components/document-lines/lines-editor";
import { DocumentTotalsTable, type TotalsView } from "@web/components/document-lines/totals-table";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice } from "@web/components/form/stale-version";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { cn } from "@web/lib/cn";
import { Calculator, ListOrdered } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import type { FieldError, UseFormReturn } from "react-hook-form";
import type { DocumentFormFields } from "./document-form";

/** What `DocumentForm` draws from `useDocumentForm` (and the kind's hook over it). */
export interface DocumentFormView<T extends DocumentFormFields, O> {
  form: UseFormReturn<T, unknown, O>;
  editing: boolean;
  submit: (event?: FormEvent) => Promise<void>;
  cancel: () => void;
  open: Readonly<Record<"items" | "totals", boolean>>;
  toggle: (section: "items" | "totals") => (next: boolean) => void;
  discountMode: DiscountMode;
  switchDiscountMode: (mode: DiscountMode) => void;
  discountPercentage: number;
  totals: TotalsView & { lines: readonly { subtotal: number }[] };
  lineCount: number;
  stale: boolean;
  reload: () => Promise<unknown>;
}

export interface DocumentFormProps<T extends DocumentFormFields, O> {
  state: DocumentFormView<T, O>;
  /** The kind: the line editor's words and the prefix of the test ids (`quote-items-total`). */
  kind: "quote" | "invoice";
  texts: {
    /** « Lignes du devis » */
    lines: string;
    /** « Totaux et remise » */
    totals: string;
    /** The totals table's accessible name (« Totaux du devis »). */
    totalsLabel: string;
    /** « Créer le devis » (« Enregistrer » on edit). */
    create: string;
  };
  isMobile: boolean;
  className?: string;
  /** Around the sections (a dialog scrolls them between its header and its footer). */
  bodyClassName?: string;
  footerClassName?: string;
  /** Above the sections (a dialog's header). */
  header?: ReactNode;
  /** The kind's first sections (its information, notices). */
  children?: ReactNode;
  /** The kind's sections after the totals (history, notes). */
  after?: ReactNode;
  /** The line editor's options. */
  lines?: { defaultTaxRate?: number; showCosts?: boolean; showError?: boolean };
  /** Under the line editor (a notice about the lines). */
  linesNotice?: ReactNode;
  /** Before the lines' total (the quote's margin). */
  linesTotalLead?: ReactNode;
  /** Under the totals table. */
  totalsNotice?: ReactNode;
}

/**
 * A document's form (a quote, an invoice): the kind's sections first, then its lines, its totals
 * with the discount, the kind's later sections and the footer with the total and the actions.
 * The state is `useDocumentForm`'s; the kind passes its words and its own parts.
 */
export function DocumentForm<T extends DocumentFormFields, O>({
  state,
  kind,
  texts,
  isMobile,
  className,
  bodyClassName,
  footerClassName,
  header,
  children,
  after,
  lines = {},
  linesNotice,
  linesTotalLead,
  totalsNotice,
}: DocumentFormProps<T, O>) {
  const { form, totals, open, toggle, discountMode, switchDiscountMode, discountPercentage } = state;
  const {
    formState: { errors: formErrors, isSubmitting },
  } = form;
  const errors = formErrors as Partial<Record<"items" | "discount_percentage" | "discount_amount", FieldError>> & {
    items?: FieldError & { root?: FieldError };
  };
  const linesError = lines.showError ? (errors.items?.message ?? errors.items?.root?.message) : undefined;

  return (
    <form noValidate onSubmit={state.submit} className={className} aria-busy={isSubmitting}>
      {header}
      <Body className={bodyClassName}>
        {state.stale && <StaleVersionNotice onReload={state.reload} />}
        {children}

        <CollapsibleSection
          title={texts.lines}
          icon={<ListOrdered />}
          open={open.items}
          onOpenChange={toggle("items")}
          hasError={Boolean(errors.items)}
          summary={`${plural(state.lineCount, "ligne")} · ${formatEuro(totals.total)}\u00a0TTC`}
          contentClassName="px-3"
        >
          {linesError && (
            <p role="alert" className="mb-3 px-1 text-[0.8125rem] font-medium text-destructive">
              {linesError}
            </p>
          )}
          <DocumentLinesEditor
            form={form}
            document={kind}
            lineAmounts={totals.lines.map((l) => l.subtotal)}
            defaultTaxRate={lines.defaultTaxRate}
            showCosts={lines.showCosts}
          />
          {linesNotice}
          <div className="mt-4 flex flex-wrap items-baseline justify-end gap-x-3 gap-y-1 border-t border-border px-1 pt-3 text-sm">
            {linesTotalLead}
            <span className="text-muted-foreground">Total TTC{totals.discount > 0 ? " après remise" : ""}</span>
            <span className="text-base font-semibold tabular-nums" data-testid={`${kind}-items-total`}>
              {formatEuro(totals.total)}
            </span>
          </div>
        </CollapsibleSection>

        <CollapsibleSection
          title={texts.totals}
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
                label={texts.totalsLabel}
                testIdPrefix={kind}
                discountPercentage={discountPercentage}
                className="rounded-md border border-border bg-muted/30 p-4"
              />
              {totalsNotice}
            </div>
          </div>
        </CollapsibleSection>

        {after}
      </Body>

      <div className={cn("flex gap-2", footerClassName)}>
        {!isMobile && (
          <p className="mr-auto text-sm text-muted-foreground">
            Total TTC{" "}
            <span className="font-semibold text-foreground tabular-nums" data-testid={`${kind}-footer-total`}>
              {formatEuro(totals.total)}
            </span>
          </p>
        )}
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={state.cancel}
          submitLabel={state.editing ? "Enregistrer" : texts.create}
        />
      </div>
    </form>
  );
}

/** The sections in their own box (a dialog scrolls them), or straight in the form. */
function Body({ className, children }: { className?: string; children: ReactNode }) {
  return className ? <div className={className}>{children}</div> : children;
}
