import { parisToday } from "@shared/dates";
import { formatEuro, formatMonthYear, plural } from "@shared/format";
import { JOURNAL_TEXTS, type JournalPeriodTotals, type JournalVerification } from "@shared/journal";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState, ListSkeleton, LoadError } from "@web/components/ui/list-state";
import { NativeSelect } from "@web/components/ui/native-select";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { useCan } from "@web/hooks/use-can";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { paths } from "@web/lib/paths";
import { CircleAlert, CircleCheck, Download, FileText, LoaderCircle, Lock, RefreshCw } from "lucide-react";
import { useState } from "react";
import {
  downloadArchive,
  downloadFec,
  journalMonthsQueryOptions,
  journalVerifyQueryOptions,
  useCloseMonth,
} from "../api/journal-api";

const T = JOURNAL_TEXTS.page;

/** The fiscal years offered: this one and the five before. */
const yearsUpTo = (current: number) => Array.from({ length: 6 }, (_, i) => current - i);

/** « novembre 2026 » for « 2026-11 ». */
const monthLabel = (key: string) => formatMonthYear(`${key}-01`);

/**
 * « Journal et comptabilité » (issue 34, docs/domain/journal.md): the journal's check, its totals month by
 * month with their closing and archive, and the FEC of a fiscal year.
 */
