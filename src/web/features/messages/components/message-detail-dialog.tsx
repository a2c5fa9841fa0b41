import { formatDateTime } from "@shared/format";
import { MESSAGE_KIND_LABELS } from "@shared/message-rules";
import type { MessageSummary } from "@shared/messages";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { LoadError } from "@web/components/ui/list-state";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Spinner } from "@web/components/ui/spinner";
import { errorDescription } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { Check, Copy, Download, LoaderCircle, Paperclip } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { downloadAttachment, messageQueryOptions } from "../api/get-outbox";
import { documentLabel, documentPath } from "../lib/outbox-labels";
import { MessageStatusBadge } from "./message-status-badge";

export interface MessageDetailDialogProps {
  /** The message of the list that was opened (its summary shows at once, the body when it arrives). */
  message: MessageSummary | null;
  isMobile: boolean;
  onClose: () => void;
}

/** A message as it was sent: its headers, its text (plain, as written) and its attachment to download. */
export function MessageDetailDialog({ message, isMobile, onClose }: MessageDetailDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-2xl gap-0 p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {message && (
        <div className="flex min-h-0 flex-1 flex-col">
          <div
            className={cn(
              "flex flex-col gap-2 border-b border-border",
              isMobile ? "px-5 pt-3 pb-4 pr-14" : "px-6 py-5 pr-14",
            )}
          >
            <div className="flex flex-wrap items-center gap-2">
              <MessageStatusBadge status={message.status} />
              <span className="text-[0.8125rem] text-muted-foreground">{MESSAGE_KIND_LABELS[message.kind]}</span>
            </div>
            <DialogTitle className="break-words">{message.subject}</DialogTitle>
            <DialogDescription id={descriptionId}>
              {message.sent_at
                ? `Envoyé le ${formatDateTime(message.sent_at)}`
                : `Créé le ${formatDateTime(message.created_at)}`}
              {message.created_by_name ? ` par ${message.created_by_name}` : ""}
            </DialogDescription>
          </div>
          <MessageDetailBody message={message} isMobile={isMobile} />
          <ModalFooter isMobile={isMobile} stretch>
            <Button variant="outline" onClick={onClose}>
              Fermer
            </Button>
          </ModalFooter>
        </div>
      )}
    </ResponsiveModal>
  );
}

function MessageDetailBody({ message, isMobile }: { message: MessageSummary; isMobile: boolean }) {
  const detail = useQuery(messageQueryOptions(message.id));
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAttachment(message);
    } catch (error) {
      toast.error("Impossible de télécharger la pièce jointe", { description: errorDescription(error) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <Header label="À">{message.to.join(", ")}</Header>
        {message.cc.length > 0 && <Header label="Cc">{message.cc.join(", ")}</Header>}
        {message.document && (
          <Header label="Document">
            <Link to={documentPath(message.document)} className="font-medium text-primary hover:underline">
              {documentLabel(message.document)}
            </Link>
          </Header>
        )}
        {message.status !== "sent" && message.attempts > 0 && (
          <Header label="Essais">{String(message.attempts)}</Header>
        )}
      </dl>

      {message.error && message.status !== "sent" && (
        <p
          role="status"
          className="rounded-md border border-[#fecaca] bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
        >
          {message.error}
        </p>
      )}

      {detail.isPending ? (
        <Spinner className="py-8" label="Chargement du message…" />
      ) : detail.isError ? (
        <LoadError
          title="Impossible d’afficher le message"
          message={errorDescription(detail.error)}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <section
            aria-label="Texte du message"
            className="rounded-md border border-border bg-muted/40 px-4 py-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
          >
            {detail.data.body}
          </section>
          <SigningLinkCopy body={detail.data.body} />
        </>
      )}

      {message.attachment_name && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-border px-3 py-2">
          <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{message.attachment_name}</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void download()}
            disabled={downloading}
            aria-label={`Télécharger ${message.attachment_name}`}
          >
            {downloading ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Télécharger
          </Button>
        </div>
      )}
    </div>
  );
}

function Header({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

const SIGNING_LINK_TEXTS = {
  copy: "Copier le lien de signature",
  copied: "Lien de signature copié",
  copyFailed: "Copie impossible\u00a0: sélectionnez le lien dans le message et copiez-le",
} as const;

/** The quote's signing link a message carries (`…/signer/<token>`), if any. */
function signingLinkOf(body: string): string | null {
  return body.match(/https?:\/\/[^\s]+\/signer\/[A-Za-z0-9_-]+/)?.[0] ?? null;
}

/**
 * « Copier le lien de signature » (issue 32): a message kept in « Messages » without a mail server is
 * handed over by the artisan (SMS, another mailbox); its signing link is copied in one tap.
 */
function SigningLinkCopy({ body }: { body: string }) {
  const link = signingLinkOf(body);
  const [copied, setCopied] = useState(false);
  if (!link) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(SIGNING_LINK_TEXTS.copied);
    } catch {
      toast.error(SIGNING_LINK_TEXTS.copyFailed);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {SIGNING_LINK_TEXTS.copy}
    </Button>
  );
}
