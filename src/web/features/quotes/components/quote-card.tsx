import { parisToday } from "@shared/dates";
import { storedHtAfterDiscount } from "@shared/documents";
import { formatEuro } from "@shared/format";
import { formatQuantityUnit } from "@shared/format-trade";
import { MESSAGE_TEXTS } from "@shared/message-rules";
import { fromCents } from "@shared/money";
import { EXPIRED_LABEL, isExpiredQuote, PENDING_QUOTE_STATUSES, QUOTE_TEXTS } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import { DocumentCard, DocumentCardSkeleton } from "@web/components/document-card/document-card";
import type { MessageAction } from "@web/components/send-message/send-message-api";
import { ActionMenu } from "@web/components/ui/action-menu";
import { Button } from "@web/components/ui/button";
import { paths } from "@web/lib/paths";
import {
  BellRing,
  CheckCircle2,
  Copy,
  Download,
  Eye,
  FolderPlus,
  HandCoins,
  HardHat,
  History,
  LayoutTemplate,
  LoaderCircle,
  Lock,
  Mail,
  MailWarning,
  Pencil,
  ReceiptText,
  Send,
  StickyNote,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type QuoteAccess, useQuoteAccess } from "../hooks/use-quote-access";
import { itemsPreview, statusActions } from "../lib/quote-format";
import { QuoteStatusBadge } from "./quote-status-badge";

/** Why an action of this status is not offered, in words on the card (not a tooltip touch and keyboard users never see). */
export const WITHHELD_TEXTS = {
  finalLocked: QUOTE_TEXTS.finalLocked,
} as const;

function withheldActions(
  actions: ReturnType<typeof statusActions>,
  permissions: QuoteAccess,
): { key: string; icon: ReactNode; text: string }[] {
  const list: { key: string; icon: ReactNode; text: string }[] = [];
  if (permissions.canEdit && actions.final)
    list.push({ key: "final", icon: <Lock />, text: WITHHELD_TEXTS.finalLocked });
  return list;
}

export interface QuoteCardHandlers {
  onView: (quote: Quote) => void;
  onEdit: (quote: Quote) => void;
  onHistory: (quote: Quote) => void;
  onDownloadPdf: (quote: Quote) => void;
  onDuplicate: (quote: Quote) => void;
  onUseAsTemplate: (quote: Quote) => void;
  onSend: (quote: Quote) => void;
  onRemind: (quote: Quote) => void;
  onValidate: (quote: Quote) => void;
  /** « Facture d'acompte » (a validated quote): the deposit dialog. */
  onDeposit: (quote: Quote) => void;
  /** « Envoyer au client » / « Relancer » by e-mail: the send dialog. */
  onMail: (quote: Quote, kind: MessageAction) => void;
}

export interface QuoteCardProps extends QuoteCardHandlers {
  quote: Quote;
  pending: { pdf: boolean; duplicate: boolean; template: boolean; status: boolean };
  /** Narrow screens: « Dupliquer » moves into the actions menu so the row stays on one line. */
  compact?: boolean;
}

/**
 * A quote of the list (docs/domain/quotes.md#screen): reference, status, name, client, date, total, lines, notes, actions.
 * The whole card opens the quote (its title button is stretched over it); the action row sits above that layer.
 */
