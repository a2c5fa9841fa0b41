import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { INVOICE_DEFAULTS, INVOICE_SORT_ORDERS, INVOICE_TEXTS, type InvoiceSort } from "@shared/invoice-rules";
import { JOURNAL_TEXTS } from "@shared/journal-rules";
import { useQuery } from "@tanstack/react-query";
import { ListViewSkeleton } from "@web/components/data-table/data-table";
import { useListView } from "@web/components/data-table/use-list-view";
import { useTableSort } from "@web/components/data-table/use-table-sort";
import { ViewToggle } from "@web/components/data-table/view-toggle";
import { Button } from "@web/components/ui/button";
import { ClearFiltersLink, EmptyState, ListSection, listFailed, NoMatchState } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { BookOpen, FileArchive, Plus, Receipt } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { invoiceStatsQueryOptions } from "../api/get-invoice-stats";
import { invoicesQueryOptions } from "../api/get-invoices";
import type { InvoiceFilters } from "../api/invoice-keys";
import { useInvoiceAccess } from "../hooks/use-invoice-access";
import { useInvoicePdf } from "../hooks/use-invoice-pdf";
import {
  countBadge,
  invoicesCountLabel,
  pageCount,
  STATUS_FILTERS,
  type StatusFilter,
  statusQuery,
} from "../lib/invoice-format";
import { InvoiceCard, InvoiceCardSkeleton } from "./invoice-card";
import { InvoiceStatsCards } from "./invoice-stats";
import { InvoiceTable } from "./invoice-table";

/** The export's form (react-hook-form, zod) loads when first opened, not with the list (ADR 0005 §10). */
const ExportDialog = lazy(() => import("./export-dialog").then((m) => ({ default: m.ExportDialog })));

