import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do on the quote screens, asked once through `useCan`. */
export function useQuoteAccess() {
  return {
    canCreate: useCan("quotes:create"),
    /** Also edits templates. */
    canEdit: useCan("quotes:edit"),
    /** Deletes templates in the picker. */
    canDeleteTemplates: useCan("quotes:delete"),
    /** Costs and margins of lines and quotes (never printed). */
    canSeeMargins: useCan("quotes:margins"),
    /** The conversion actions (announced until those screens exist). */
    canCreateProject: useCan("projects:create"),
    canCreateInvoice: useCan("invoices:create"),
    /** The client filter and client names in the history. */
    canListClients: useCan("clients:view"),
    /** « Nouveau client » in the quote form's client picker. */
    canCreateClients: useCan("clients:create"),
  };
}

export type QuoteAccess = ReturnType<typeof useQuoteAccess>;