export function QuoteCard({ quote, pending, compact = false, ...on }: QuoteCardProps) {
  const permissions = useQuoteAccess();
  const actions = statusActions(quote);
  const preview = itemsPreview(quote.items);
  const expired = isExpiredQuote(quote, parisToday());
  const busy = pending.status || pending.duplicate || pending.template;
  const withheld = withheldActions(actions, permissions);

  return (
    <DocumentCard
      reference={quote.reference}
      badges={
        <>
          <QuoteStatusBadge status={quote.status} />
          {expired && (
            <span
              className="inline-flex items-center rounded-full border border-[#fecaca] bg-destructive-soft px-2 py-0.5 text-xs font-medium whitespace-nowrap text-destructive-soft-foreground"
              data-testid="quote-card-expired"
            >
              {EXPIRED_LABEL}
            </span>
          )}
        </>
      }
      name={quote.name}
      open={{ onClick: () => on.onView(quote) }}
      total={formatEuro(quote.total)}
      totalHint={`TTC · ${formatEuro(fromCents(storedHtAfterDiscount(quote)))} HT`}
      testIdPrefix="quote"
      clientName={quote.client.name}
      date={quote.date}
      deadline={quote.valid_until ? { label: "Valable jusqu’au", date: quote.valid_until, late: expired } : null}
      bodyClassName="gap-3 p-4"
      footer={
        withheld.length > 0 && (
          <ul
            aria-label="Actions indisponibles"
            className="flex flex-col gap-1 px-4 pb-3 text-[0.8125rem] text-muted-foreground"
          >
            {withheld.map(({ key, icon, text }) => (
              <li key={key} className="flex items-start gap-2">
                <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-3.5">
                  {icon}
                </span>
                {text}
              </li>
            ))}
          </ul>
        )
      }
      actions={
        <>
          {permissions.canEdit && !actions.final && (
            <Button size="sm" variant="outline" onClick={() => on.onEdit(quote)}>
              <Pencil aria-hidden="true" />
              Modifier
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => on.onDownloadPdf(quote)}
            disabled={pending.pdf}
            aria-label={`Télécharger le PDF du devis ${quote.reference}`}
          >
            {pending.pdf ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            PDF
          </Button>
          {actions.showCreateProject && permissions.canCreateProject && (
            // A validated quote without a worksite becomes one (spec 2 §2): the creation form, its lines as tasks.
            <Button size="sm" variant="outline" asChild>
              <Link to={`${paths.projectNew}?quote_id=${encodeURIComponent(quote.id)}`}>
                <FolderPlus aria-hidden="true" />
                Créer un chantier
              </Link>
            </Button>
          )}
          {actions.showCreateInvoice && permissions.canCreateInvoice && (
            // Spec 2 §4: only a validated quote becomes an invoice — the form pre-filled from it (spec 3 §2.3).
            <Button size="sm" variant="outline" asChild>
              <Link to={`${paths.invoiceNew}?quote_id=${encodeURIComponent(quote.id)}`}>
                <ReceiptText aria-hidden="true" />
                Créer une facture
              </Link>
            </Button>
          )}
          {quote.project_id && permissions.canViewProjects && (
            <Button size="sm" variant="ghost" asChild>
              <Link to={paths.project(quote.project_id)}>
                <HardHat aria-hidden="true" />
                Voir le chantier
              </Link>
            </Button>
          )}
          {permissions.canCreate && !compact && (
            <Button size="sm" variant="outline" onClick={() => on.onDuplicate(quote)} disabled={pending.duplicate}>
              {pending.duplicate ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Copy aria-hidden="true" />
              )}
              Dupliquer
            </Button>
          )}
          <ActionMenu
            className="ml-auto"
            label={`Plus d’actions pour le devis ${quote.reference}`}
            busy={busy}
            groups={[
              [
                { label: "Voir le devis", icon: Eye, onSelect: () => on.onView(quote) },
                { label: "Historique", icon: History, onSelect: () => on.onHistory(quote) },
              ],
              permissions.canEdit
                ? [
                    ...(!actions.final
                      ? [{ label: MESSAGE_TEXTS.sendToClient, icon: Mail, onSelect: () => on.onMail(quote, "send") }]
                      : []),
                    ...(PENDING_QUOTE_STATUSES.includes(quote.status)
                      ? [{ label: MESSAGE_TEXTS.remind, icon: MailWarning, onSelect: () => on.onMail(quote, "remind") }]
                      : []),
                  ]
                : [],
              permissions.canEdit
                ? [
                    ...(actions.canSend
                      ? [{ label: "Marquer comme envoyé", icon: Send, onSelect: () => on.onSend(quote) }]
                      : []),
                    ...(actions.canRemind
                      ? [{ label: "Marquer comme relancé", icon: BellRing, onSelect: () => on.onRemind(quote) }]
                      : []),
                    ...(actions.canValidate
                      ? [{ label: "Valider le devis", icon: CheckCircle2, onSelect: () => on.onValidate(quote) }]
                      : []),
                  ]
                : [],
              actions.showCreateInvoice && permissions.canCreateInvoice
                ? [{ label: "Facture d’acompte", icon: HandCoins, onSelect: () => on.onDeposit(quote) }]
                : [],
              permissions.canCreate
                ? [
                    ...(compact ? [{ label: "Dupliquer", icon: Copy, onSelect: () => on.onDuplicate(quote) }] : []),
                    { label: "Utiliser comme modèle", icon: LayoutTemplate, onSelect: () => on.onUseAsTemplate(quote) },
                  ]
                : [],
            ]}
          />
        </>
      }
    >
      {preview.items.length > 0 ? (
        <ul
          aria-label="Lignes du devis"
          className="flex flex-col gap-1 rounded-md bg-muted/60 px-3 py-2 text-[0.8125rem]"
        >
          {preview.items.map((item) => (
            <li key={item.id} className="flex min-w-0 items-baseline justify-between gap-3">
              <span className="truncate">{item.name}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                {formatQuantityUnit(item.quantity, item.unit)}
              </span>
            </li>
          ))}
          {preview.restLabel && <li className="text-muted-foreground">{preview.restLabel}</li>}
        </ul>
      ) : (
        <p className="rounded-md bg-muted/60 px-3 py-2 text-[0.8125rem] text-muted-foreground">Aucune ligne</p>
      )}

      {quote.notes && (
        <p className="flex items-start gap-2 text-[0.8125rem] text-muted-foreground">
          <StickyNote aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span className="sr-only">Notes&nbsp;: </span>
          <span className="line-clamp-2 min-w-0 break-words">{quote.notes}</span>
        </p>
      )}
    </DocumentCard>
  );
}

export function QuoteCardSkeleton() {
  return <DocumentCardSkeleton lines />;
}
