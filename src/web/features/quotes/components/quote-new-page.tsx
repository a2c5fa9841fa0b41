import type { Quote } from "@shared/quotes";
import { PageLeaveGuard } from "@web/components/form/page-leave-guard";
import { PageHeader } from "@web/components/ui/page-header";
import { paths } from "@web/lib/paths";
import { QuoteForm } from "./quote-form";

export interface QuoteNewPageProps {
  isMobile: boolean;
  /** ?client_id= — the client preselected (the client card's 'Nouveau devis'). */
  clientId: string | null;
  /** « <company id>:<user id> »: the draft kept on this device (QuoteForm). */
  draftScope: string | null;
  onCancel: () => void;
  onCreated: (quote: Quote) => void;
}

/** /quotes/new: the create form as a page (docs/domain/quotes.md#screen), back to /quotes. */
export function QuoteNewPage({ isMobile, clientId, draftScope, onCancel, onCreated }: QuoteNewPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        back={{ to: paths.quotes, label: "Retour aux devis" }}
        title="Nouveau devis"
        subtitle="Les champs marqués d’un * sont obligatoires. Les totaux se calculent en direct."
      />
      <PageLeaveGuard
        onCancel={onCancel}
        description={"Le devis en cours de saisie n’a pas été enregistré\u00a0: il sera perdu."}
      >
        <QuoteForm
          quote={null}
          initialClientId={clientId}
          draftScope={draftScope}
          isMobile={isMobile}
          variant="page"
          onCancel={onCancel}
          onSaved={onCreated}
        />
      </PageLeaveGuard>
    </div>
  );
}
