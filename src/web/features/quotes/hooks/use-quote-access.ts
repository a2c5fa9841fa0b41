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
    /** « Créer un chantier » on a validated quote. */
    canCreateProject: useCan("projects:create"),
    /** « Voir le chantier » on a quote that has one. */
    canViewProjects: useCan("projects:view"),
    /** « Créer une facture » and « Facture d'acompte » on a validated quote. */
    canCreateInvoice: useCan("invoices:create"),
    /** The client filter and client names in the history. */
    canListClients: useCan("clients:view"),
    /** « Nouveau client » in the quote form's client picker. */
    canCreateClients: useCan("clients:create"),
  };
}

export type QuoteAccess = ReturnType<typeof useQuoteAccess>;
