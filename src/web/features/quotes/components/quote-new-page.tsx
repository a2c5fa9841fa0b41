import type { Quote } from "@shared/quotes";
import { PageLeaveGuard } from "@web/components/form/page-leave-guard";
import { Button } from "@web/components/ui/button";
import { paths } from "@web/lib/paths";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
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
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" asChild className="-ml-2 self-start text-muted-foreground">
          <Link to={paths.quotes}>
            <ArrowLeft aria-hidden="true" />
            Retour aux devis
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">Nouveau devis</h1>
          <p className="text-sm text-muted-foreground">
            Les champs marqués d’un * sont obligatoires. Les totaux se calculent en direct.
          </p>
        </div>
      </div>
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
