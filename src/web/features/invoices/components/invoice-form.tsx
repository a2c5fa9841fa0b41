import type { Invoice } from "@shared/invoices";
import type { Quote } from "@shared/quotes";
import { DocumentForm } from "@web/components/document-form/document-form-view";
import { cn } from "@web/lib/cn";
import { ScrollText } from "lucide-react";
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
  return (
    <DocumentForm
      state={state}
      kind="invoice"
      texts={INVOICE_FORM_SECTION_TEXTS}
      isMobile={isMobile}
      className="flex flex-col gap-4"
      footerClassName={cn(
        "sticky z-10 items-center rounded-lg border border-border bg-card/95 px-4 py-3 shadow-elevated backdrop-blur supports-[backdrop-filter]:bg-card/85",
        // Above the phone's tab bar; at the foot of the window on a desktop.
        isMobile ? "bottom-[calc(4.75rem+env(safe-area-inset-bottom))]" : "bottom-4",
      )}
      lines={{ showError: true }}
      totalsNotice={
        <>
          {state.reverseCharge && <ReverseChargeNote />}
          {quote && (
            <p className="text-[0.8125rem] text-muted-foreground">
              {"Les acomptes émis sur ce devis seront déduits de ces totaux à l’enregistrement."}
            </p>
          )}
        </>
      }
      after={<InvoiceNotesSection state={state} icon={<ScrollText />} />}
    >
      <InvoiceInfoSection state={state} isMobile={isMobile} />
    </DocumentForm>
  );
}

const INVOICE_FORM_SECTION_TEXTS = {
  lines: "Lignes de facturation",
  totals: "Totaux et remises",
  totalsLabel: "Totaux de la facture",
  create: "Créer la facture",
};