export function JournalPage() {
  const today = parisToday();
  const currentYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(currentYear);
  const [fecYear, setFecYear] = useState(currentYear);
  const [closingMonth, setClosingMonth] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const canClose = useCan("invoices:issue");
  const verify = useQuery(journalVerifyQueryOptions());
  const months = useQuery(journalMonthsQueryOptions(year));
  const close = useCloseMonth();

  /** Runs a download, its button busy meanwhile; a failure is a toast. */
  const download = async (key: string, run: () => Promise<unknown>, failed: string) => {
    setBusy(key);
    try {
      await run();
    } catch (error) {
      toastFailure(failed, error);
    } finally {
      setBusy(null);
    }
  };

  const confirmClose = async () => {
    if (!closingMonth) return;
    try {
      await close.mutateAsync(closingMonth);
      toastSuccess(T.closedToast(monthLabel(closingMonth)));
    } catch (error) {
      toastFailure(T.closeFailed, error);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        subtitleClassName="max-w-3xl"
        back={{ to: paths.invoices, label: T.back }}
      />

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <CardTitle>{T.integrity}</CardTitle>
          <Button variant="outline" size="sm" onClick={() => void verify.refetch()} disabled={verify.isFetching}>
            {verify.isFetching ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            {T.verifyAgain}
          </Button>
        </CardHeader>
        <CardContent>
          {verify.data ? (
            <Integrity result={verify.data} />
          ) : verify.isError ? (
            <LoadError title={T.integrity} message={T.loadFailed} onRetry={() => void verify.refetch()} />
          ) : (
            <Skeleton className="h-16 w-full" aria-label="Vérification du journal…" />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
          <CardTitle>{T.months}</CardTitle>
          <NativeSelect
            aria-label={T.year}
            wrapperClassName="w-32"
            value={String(year)}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {yearsUpTo(currentYear).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </CardHeader>
        <CardContent>
          {months.data ? (
            months.data.periods.length === 0 ? (
              <EmptyState icon={<FileText aria-hidden="true" />} title={T.noEntries} text={T.noEntriesText} />
            ) : (
              <ul className="flex flex-col divide-y divide-border" aria-label={`${T.months} ${year}`}>
                {months.data.periods.map((month) => (
                  <MonthRow
                    key={month.key}
                    month={month}
                    over={month.key < today.slice(0, 7)}
                    canClose={canClose}
                    downloading={busy === month.key}
                    onClose={() => setClosingMonth(month.key)}
                    onArchive={(closingId) =>
                      void download(
                        month.key,
                        () => downloadArchive(closingId, `journal-month-${month.key}.zip`),
                        T.archiveFailed,
                      )
                    }
                  />
                ))}
              </ul>
            )
          ) : months.isError ? (
            <LoadError title={T.months} message={T.loadFailed} onRetry={() => void months.refetch()} />
          ) : (
            <ListSkeleton label="Chargement des totaux…" rows={3} item={<Skeleton className="h-12 w-full" />} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{T.fec}</CardTitle>
          <CardDescription>{T.fecText}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <NativeSelect
            aria-label={`${T.year} du FEC`}
            wrapperClassName="w-32"
            value={String(fecYear)}
            onChange={(event) => setFecYear(Number(event.target.value))}
          >
            {yearsUpTo(currentYear).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
          <Button
            onClick={() => void download("fec", () => downloadFec(fecYear), T.fecFailed)}
            disabled={busy === "fec"}
          >
            {busy === "fec" ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {T.fecDownload}
          </Button>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={closingMonth !== null}
        onClose={() => setClosingMonth(null)}
        title={closingMonth ? T.closeTitle(monthLabel(closingMonth)) : ""}
        description={T.closeText}
        confirmLabel={T.close}
        pendingLabel={T.closing}
        onConfirm={confirmClose}
      />
    </div>
  );
}

/** The check's answer: intact (entries, totals, fingerprint) or the first broken entry. */
function Integrity({ result }: { result: JournalVerification }) {
  return (
    <div className="flex flex-col gap-3">
      <p
        role="status"
        className={result.ok ? "flex items-start gap-2 text-success" : "flex items-start gap-2 text-destructive"}
      >
        {result.ok ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        ) : (
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        )}
        <span className="font-medium">{result.message}</span>
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Figure label={T.entries} value={plural(result.entries, "écriture")} />
        <Figure label="Total des ventes TTC" value={formatEuro(result.grand_total)} />
        <Figure label="Total encaissé" value={formatEuro(result.receipts_total)} />
      </dl>
      {result.last_hash && (
        <p className="text-xs text-muted-foreground">
          {T.fingerprint}
          {"\u00a0: "}
          <code className="break-all" title={result.last_hash}>
            {result.last_hash}
          </code>
        </p>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** A month: its sales and receipts, its entries, and its closing (or « Clôturer » once it is over). */
function MonthRow({
  month,
  over,
  canClose,
  downloading,
  onClose,
  onArchive,
}: {
  month: JournalPeriodTotals;
  over: boolean;
  canClose: boolean;
  downloading: boolean;
  onClose: () => void;
  onArchive: (closingId: string) => void;
}) {
  const label = monthLabel(month.key);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3" aria-label={label}>
      <div className="flex min-w-40 flex-col">
        <span className="font-medium first-letter:uppercase">{label}</span>
        <span className="text-xs text-muted-foreground">{plural(month.entries, "écriture")}</span>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="text-muted-foreground">{T.sales}</dt>
          <dd className="font-semibold tabular-nums">{formatEuro(month.sales)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{T.receipts}</dt>
          <dd className="font-semibold tabular-nums">{formatEuro(month.receipts)}</dd>
        </div>
      </dl>
      <div className="flex items-center gap-2">
        {month.closing ? (
          <>
            <Badge variant="success">
              <Lock aria-hidden="true" />
              {JOURNAL_TEXTS.closed}
            </Badge>
            <Button
              variant="outline"
              size="sm"
              aria-label={T.archiveLabel(label)}
              disabled={downloading}
              onClick={() => month.closing && onArchive(month.closing.id)}
            >
              {downloading ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Download aria-hidden="true" />
              )}
              {T.archive}
            </Button>
          </>
        ) : over && canClose ? (
          <Button variant="outline" size="sm" onClick={onClose}>
            <Lock aria-hidden="true" />
            {T.close}
          </Button>
        ) : (
          <Badge variant="outline">{over ? "À clôturer" : T.inProgress}</Badge>
        )}
      </div>
    </li>
  );
}