/** Spec 3 §2.2: the search is sent 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** « Factures » (spec 3 §2.2, docs/domain/invoices.md#screens): stats, search, status filter, the invoices and their pages. */
export function InvoicesPage({ isMobile }: { isMobile: boolean }) {
  const { canCreate } = useInvoiceAccess();
  // « Cartes / Tableau » on a laptop (docs/domain/invoices.md#as-a-table).
  const listView = useListView("invoices");
  const table = listView.view === "table";
  const navigate = useNavigate();
  // `?search=` opens the list on an invoice (a reference named elsewhere).
  const [params] = useSearchParams();
  const [term, setTerm] = useState(() => params.get("search") ?? "");
  const [status, setStatus] = useState<StatusFilter>("all");
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS).trim();
  const filters: InvoiceFilters = { search, status: statusQuery(status) };

  // The table's headers order the list on the server (docs/domain/invoices.md#as-a-table).
  const sorting = useTableSort<InvoiceSort>("date", INVOICE_SORT_ORDERS);

  // The page goes back to 1 whenever the filters or the order change.
  const filterKey = JSON.stringify([search, status, sorting.sort, sorting.order]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => {
    setPaging({ key: filterKey, page: next });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  // The list and its stats are asked side by side.
  const query = useQuery(invoicesQueryOptions({ ...filters, page, ...sorting.params }));
  const stats = useQuery(invoiceStatsQueryOptions(filters));
  const pdf = useInvoicePdf();
  const [exporting, setExporting] = useState(false);
  const exportLoaded = useOpenedOnce(exporting);

  const invoices = query.data?.invoices ?? [];
  const rendered = useProgressiveList(invoices);
  const total = query.data?.pagination.total ?? 0;
  const pages = query.data?.pagination.totalPages ?? pageCount(total, INVOICE_DEFAULTS.pageSize);
  const filtered = term.trim() !== "" || status !== "all";
  const failed = listFailed(query, invoices.length);

  const clearFilters = () => {
    setTerm("");
    setStatus("all");
  };

  const newInvoice = (label: string, grow = false) => (
    <Button asChild className={cn(isMobile && (grow ? "flex-1" : "w-full"))}>
      <Link to={paths.invoiceNew}>
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );

  return (
    // On a phone the last card can scroll clear of the toasts above the bottom bar.
    <div className={cn("flex flex-col gap-6", isMobile && "pb-16")}>
      <PageHeader
        title={INVOICE_TEXTS.title}
        count={
          query.data && !failed && !filtered ? { shown: countBadge(total), label: invoicesCountLabel(total) } : null
        }
        subtitle="Vos factures, leurs paiements et ce qui reste à encaisser."
        subtitleClassName="hidden sm:block"
        actions={
          <div className={cn("flex gap-2", isMobile && "w-full flex-wrap")}>
            {/* The period's issued documents as a ZIP of Factur-X, for the accountant or the platform. */}
            <Button variant="outline" onClick={() => setExporting(true)} className={cn(isMobile && "flex-1")}>
              <FileArchive aria-hidden="true" />
              {EINVOICE_TEXTS.exportAction}
            </Button>
            {/* The unalterable journal, its closings and the FEC (docs/domain/journal.md). */}
            <Button variant="outline" asChild className={cn(isMobile && "flex-1")}>
              <Link to={paths.journal}>
                <BookOpen aria-hidden="true" />
                {JOURNAL_TEXTS.page.link}
              </Link>
            </Button>
            {canCreate && newInvoice(INVOICE_TEXTS.newInvoice, true)}
          </div>
        }
      />
      {exportLoaded && (
        <Suspense fallback={null}>
          <ExportDialog open={exporting} isMobile={isMobile} onClose={() => setExporting(false)} />
        </Suspense>
      )}

      {/* The list could not be loaded: its error shows alone, without figures over it. */}
      {!failed && <InvoiceStatsCards stats={stats.data} failed={stats.isError} isMobile={isMobile} />}

      <div className="flex flex-col gap-3 xl:flex-row xl:items-center">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher une facture par référence, nom ou client"
          placeholder={INVOICE_TEXTS.searchPlaceholder}
          className="xl:max-w-md xl:flex-1"
        />
        <SegmentedControl value={status} options={STATUS_FILTERS} onChange={setStatus} label="Filtrer par statut" />
        {listView.choosable && <ViewToggle value={listView.view} onChange={listView.setView} className="xl:ml-auto" />}
      </div>

      <ListSection
        headingId="invoices-found"
        query={query}
        rows={invoices.length}
        countLabel={invoicesCountLabel(total, filtered)}
        pendingLabel="Recherche des factures"
        headingAction={filtered && <ClearFiltersLink onClear={clearFilters} />}
        loading={<ListViewSkeleton table={table} label="Chargement des factures" item={<InvoiceCardSkeleton />} />}
        errorTitle="Impossible de charger vos factures"
        empty={
          filtered ? (
            <NoMatchState
              title={INVOICE_TEXTS.empty}
              text={
                term.trim()
                  ? `Aucune facture ne correspond à «\u00a0${term.trim()}\u00a0» avec ces filtres.`
                  : "Aucune facture avec ce statut."
              }
              onClear={clearFilters}
            />
          ) : (
            <EmptyState
              icon={<Receipt aria-hidden="true" className="size-6" />}
              title={INVOICE_TEXTS.empty}
              text={
                "Facturez un devis validé ou un chantier terminé, ou partez d’une facture vierge\u00a0: les totaux et la TVA se calculent pour vous."
              }
              action={canCreate ? newInvoice(INVOICE_TEXTS.emptyAction) : undefined}
            />
          )
        }
        pages={{ label: "Pagination des factures", page, pageCount: pages, onPageChange: setPage }}
      >
        {table ? (
          <InvoiceTable
            invoices={invoices}
            sort={sorting.sort}
            order={sorting.order}
            onSortChange={sorting.setSort}
            onOpen={(row) => navigate(paths.invoice(row.id))}
            busy={query.isPlaceholderData}
          />
        ) : (
          <ul aria-label="Factures" className={cn("grid items-stretch gap-3", !isMobile && "lg:grid-cols-2")}>
            {rendered.map((invoice) => (
              <li key={invoice.id}>
                <InvoiceCard
                  invoice={invoice}
                  compact={isMobile}
                  pdfPending={pdf.pending(invoice.id)}
                  onDownloadPdf={(row) => void pdf.download(row)}
                />
              </li>
            ))}
          </ul>
        )}
      </ListSection>
    </div>
  );
}
