import { QUOTE_STATUS_LABELS, QUOTE_TEXTS, type QuoteStatus } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { GENERIC_ERROR_MESSAGE, toastFailure } from "@web/lib/api-errors";
import { toast } from "@web/lib/toast";
import { useDownloadQuotePdf } from "../api/download-quote-pdf";
import { useDuplicateQuote } from "../api/duplicate-quote";
import { useDuplicateQuoteAsTemplate } from "../api/duplicate-quote-as-template";
import { useUpdateQuote } from "../api/update-quote";
import { statusChangePayload } from "../lib/quote-form";

export type QuoteActionKind = "pdf" | "duplicate" | "template" | "status";

/**
 * The card and read-only view actions with their success toasts (failures are toasted by each
 * mutation's errorTitle, except a status change, whose spec text carries the message) (docs/domain/quotes.md#toasts): PDF, duplicate, template,
 * status changes. `pending(id, kind)` tells which button shows a spinner.
 */
export function useQuoteActions() {
  const pdf = useDownloadQuotePdf();
  const duplicate = useDuplicateQuote();
  const template = useDuplicateQuoteAsTemplate();
  const update = useUpdateQuote();

  const pending = (id: string, kind: QuoteActionKind): boolean => {
    switch (kind) {
      case "pdf":
        return pdf.isPending && pdf.variables?.id === id;
      case "duplicate":
        return duplicate.isPending && duplicate.variables?.id === id;
      case "template":
        return template.isPending && template.variables?.id === id;
      case "status":
        return update.isPending && update.variables?.id === id;
    }
  };

  return {
    pending,
    downloadPdf: async (quote: Quote) => {
      try {
        await pdf.mutateAsync({ id: quote.id, reference: quote.reference });
        toast.success(QUOTE_TEXTS.pdfDownloaded);
      } catch {
        // Toasted by the mutation (its errorTitle).
      }
    },
    duplicate: async (quote: Quote): Promise<Quote | null> => {
      try {
        const copy = await duplicate.mutateAsync({ id: quote.id });
        toast.success(QUOTE_TEXTS.duplicated, { description: `Nouveau devis créé\u00a0: ${copy.reference}` });
        return copy;
      } catch {
        // Toasted by the mutation (its errorTitle).
        return null;
      }
    },
    saveAsTemplate: async (quote: Quote) => {
      try {
        await template.mutateAsync({ id: quote.id });
        toast.success(QUOTE_TEXTS.templateFromQuote);
      } catch {
        // Toasted by the mutation (its errorTitle).
      }
    },
    changeStatus: async (quote: Quote, status: QuoteStatus): Promise<Quote | null> => {
      try {
        const saved = await update.mutateAsync({ id: quote.id, body: statusChangePayload(quote, status) });
        toast.success(QUOTE_TEXTS.updated, { description: `${saved.reference}\u00a0: ${QUOTE_STATUS_LABELS[status]}` });
        return saved;
      } catch (error) {
        toastFailure("Erreur lors de la mise à jour", error, GENERIC_ERROR_MESSAGE);
        return null;
      }
    },
  };
}
