import { formatDateTime, formatEuro, formatPercent, plural } from "@shared/format";
import { PENDING_QUOTE_STATUSES, QUOTE_TEXTS } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { VAT_RULE_TEXTS } from "@shared/vat-rules";
import { DiscountFields } from "@web/components/document-lines/discount-fields";
import { DocumentLinesEditor } from "@web/components/document-lines/lines-editor";
import { DocumentTotalsTable } from "@web/components/document-lines/totals-table";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice } from "@web/components/form/stale-version";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { cn } from "@web/lib/cn";
import { Calculator, FilePen, History, ListOrdered, Percent } from "lucide-react";
import { useQuoteForm } from "../hooks/use-quote-form";
import { QUOTE_DRAFT_TEXTS } from "../lib/quote-draft";
import { QuoteHistoryList } from "./quote-history";
import { QuoteInfoSection } from "./quote-info-section";
import { QuoteMarginSummary } from "./quote-margin";
import { QuoteStatusBadge } from "./quote-status-badge";
import { QuoteTemplatePicker } from "./quote-template-picker";

export interface QuoteFormProps {
  /** The quote being edited; creation when null. */
  quote: Quote | null;
  /** /quotes/new?client_id=… */
  initialClientId?: string | null;
  isMobile: boolean;
  /**
   * « <company id>:<user id> »: the quote being written is kept on this device under it until it is saved
   * or discarded (features/quotes/lib/quote-draft.ts); none without it.
   */
  draftScope?: string | null;
  /** In the quote dialog (its title inside) or on the /quotes/new page (the page has the h1). */
  variant: "dialog" | "page";
  descriptionId?: string;
  onCancel: () => void;
  onSaved: (quote: Quote) => void;
}

/**
 * The quote form (docs/domain/quotes.md#screen): info, lines, totals and discount, history on edit.
 * Its state and rules are `useQuoteForm`; this lays out the sections and the footer.
 */
