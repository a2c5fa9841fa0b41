import { isFinalQuoteStatus } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { useQuery } from "@tanstack/react-query";
import type { MessageAction } from "@web/components/send-message/send-message-api";
import { ResponsiveModal } from "@web/components/ui/responsive-modal";
import { useId } from "react";
import { quoteQueryOptions } from "../api/get-quote";
import { useQuoteAccess } from "../hooks/use-quote-access";
import { QuoteForm } from "./quote-form";
import { QuoteView } from "./quote-view";

export type QuoteDialogState = { mode: "create" } | { mode: "edit" | "view"; quote: Quote } | null;

export interface QuoteDialogProps {
  state: QuoteDialogState;
  onStateChange: (state: QuoteDialogState) => void;
  isMobile: boolean;
  pdfPending: (id: string) => boolean;
  onDownloadPdf: (quote: Quote) => void;
  onSaved?: (quote: Quote) => void;
  /**
   * After « Créer le devis »: the form closes, then this (the quotes page opens the new quote's view
   * in its place: an action shows its result, issue 32).
   */
  onCreated?: (quote: Quote) => void;
  /** « <company id>:<user id> »: the quote being written is kept on this device (QuoteForm). */
  draftScope?: string | null;
  /** « Envoyer au client » / « Relancer » from the view: the page opens the send dialog. */
  onMail?: (quote: Quote, kind: MessageAction) => void;
}

/**
 * The quote dialog (docs/domain/quotes.md#screen): 'Créer un nouveau devis' / 'Modifier le devis', or the read-only
 * view (a finalised quote always opens read-only). A centred dialog on desktop, a full-height
 * sheet on mobile.
 */
export function QuoteDialog({
  state,
  onStateChange,
  isMobile,
  pdfPending,
  onDownloadPdf,
  onSaved,
  onCreated,
  draftScope = null,
  onMail,
}: QuoteDialogProps) {
  const descriptionId = useId();
  const permissions = useQuoteAccess();
  const listed = state && state.mode !== "create" ? state.quote : null;
  const detail = useQuery({
    ...quoteQueryOptions(listed?.id ?? ""),
    enabled: listed !== null,
    placeholderData: listed ?? undefined,
  });
  const quote = listed ? (detail.data?.id === listed.id ? detail.data : listed) : null;
  const editing = state?.mode === "edit" && quote !== null && !isFinalQuoteStatus(quote.status) && permissions.canEdit;
  const close = () => onStateChange(null);

  return (
    <ResponsiveModal
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      modalLock={state?.mode === "create" || editing}
      dialogClassName="flex max-h-[92dvh] max-w-5xl flex-col gap-0 overflow-hidden p-0"
      sheetClassName="h-dvh max-h-dvh rounded-t-none border-t-0"
    >
      {state?.mode === "create" && (
        <QuoteForm
          key="new"
          quote={null}
          isMobile={isMobile}
          variant="dialog"
          draftScope={draftScope}
          descriptionId={descriptionId}
          onCancel={close}
          onSaved={(saved) => {
            onSaved?.(saved);
            close();
            onCreated?.(saved);
          }}
        />
      )}
      {quote &&
        (editing ? (
          <QuoteForm
            key={quote.id}
            quote={quote}
            isMobile={isMobile}
            variant="dialog"
            draftScope={draftScope}
            descriptionId={descriptionId}
            onCancel={close}
            onSaved={(saved) => {
              onSaved?.(saved);
              close();
            }}
          />
        ) : (
          <QuoteView
            quote={quote}
            isMobile={isMobile}
            canEdit={permissions.canEdit}
            pdfPending={pdfPending(quote.id)}
            descriptionId={descriptionId}
            onEdit={() => onStateChange({ mode: "edit", quote })}
            onDownloadPdf={() => onDownloadPdf(quote)}
            onClose={close}
            onMail={onMail ? (kind) => onMail(quote, kind) : undefined}
          />
        ))}
    </ResponsiveModal>
  );
}
