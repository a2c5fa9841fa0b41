import { formatDateTime } from "@shared/format";
import { isFinalQuoteStatus } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { CircleCheckBig, Download, FileSignature, LoaderCircle } from "lucide-react";
import { useNavigate } from "react-router";
import { useCreateSigningLink } from "../api/create-signing-link";

export interface QuoteSignatureProps {
  quote: Quote;
  canEdit: boolean;
  isMobile: boolean;
  pdfPending: boolean;
  onDownloadPdf: () => void;
}

/**
 * The quote's signature (docs/domain/signing.md#the-office): who signed and when, with the signed PDF;
 * or, on a quote still to sign, « Faire signer sur place »: a new link, opened in this tab, for the
 * client to sign on the artisan's phone.
 */
export function QuoteSignature({ quote, canEdit, isMobile, pdfPending, onDownloadPdf }: QuoteSignatureProps) {
  const navigate = useNavigate();
  const create = useCreateSigningLink();
  const signature = quote.signature ?? null;

  if (signature) {
    return (
      <section
        aria-label="Signature du client"
        className="flex flex-col gap-3 rounded-lg border border-[#bbf7d0] bg-success-soft p-4 text-sm text-success-soft-foreground sm:flex-row sm:items-center"
      >
        <CircleCheckBig aria-hidden="true" className="size-5 shrink-0 text-success" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="font-semibold">
            {SIGNING_TEXTS.signedBy} {signature.signer_name}
          </p>
          <p>
            Le {formatDateTime(signature.signed_at)} · {SIGNING_TEXTS.via[signature.via]}
          </p>
        </div>
        <Button variant="outline" onClick={onDownloadPdf} disabled={pdfPending} className={cn(isMobile && "w-full")}>
          {pdfPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
          {SIGNING_TEXTS.downloadSigned}
        </Button>
      </section>
    );
  }

  if (!canEdit || isFinalQuoteStatus(quote.status) || quote.items_count === 0) return null;
  const signOnSite = () => create.mutate(quote.id, { onSuccess: (link) => navigate(link.path) });
  return (
    <section
      aria-label="Signature du client"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 text-sm shadow-card sm:flex-row sm:items-center"
    >
      <FileSignature aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="min-w-0 flex-1 text-muted-foreground">
        Le client signe sur le lien reçu par e-mail, ou tout de suite sur votre téléphone.
      </p>
      <Button variant="outline" onClick={signOnSite} disabled={create.isPending} className={cn(isMobile && "w-full")}>
        {create.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <FileSignature aria-hidden="true" />
        )}
        {SIGNING_TEXTS.signOnSite}
      </Button>
    </section>
  );
}