export function QuoteForm({
  quote,
  initialClientId,
  draftScope = null,
  isMobile,
  variant,
  descriptionId,
  onCancel,
  onSaved,
}: QuoteFormProps) {
  const state = useQuoteForm({ quote, initialClientId, draftScope, onCancel, onSaved });
  const editing = quote !== null;
  const {
    form,
    permissions,
    draftOffer,
    resumeDraft,
    ignoreDraft,
    stale,
    reload,
    cancel,
    open,
    toggle,
    discountMode,
    switchDiscountMode,
    discountPercentage,
    appliedTemplate,
    applyChosenTemplate,
    beingWritten,
    totals,
    margin,
    defaultTaxRate,
    mixedVat,
    lineCount,
    submit,
  } = state;
  const {
    formState: { errors, isSubmitting },
  } = form;
  const pad = isMobile ? "px-4" : "px-6";

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      {variant === "dialog" && (
        <div
          className={cn(
            "flex flex-col gap-1.5 border-b border-border",
            isMobile ? "px-5 pt-3 pb-4" : "px-6 py-5",
            "pr-14",
          )}
        >
          <DialogTitle>{editing ? "Modifier le devis" : "Créer un nouveau devis"}</DialogTitle>
          <DialogDescription id={descriptionId} className="flex flex-wrap items-center gap-2">
            {editing ? (
              <>
                <span className="font-medium text-foreground tabular-nums">{quote.reference}</span>
                {quote.version > 1 && <span className="text-muted-foreground">Version {quote.version}</span>}
                <QuoteStatusBadge status={quote.status} />
              </>
            ) : (
              "Les champs marqués d’un * sont obligatoires. Les totaux se calculent en direct."
            )}
          </DialogDescription>
        </div>
      )}

      <div
        className={cn(
          "flex min-h-0 flex-1 flex-col gap-4",
          variant === "dialog" && "relative overflow-y-auto bg-background/60 py-5",
          variant === "dialog" && pad,
        )}
      >
        {stale && <StaleVersionNotice onReload={reload} />}
        {draftOffer && <QuoteDraftOffer savedAt={draftOffer.savedAt} onResume={resumeDraft} onIgnore={ignoreDraft} />}
        {quote && PENDING_QUOTE_STATUSES.includes(quote.status) && (
          <Alert variant="warning" role="note">
            <FilePen aria-hidden="true" />
            <AlertDescription>{QUOTE_TEXTS.sentEditWarning}</AlertDescription>
          </Alert>
        )}
        {!editing && (
          <QuoteTemplatePicker
            onApply={applyChosenTemplate}
            canDelete={permissions.canDeleteTemplates}
            canEdit={permissions.canEdit}
            appliedId={appliedTemplate}
            current={beingWritten}
          />
        )}

        <QuoteInfoSection state={state} open={open.info} onOpenChange={toggle("info")} isMobile={isMobile} />

        <CollapsibleSection
          title="Lignes du devis"
          icon={<ListOrdered />}
          open={open.items}
          onOpenChange={toggle("items")}
          hasError={Boolean(errors.items)}
          summary={`${plural(lineCount, "ligne")} · ${formatEuro(totals.total)}\u00a0TTC`}
          contentClassName={isMobile ? "px-3" : "px-3"}
        >
          <DocumentLinesEditor
            form={form}
            document="quote"
            lineAmounts={totals.lines.map((l) => l.subtotal)}
            defaultTaxRate={defaultTaxRate}
            showCosts={permissions.canSeeMargins}
          />
          {mixedVat && (
            <Alert variant="warning" role="note" className="mt-3" data-testid="quote-mixed-vat">
              <Percent aria-hidden="true" />
              <AlertDescription>{VAT_RULE_TEXTS.mixed}</AlertDescription>
            </Alert>
          )}
          <div className="mt-4 flex flex-wrap items-baseline justify-end gap-x-3 gap-y-1 border-t border-border px-1 pt-3 text-sm">
            {margin && (
              <span className="mr-auto text-muted-foreground" data-testid="quote-items-margin">
                Marge{" "}
                <span
                  className={cn("font-semibold tabular-nums", margin.amount < 0 ? "text-destructive" : "text-success")}
                >
                  {formatEuro(margin.amount)} HT
                  {margin.rate !== null && ` (${formatPercent(margin.rate)})`}
                </span>
              </span>
            )}
            <span className="text-muted-foreground">Total TTC{totals.discount > 0 ? " après remise" : ""}</span>
            <span className="text-base font-semibold tabular-nums" data-testid="quote-items-total">
              {formatEuro(totals.total)}
            </span>
          </div>
        </CollapsibleSection>

        <CollapsibleSection
          title="Totaux et remise"
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
                label="Totaux du devis"
                testIdPrefix="quote"
                discountPercentage={discountPercentage}
                className="rounded-md border border-border bg-muted/30 p-4"
              />
              {margin && <QuoteMarginSummary margin={margin} />}
            </div>
          </div>
        </CollapsibleSection>

        {editing && (
          <CollapsibleSection
            title="Historique"
            icon={<History />}
            open={open.history}
            onOpenChange={toggle("history")}
          >
            <QuoteHistoryList quoteId={quote.id} />
          </CollapsibleSection>
        )}
      </div>

      <div
        className={cn(
          "flex gap-2 border-t border-border bg-card",
          variant === "page" && "mt-4 items-center rounded-lg border px-4 py-3 shadow-card",
          variant === "page" && !isMobile && "sticky bottom-4 z-10 shadow-elevated",
          variant === "dialog" &&
            (isMobile ? "px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]" : "items-center px-6 py-4"),
        )}
      >
        {!isMobile && (
          <p className="mr-auto text-sm text-muted-foreground">
            Total TTC{" "}
            <span className="font-semibold text-foreground tabular-nums" data-testid="quote-footer-total">
              {formatEuro(totals.total)}
            </span>
          </p>
        )}
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel={editing ? "Enregistrer" : "Créer le devis"}
        />
      </div>
    </form>
  );
}

/** A quote being written was kept on this device: offer to resume it or to drop it. */
function QuoteDraftOffer({
  savedAt,
  onResume,
  onIgnore,
}: {
  savedAt: string;
  onResume: () => void;
  onIgnore: () => void;
}) {
  return (
    <Alert role="region" aria-label="Brouillon sur cet appareil" className="flex-col gap-3 sm:flex-row sm:items-center">
      <div className="flex flex-1 flex-col gap-1">
        <AlertTitle>{QUOTE_DRAFT_TEXTS.title}</AlertTitle>
        <AlertDescription>{QUOTE_DRAFT_TEXTS.description(formatDateTime(savedAt))}</AlertDescription>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onResume}>
          {QUOTE_DRAFT_TEXTS.resume}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onIgnore}>
          {QUOTE_DRAFT_TEXTS.ignore}
        </Button>
      </div>
    </Alert>
  );
}
