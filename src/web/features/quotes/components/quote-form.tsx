import { formatDateTime, formatEuro, formatPercent } from "@shared/format";
import { PENDING_QUOTE_STATUSES, QUOTE_TEXTS } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { VAT_RULE_TEXTS } from "@shared/vat-rules";
import { DocumentForm } from "@web/components/document-form/document-form-view";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { ModalHeader } from "@web/components/ui/modal-header";
import { cn } from "@web/lib/cn";
import { FilePen, History, Percent } from "lucide-react";
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
    permissions,
    draftOffer,
    resumeDraft,
    ignoreDraft,
    open,
    toggle,
    appliedTemplate,
    applyChosenTemplate,
    beingWritten,
    margin,
    defaultTaxRate,
    mixedVat,
  } = state;
  const pad = isMobile ? "px-4" : "px-6";

  return (
    <DocumentForm
      state={state}
      kind="quote"
      texts={QUOTE_FORM_TEXTS}
      isMobile={isMobile}
      className="flex min-h-0 flex-1 flex-col"
      bodyClassName={cn(
        "flex min-h-0 flex-1 flex-col gap-4",
        variant === "dialog" && "relative overflow-y-auto bg-background/60 py-5",
        variant === "dialog" && pad,
      )}
      footerClassName={cn(
        "border-t border-border bg-card",
        variant === "page" && "mt-4 items-center rounded-lg border px-4 py-3 shadow-card",
        variant === "page" && !isMobile && "sticky bottom-4 z-10 shadow-elevated",
        variant === "dialog" &&
          (isMobile ? "px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]" : "items-center px-6 py-4"),
      )}
      header={
        variant === "dialog" && (
          <ModalHeader
            title={editing ? "Modifier le devis" : "Créer un nouveau devis"}
            descriptionId={descriptionId}
            description={
              editing ? (
                <>
                  <span className="font-medium text-foreground tabular-nums">{quote.reference}</span>
                  {quote.version > 1 && <span className="text-muted-foreground">Version {quote.version}</span>}
                  <QuoteStatusBadge status={quote.status} />
                </>
              ) : (
                "Les champs marqués d’un * sont obligatoires. Les totaux se calculent en direct."
              )
            }
            descriptionClassName="flex flex-wrap items-center gap-2"
            isMobile={isMobile}
          />
        )
      }
      lines={{ defaultTaxRate, showCosts: permissions.canSeeMargins }}
      linesNotice={
        mixedVat && (
          <Alert variant="warning" role="note" className="mt-3" data-testid="quote-mixed-vat">
            <Percent aria-hidden="true" />
            <AlertDescription>{VAT_RULE_TEXTS.mixed}</AlertDescription>
          </Alert>
        )
      }
      linesTotalLead={
        margin && (
          <span className="mr-auto text-muted-foreground" data-testid="quote-items-margin">
            Marge{" "}
            <span className={cn("font-semibold tabular-nums", margin.amount < 0 ? "text-destructive" : "text-success")}>
              {formatEuro(margin.amount)} HT
              {margin.rate !== null && ` (${formatPercent(margin.rate)})`}
            </span>
          </span>
        )
      }
      totalsNotice={margin && <QuoteMarginSummary margin={margin} />}
      after={
        editing && (
          <CollapsibleSection
            title="Historique"
            icon={<History />}
            open={open.history}
            onOpenChange={toggle("history")}
          >
            <QuoteHistoryList quoteId={quote.id} />
          </CollapsibleSection>
        )
      }
    >
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
    </DocumentForm>
  );
}

const QUOTE_FORM_TEXTS = {
  lines: "Lignes du devis",
  totals: "Totaux et remise",
  totalsLabel: "Totaux du devis",
  create: "Créer le devis",
};

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
