import { useCan } from "@web/hooks/use-can";

/** What the signed-in user may do on « À relancer », asked once through `useCan`. */
export function useReminderAccess() {
  return {
    /** The quotes' list (quotes:view) and its « Relancer » (quotes:edit). */
    canViewQuotes: useCan("quotes:view"),
    canRemindQuotes: useCan("quotes:edit"),
    /** The late invoices (invoices:view) and their « Relancer » (invoices:edit). */
    canViewInvoices: useCan("invoices:view"),
    canRemindInvoices: useCan("invoices:edit"),
  };
}
