import { formatDate } from "@shared/format";
import { MESSAGE_TEXTS } from "@shared/message-rules";
import { PENDING_QUOTE_STATUSES, QUOTE_TEXTS } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { DocumentLinesView } from "@web/components/document-lines/lines-view";
import { DocumentTotalsTable } from "@web/components/document-lines/totals-table";
import { DocumentMessages } from "@web/components/send-message/document-messages";
import type { MessageAction } from "@web/components/send-message/send-message-api";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { ModalHeader } from "@web/components/ui/modal-header";
import { cn } from "@web/lib/cn";
import {
  BellRing,
  CalendarClock,
  CalendarDays,
  Download,
  History,
  LoaderCircle,
  Lock,
  Mail,
  MapPin,
  Pencil,
  UserRound,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { statusActions, worksiteLine } from "../lib/quote-format";
import { QuoteHistoryList } from "./quote-history";
import { QuoteMarginSummary } from "./quote-margin";
import { QuoteSignature } from "./quote-signature";
import { QuoteStatusBadge } from "./quote-status-badge";

export interface QuoteViewProps {
  quote: Quote;
  isMobile: boolean;
  canEdit: boolean;
  pdfPending: boolean;
  descriptionId?: string;
  onEdit: () => void;
  onDownloadPdf: () => void;
  onClose: () => void;
  /** « Envoyer au client » / « Relancer » (quotes:edit): the send dialog, opened by the list. */
  onMail?: ((kind: MessageAction) => void) | undefined;
}

/** The read-only view of a quote; a finalised one carries its warning (docs/domain/quotes.md#screen). */
export function QuoteView({
  quote,
  isMobile,
  canEdit,
  pdfPending,
  descriptionId,
  onEdit,
  onDownloadPdf,
  onClose,
  onMail,
}: QuoteViewProps) {
  const { final } = statusActions(quote);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [messagesOpen, setMessagesOpen] = useState(false);
  // A quote not final is sent (a draft becomes « Envoyé au client »); a sent one is reminded.
  const mail = {
    send: Boolean(onMail) && canEdit && !final,
    remind: Boolean(onMail) && canEdit && PENDING_QUOTE_STATUSES.includes(quote.status),
  };
  const items = [...quote.items].sort((a, b) => a.position - b.position);
  const pad = isMobile ? "px-4" : "px-6";

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ModalHeader
        title={
          <>
            <span className="whitespace-nowrap">Devis {quote.reference}</span>
            {quote.version > 1 && (
              <span className="text-sm font-normal whitespace-nowrap text-muted-foreground">
                Version {quote.version}
              </span>
            )}
            <QuoteStatusBadge status={quote.status} className="font-medium" />
          </>
        }
        titleClassName="flex flex-wrap items-center gap-x-3 gap-y-1"
        description={quote.name}
        descriptionId={descriptionId}
        descriptionClassName="line-clamp-2"
        isMobile={isMobile}
      />

      <div className={cn("relative flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto bg-background/60 py-5", pad)}>
        {final && (
          <Alert variant="warning" role="status">
            <Lock aria-hidden="true" />
            <AlertDescription>{QUOTE_TEXTS.finalWarning}</AlertDescription>
          </Alert>
        )}

        <section aria-label="Informations" className="rounded-lg border border-border bg-card p-4 shadow-card">
          <dl className={cn("grid gap-4 text-sm", isMobile ? "grid-cols-1" : "grid-cols-3")}>
            <Fact icon={<UserRound />} label="Client">
              <span className="font-medium">{quote.client.name}</span>
              {(quote.client.city || quote.client.email) && (
                <span className="block truncate text-muted-foreground">
                  {[quote.client.city, quote.client.email].filter(Boolean).join(" · ")}
                </span>
              )}
            </Fact>
            <Fact icon={<CalendarDays />} label="Date">
              {formatDate(quote.date)}
            </Fact>
            <Fact icon={<CalendarClock />} label="Valable jusqu’au">
              {formatDate(quote.valid_until) || "—"}
            </Fact>
            {quote.worksite && (
              <div className={cn(!isMobile && "col-span-3")}>
                <Fact icon={<MapPin />} label="Adresse du chantier">
                  {quote.worksite.label && <span className="font-medium">{quote.worksite.label} · </span>}
                  {worksiteLine(quote.worksite)}
                </Fact>
              </div>
            )}
          </dl>
          {(quote.notes || quote.terms) && (
            <dl className={cn("mt-4 grid gap-4 border-t border-border pt-4 text-sm", !isMobile && "grid-cols-2")}>
              {quote.notes && (
                <div className="flex flex-col gap-1">
                  <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    Notes internes
                  </dt>
                  <dd className="break-words whitespace-pre-line">{quote.notes}</dd>
                </div>
              )}
              {quote.terms && (
                <div className="flex flex-col gap-1">
                  <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Conditions</dt>
                  <dd className="break-words whitespace-pre-line">{quote.terms}</dd>
                </div>
              )}
            </dl>
          )}
        </section>

        <section aria-label="Lignes du devis" className="rounded-lg border border-border bg-card shadow-card">
          <DocumentLinesView items={items} isMobile={isMobile} label="Lignes du devis" />
        </section>

        <section aria-label="Totaux" className={cn("flex gap-4", isMobile ? "flex-col" : "items-start justify-end")}>
          {quote.margin && <QuoteMarginSummary margin={quote.margin} className={cn("bg-card", !isMobile && "w-72")} />}
          <DocumentTotalsTable
            label="Totaux du devis"
            testIdPrefix="quote"
            totals={{
              subtotal: quote.subtotal,
              discount: quote.discount,
              vat_breakdown: quote.vat_breakdown,
              tax_amount: quote.tax_amount,
              total: quote.total,
            }}
            discountPercentage={quote.discount_percentage}
            className={cn("rounded-lg border border-border bg-card p-4 shadow-card", isMobile ? "w-full" : "w-96")}
          />
        </section>

        <QuoteSignature
          quote={quote}
          canEdit={canEdit}
          isMobile={isMobile}
          pdfPending={pdfPending}
          onDownloadPdf={onDownloadPdf}
        />

        <CollapsibleSection title="Messages" icon={<Mail />} open={messagesOpen} onOpenChange={setMessagesOpen}>
          <DocumentMessages type="quote" id={quote.id} />
        </CollapsibleSection>

        <CollapsibleSection title="Historique" icon={<History />} open={historyOpen} onOpenChange={setHistoryOpen}>
          <QuoteHistoryList quoteId={quote.id} />
        </CollapsibleSection>
      </div>

      <div
        className={cn(
          "flex gap-2 border-t border-border bg-card",
          // On a phone the actions wrap (PDF, send, remind, edit do not fit one row).
          isMobile ? "flex-wrap px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]" : "justify-end px-6 py-4",
        )}
      >
        <Button variant="outline" onClick={onDownloadPdf} disabled={pdfPending} className={cn(isMobile && "flex-1")}>
          {pdfPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
          {isMobile ? "PDF" : "Télécharger le PDF"}
        </Button>
        {mail.remind && (
          <Button variant="outline" onClick={() => onMail?.("remind")} className={cn(isMobile && "flex-1")}>
            <BellRing aria-hidden="true" />
            {MESSAGE_TEXTS.remind}
          </Button>
        )}
        {mail.send && (
          <Button
            variant={mail.remind ? "outline" : "default"}
            onClick={() => onMail?.("send")}
            className={cn(isMobile && "flex-1")}
          >
            <Mail aria-hidden="true" />
            {isMobile ? "Envoyer" : MESSAGE_TEXTS.sendToClient}
          </Button>
        )}
        {/* A final quote offers no « Modifier »: the warning above says why, in words. */}
        {canEdit && !final ? (
          <Button onClick={onEdit} className={cn(isMobile && "flex-1")}>
            <Pencil aria-hidden="true" />
            Modifier
          </Button>
        ) : (
          <Button variant="outline" onClick={onClose} className={cn(isMobile && "flex-1")}>
            Fermer
          </Button>
        )}
      </div>
    </div>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative flex min-h-8 min-w-0 flex-col gap-0.5 pl-11">
      <dt className="text-xs text-muted-foreground">
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 flex size-8 items-center justify-center rounded-md bg-muted text-muted-foreground [&_svg]:size-4"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
