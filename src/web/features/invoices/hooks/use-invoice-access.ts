import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do with invoices (docs/domain/invoices.md#permissions), asked once through `useCan`. */
export function useInvoiceAccess() {
  return {
    canView: useCan("invoices:view"),
    canCreate: useCan("invoices:create"),
    /** Edits a draft (« Modifier »). */
    canEdit: useCan("invoices:edit"),
    /** Deletes a draft. */
    canDelete: useCan("invoices:delete"),
    /** « Marquer comme envoyée » (the definitive number) and « Annuler la facture » (the credit note). */
    canIssue: useCan("invoices:issue"),
    /** Payments and « Marquer comme payée ». */
    canPay: useCan("invoices:pay"),
    /** The client picker's « Nouveau client » in the form, the client filter. */
    canListClients: useCan("clients:view"),
    canCreateClients: useCan("clients:create"),
    /** Links to the quote and the worksite of an invoice. */
    canViewQuotes: useCan("quotes:view"),
    canViewProjects: useCan("projects:view"),
  };
}

export type InvoiceAccess = ReturnType<typeof useInvoiceAccess>;
