import { ModalHeader } from "@web/components/ui/modal-header";
import { ResponsiveModal } from "@web/components/ui/responsive-modal";
import { cn } from "@web/lib/cn";
import { HandCoins, ReceiptText } from "lucide-react";
import { useId } from "react";

const PROJECT_INVOICE_TEXTS = {
  title: "Que facturer\u00a0?",
  description: (quoteReference: string) => `Ce chantier vient du devis ${quoteReference}.`,
  deposit: "Facture d’acompte",
  depositHint: "Une part du devis, déduite ensuite de la facture de solde.",
  final: "Facture de solde",
  finalHint: "Le devis entier, les acomptes émis déduits.",
} as const;

export interface ProjectInvoiceChoiceProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean;
  quoteReference: string;
  /** « Facture d'acompte »: the quote's deposit dialog (on the quotes screen). */
  onDeposit: () => void;
  /** « Facture de solde »: the quote's final invoice, written as a draft. */
  onFinal: () => void;
}

/**
 * A worksite's « Facturer » when it comes from a quote (docs/domain/invoices.md#from-a-worksite): it asks
 * what to invoice, a deposit or the final invoice, instead of writing the final invoice silently (issue 32).
 * Progress billing (« situation ») will be a third choice once it exists.
 */
export function ProjectInvoiceChoice({
  open,
  onOpenChange,
  isMobile,
  quoteReference,
  onDeposit,
  onFinal,
}: ProjectInvoiceChoiceProps) {
  const descriptionId = useId();
  const choices = [
    {
      label: PROJECT_INVOICE_TEXTS.deposit,
      hint: PROJECT_INVOICE_TEXTS.depositHint,
      Icon: HandCoins,
      onPick: onDeposit,
    },
    { label: PROJECT_INVOICE_TEXTS.final, hint: PROJECT_INVOICE_TEXTS.finalHint, Icon: ReceiptText, onPick: onFinal },
  ];
  return (
    <ResponsiveModal
      open={open}
      onOpenChange={onOpenChange}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-md gap-0 p-0"
    >
      <ModalHeader
        title={PROJECT_INVOICE_TEXTS.title}
        description={PROJECT_INVOICE_TEXTS.description(quoteReference)}
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("flex flex-col gap-3", isMobile ? "px-5 py-4 pb-8" : "px-6 py-5")}>
        {choices.map(({ label, hint, Icon, onPick }) => (
          <button
            key={label}
            type="button"
            onClick={() => {
              onOpenChange(false);
              onPick();
            }}
            className="flex min-h-14 items-start gap-3 rounded-lg border border-border bg-card px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium">{label}</span>
              <span className="text-sm text-muted-foreground">{hint}</span>
            </span>
          </button>
        ))}
      </div>
    </ResponsiveModal>
  );
}
