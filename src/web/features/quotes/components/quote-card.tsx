import { parisToday } from "@shared/dates";
import { storedHtAfterDiscount } from "@shared/documents";
import { formatDate, formatEuro } from "@shared/format";
import { formatQuantityUnit } from "@shared/format-trade";
import { MESSAGE_TEXTS } from "@shared/message-rules";
import { fromCents } from "@shared/money";
import { EXPIRED_LABEL, isExpiredQuote, PENDING_QUOTE_STATUSES, QUOTE_TEXTS } from "@shared/quote-rules";
import type { Quote } from "@shared/quotes";
import type { MessageAction } from "@web/components/send-message/send-message-api";
import { ActionMenu } from "@web/components/ui/action-menu";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import {
  BellRing,
  CalendarClock,
  CalendarDays,
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
  UserRound,
} from "lucide-react";
import { type ReactNode, useId } from "react";
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
  const titleId = useId();
  const actions = statusActions(quote);
  const preview = itemsPreview(quote.items);
  const expired = isExpiredQuote(quote, parisToday());
  const busy = pending.status || pending.duplicate || pending.template;
  const withheld = withheldActions(actions, permissions);

  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col rounded-lg border border-border bg-card shadow-card transition-shadow hover:border-[#c7cbfb]"
    >
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-[0.8125rem] font-semibold tracking-wide text-muted-foreground tabular-nums">
                {quote.reference}
              </span>
              <QuoteStatusBadge status={quote.status} />
              {expired && (
                <span
                  className="inline-flex items-center rounded-full border border-[#fecaca] bg-destructive-soft px-2 py-0.5 text-xs font-medium whitespace-nowrap text-destructive-soft-foreground"
                  data-testid="quote-card-expired"
                >
                  {EXPIRED_LABEL}
                </span>
              )}
            </div>
            <h3 id={titleId} className="min-w-0 text-[0.9375rem] leading-snug font-semibold">
              <button
                type="button"
                onClick={() => on.onView(quote)}
                className="line-clamp-2 text-left break-words after:absolute after:inset-0 after:rounded-lg hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {quote.name}
                <span className="sr-only"> ({quote.reference})</span>
              </button>
            </h3>
          </div>
          <div className="flex shrink-0 flex-col items-end">
            <span className="text-lg leading-tight font-semibold tabular-nums" data-testid="quote-card-total">
              {formatEuro(quote.total)}
            </span>
            <span className="text-xs text-muted-foreground tabular-nums">
              TTC · {formatEuro(fromCents(storedHtAfterDiscount(quote)))} HT
            </span>
          </div>
        </div>

        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">Client&nbsp;: </span>
            <span className="truncate">{quote.client.name}</span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">Date&nbsp;: </span>
            <time dateTime={quote.date}>{formatDate(quote.date)}</time>
          </span>
          {quote.valid_until && (
            <span className={cn("inline-flex items-center gap-1.5", expired && "font-medium text-destructive")}>
              <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
              <span>
                {"Valable jusqu’au\u00a0"}
                <time dateTime={quote.valid_until}>{formatDate(quote.valid_until)}</time>
              </span>
            </span>
          )}
        </p>

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
      </div>

      {withheld.length > 0 && (
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
      )}

      <div className="relative z-10 flex flex-wrap items-center gap-2 border-t border-border px-4 py-3">
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
          {pending.pdf ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
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
      </div>
    </article>
  );
}

/** The card's shape while the list loads. */
export function QuoteCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <div className="h-4 w-24 animate-pulse rounded bg-muted" />
            <div className="h-4 w-20 animate-pulse rounded-full bg-muted" />
          </div>
          <div className="h-5 w-48 animate-pulse rounded bg-muted" />
        </div>
        <div className="h-6 w-24 animate-pulse rounded bg-muted" />
      </div>
      <div className="h-4 w-40 animate-pulse rounded bg-muted" />
      <div className="h-14 animate-pulse rounded-md bg-muted/70" />
      <div className="flex gap-2 border-t border-border pt-3">
        <div className="h-8 w-24 animate-pulse rounded-md bg-muted" />
        <div className="h-8 w-16 animate-pulse rounded-md bg-muted" />
        <div className="h-8 w-24 animate-pulse rounded-md bg-muted" />
      </div>
    </div>
  );
}
