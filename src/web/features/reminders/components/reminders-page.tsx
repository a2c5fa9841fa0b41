import type { Reminders } from "@shared/messages";
import { useQuery } from "@tanstack/react-query";
import type { SendTarget } from "@web/components/send-message/send-message-api";
import { Button } from "@web/components/ui/button";
import { DetailSection } from "@web/components/ui/detail-section";
import { LoadError } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { errorDescription } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { AlarmClock, CircleCheck, FileClock, MailWarning } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link } from "react-router";
import { remindersQueryOptions } from "../api/get-reminders";
import { useReminderAccess } from "../hooks/use-reminder-access";
import {
  invoiceReminderDetail,
  lastReminded,
  quoteReminderDetail,
  REMINDER_TEXTS,
  remindersIntro,
} from "../lib/reminder-format";

/** The send dialog (react-hook-form, zod) loads when first opened (docs/domain/messages.md#send-and-remind). */
const SendMessageDialog = lazy(() =>
  import("@web/components/send-message/send-message-dialog").then((m) => ({ default: m.SendMessageDialog })),
);

/** A quote is read in the quotes list: `/quotes?search=<reference>` opens the list on it. */
const quoteUrl = (reference: string) => `${paths.quotes}?${new URLSearchParams({ search: reference })}`;

interface Row {
  id: string;
  href: string;
  reference: string;
  title: string;
  detail: string;
  reminded: string | null;
  label: string;
}

function ReminderRow({ row, onRemind }: { row: Row; onRemind: (() => void) | null }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={row.href}
          className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm font-semibold hover:text-primary hover:underline pointer-coarse:min-h-8"
        >
          <span className="text-[0.8125rem] tracking-wide text-muted-foreground tabular-nums">{row.reference}</span>
          <span className="min-w-0 break-words">{row.title}</span>
        </Link>
        <span className="text-[0.8125rem] text-muted-foreground">{row.detail}</span>
        {row.reminded && <span className="text-xs text-muted-foreground">{row.reminded}</span>}
      </div>
      {onRemind && (
        <Button
          size="sm"
          variant="outline"
          onClick={onRemind}
          className="shrink-0"
          aria-label={`${REMINDER_TEXTS.remind} ${row.label}`}
        >
          <MailWarning aria-hidden="true" />
          {REMINDER_TEXTS.remind}
        </Button>
      )}
    </li>
  );
}

function ReminderList({
  title,
  icon,
  rows,
  empty,
  emptyText,
  onRemind,
}: {
  title: string;
  icon: ReactNode;
  rows: Row[] | null;
  empty: string;
  emptyText: string;
  onRemind: ((row: Row) => void) | null;
}) {
  return (
    <DetailSection
      title={title}
      icon={icon}
      flush
      aside={
        rows && rows.length > 0 ? (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold tabular-nums">{rows.length}</span>
        ) : undefined
      }
    >
      {rows === null ? (
        <div role="status" aria-label={`Chargement\u00a0: ${title}`} className="flex flex-col gap-3 px-4 py-4">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <div className="flex items-start gap-3 px-4 py-6">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <div className="flex flex-col gap-0.5">
            <p className="text-sm font-semibold">{empty}</p>
            <p className="text-[0.8125rem] text-muted-foreground">{emptyText}</p>
          </div>
        </div>
      ) : (
        <ul aria-label={title} className="flex flex-col divide-y divide-border">
          {rows.map((row) => (
            <ReminderRow key={row.id} row={row} onRemind={onRemind ? () => onRemind(row) : null} />
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

const quoteRows = (data: Reminders): Row[] =>
  data.quotes.map((q) => ({
    id: q.id,
    href: quoteUrl(q.reference),
    reference: q.reference,
    title: [q.name, q.client_name].filter(Boolean).join(" · "),
    detail: quoteReminderDetail(q.days, q.total),
    reminded: lastReminded(q.last_reminded_at),
    label: `Devis ${q.reference}${q.client_name ? ` · ${q.client_name}` : ""}`,
  }));

const invoiceRows = (data: Reminders): Row[] =>
  data.invoices.map((i) => ({
    id: i.id,
    href: paths.invoice(i.id),
    reference: i.reference,
    title: i.client_name ?? "",
    detail: invoiceReminderDetail(i.days_late, i.remaining, i.due_date),
    reminded: lastReminded(i.last_reminded_at),
    label: `Facture ${i.reference}${i.client_name ? ` · ${i.client_name}` : ""}`,
  }));

/**
 * « À relancer » (docs/domain/messages.md#to-remind): the quotes sent N days ago or more without answer
 * and the late invoices, each with « Relancer » (the send dialog with the reminder's template). Each
 * list for the holders of its permission.
 */
export function RemindersPage({ isMobile }: { isMobile: boolean }) {
  const access = useReminderAccess();
  const query = useQuery(remindersQueryOptions());
  const [mailing, setMailing] = useState<SendTarget | null>(null);
  const mailLoaded = useOpenedOnce(mailing !== null);
  const data = query.data;
  const remind = (type: SendTarget["type"]) => (row: Row) =>
    setMailing({ type, id: row.id, kind: "remind", label: row.label });

  return (
    <div className={cn("flex flex-col gap-6", isMobile && "pb-16")}>
      <PageHeader
        title={REMINDER_TEXTS.title}
        subtitle={data ? remindersIntro(data.after_days) : "\u00a0"}
        subtitleClassName="max-w-3xl"
      />

      {query.isError ? (
        <LoadError
          title={REMINDER_TEXTS.loadFailed}
          message={errorDescription(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div
          className={cn("grid items-start gap-4", access.canViewQuotes && access.canViewInvoices && "lg:grid-cols-2")}
        >
          {access.canViewQuotes && (
            <ReminderList
              title={REMINDER_TEXTS.quotes}
              icon={<FileClock />}
              rows={data ? quoteRows(data) : null}
              empty={REMINDER_TEXTS.noQuotes}
              emptyText={REMINDER_TEXTS.noQuotesText}
              onRemind={access.canRemindQuotes ? remind("quote") : null}
            />
          )}
          {access.canViewInvoices && (
            <ReminderList
              title={REMINDER_TEXTS.invoices}
              icon={<AlarmClock />}
              rows={data ? invoiceRows(data) : null}
              empty={REMINDER_TEXTS.noInvoices}
              emptyText={REMINDER_TEXTS.noInvoicesText}
              onRemind={access.canRemindInvoices ? remind("invoice") : null}
            />
          )}
        </div>
      )}

      {mailLoaded && (
        <Suspense fallback={null}>
          <SendMessageDialog target={mailing} isMobile={isMobile} onClose={() => setMailing(null)} />
        </Suspense>
      )}
    </div>
  );
}
