import type { SortOrder } from "@shared/fields";
import { QUOTE_TEXTS, type QuoteSort, type QuoteState } from "@shared/quote-rules";
import type { Quote, QuoteStatus } from "@shared/quotes";
import { useQuery } from "@tanstack/react-query";
import { ListViewSkeleton } from "@web/components/data-table/data-table";
import { useListView } from "@web/components/data-table/use-list-view";
import { ViewToggle } from "@web/components/data-table/view-toggle";
import type { MessageAction, SendTarget } from "@web/components/send-message/send-message-api";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { ClearFiltersLink, EmptyState, ListSection, listFailed, NoMatchState } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { FilePlus2, Plus } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { quoteQueryOptions } from "../api/get-quote";
import { quotesQueryOptions } from "../api/get-quotes";
import { useQuoteAccess } from "../hooks/use-quote-access";
import { useQuoteActions } from "../hooks/use-quote-actions";
import { hasActiveFilters, pageCount, type QuoteFilterState, quotesCountLabel } from "../lib/quote-filters";
import { QuoteCard, QuoteCardSkeleton } from "./quote-card";
import type { QuoteDialogState } from "./quote-dialog";
import { FilterButton, QuickFilters, SelectFilters } from "./quote-filters";
import { QuoteFinancialSummary, QuoteTiles } from "./quote-summary";
import { QuoteTable } from "./quote-table";

/** The quote dialog (form, zod) loads when first opened, not with the list (ADR 0005 §10). */
const QuoteDialog = lazy(() => import("./quote-dialog").then((m) => ({ default: m.QuoteDialog })));
/** So do the history and the phone's filter panel (Radix Dialog). */
const QuoteHistoryDialog = lazy(() => import("./quote-history").then((m) => ({ default: m.QuoteHistoryDialog })));
const MobileFilterPanel = lazy(() => import("./quote-filter-panel").then((m) => ({ default: m.MobileFilterPanel })));
/** And the send dialog (« Envoyer au client », « Relancer »: docs/domain/messages.md#send-and-remind). */
const SendMessageDialog = lazy(() =>
  import("@web/components/send-message/send-message-dialog").then((m) => ({ default: m.SendMessageDialog })),
);
/** And the deposit dialog (« Facture d'acompte »). */
const QuoteDepositDialog = lazy(() =>
  import("./quote-deposit-dialog").then((m) => ({ default: m.QuoteDepositDialog })),
);

export const SEARCH_DEBOUNCE_MS = 300;

export interface QuotesPageProps {
  isMobile: boolean;
  /** « <company id>:<user id> »: a quote being written is kept on this device (QuoteForm). */
  draftScope?: string | null;
  /** /quotes/:id: the quote opened over the list (a « Devis signé » notification, a new quote). */
  openQuoteId?: string | null;
  /** That quote's view closed (or it could not be read): the address goes back to /quotes. */
  onOpenQuoteDone?: () => void;
}

/** 'Gestion des devis' / 'Mes devis' (docs/domain/quotes.md#screen). */
export function QuotesPage({ isMobile, draftScope = null, openQuoteId = null, onOpenQuoteDone }: QuotesPageProps) {
  const permissions = useQuoteAccess();
  // « Cartes / Tableau » on a laptop (docs/domain/quotes.md#as-a-table).
  const listView = useListView("quotes");
  const table = listView.view === "table";
  // `?search=` opens the list on a quote (a worksite's « Documents » links to its quote this way).
  const [params] = useSearchParams();
  const [term, setTerm] = useState(() => params.get("search") ?? "");
  const [status, setStatusOnly] = useState<QuoteStatus | undefined>(undefined);
  const [state, setState] = useState<QuoteState | undefined>(undefined);
  const [clientId, setClientId] = useState<string | undefined>(undefined);
  // The order: the sort select or a table header sets the sort (its own direction), a header clicked
  // again the other direction.
  const [sorting, setSorting] = useState<{ sort: QuoteSort; order?: SortOrder | undefined }>({ sort: "date" });
  const { sort, order } = sorting;
  const setSort = (next: QuoteSort, nextOrder?: SortOrder) => setSorting({ sort: next, order: nextOrder });
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS).trim();
  const filters: QuoteFilterState = { search, status, state, clientId, sort };
  // A status chosen in the select replaces a quick filter's « Envoyés » or « Expirés ».
  const setStatus = (next: QuoteStatus | undefined) => {
    setStatusOnly(next);
    setState(undefined);
  };
  const setQuick = (next: { status: QuoteStatus | undefined; state: QuoteState | undefined }) => {
    setStatusOnly(next.status);
    setState(next.state);
  };

  // The page goes back to 1 whenever the filters or the order change.
  const filterKey = JSON.stringify([search, status, state, clientId, sort, order]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => {
    setPaging({ key: filterKey, page: next });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const query = useQuery(quotesQueryOptions({ page, status, clientId, search, state, sort, order }));

  const actions = useQuoteActions();
  const [dialog, setDialog] = useState<QuoteDialogState>(null);
  // The quote the address names (/quotes/:id) opens in its view once read, once per address.
  const named = useQuery({ ...quoteQueryOptions(openQuoteId ?? ""), enabled: openQuoteId !== null });
  const [shownId, setShownId] = useState<string | null>(null);
  if (shownId !== openQuoteId) {
    if (openQuoteId === null) setShownId(null);
    else if (named.data?.id === openQuoteId) {
      setShownId(openQuoteId);
      setDialog({ mode: "view", quote: named.data });
    }
  }
  const namedFailed = openQuoteId !== null && named.isError;
  useEffect(() => {
    if (!namedFailed) return;
    toast.error(QUOTE_TEXTS.notFound);
    onOpenQuoteDone?.();
  }, [namedFailed, onOpenQuoteDone]);
  const changeDialog = (next: QuoteDialogState) => {
    setDialog(next);
    if (next === null && openQuoteId !== null) onOpenQuoteDone?.();
  };
  const quoteDialogLoaded = useOpenedOnce(dialog !== null);
  const [historyFor, setHistoryFor] = useState<Quote | null>(null);
  const [toValidate, setToValidate] = useState<Quote | null>(null);
  const [mailing, setMailing] = useState<SendTarget | null>(null);
  const mailLoaded = useOpenedOnce(mailing !== null);
  // The quote's view closes: the send dialog takes its place.
  const openMail = (quote: Quote, kind: MessageAction) => {
    setDialog(null);
    setMailing({ type: "quote", id: quote.id, kind, label: `Devis ${quote.reference} · ${quote.client.name}` });
  };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const historyLoaded = useOpenedOnce(historyFor !== null);
  const [depositFor, setDepositFor] = useState<Quote | null>(null);
  const depositLoaded = useOpenedOnce(depositFor !== null);
  // Spec 2 §4: only a validated quote is invoiced (the card offers it on those alone).
  const openDeposit = (quote: Quote) => {
    if (quote.status === "valide") setDepositFor(quote);
    else toast.error(QUOTE_TEXTS.noInvoiceUnlessValid);
  };
  const filterPanelLoaded = useOpenedOnce(filtersOpen);
  // `?deposit=<quote id>` (with `?search=` its number): a worksite's « Facturer » › « Facture d'acompte »
  // opens this quote's deposit dialog once the list holds it.
  const [depositAsked, setDepositAsked] = useState(() => params.get("deposit"));
  const askedQuote = depositAsked ? query.data?.data.find((quote) => quote.id === depositAsked) : undefined;
  useEffect(() => {
    if (!askedQuote) return;
    setDepositAsked(null);
    if (permissions.canCreateInvoice) openDeposit(askedQuote);
  });

  const summary = query.data?.meta.summary;
  const total = query.data?.meta.total ?? 0;
  const pages = pageCount(total, query.data?.meta.limit ?? 20);
  const quotes = query.data?.data ?? [];
  const rendered = useProgressiveList(quotes);
  const filtered = hasActiveFilters({ search: term, status, state, clientId });
  const failed = listFailed(query, quotes.length);

  const clearFilters = () => {
    setTerm("");
    setStatus(undefined);
    setClientId(undefined);
    setSort("date");
  };
  const openCreate = () => setDialog({ mode: "create" });

  const createButton = permissions.canCreate && (
    <Button onClick={openCreate} className={cn(isMobile && "w-full")}>
      <Plus aria-hidden="true" />
      Nouveau devis
    </Button>
  );

  const searchField = (
    <SearchField
      value={term}
      onChange={setTerm}
      label="Rechercher un devis"
      placeholder="Rechercher un devis, un client…"
      className="min-w-0 flex-1"
    />
  );

  return (
    // On a phone the last card can scroll clear of the toasts above the bottom bar.
    <div className={cn("flex flex-col gap-6", isMobile && "pb-16")}>
      <PageHeader
        title={isMobile ? "Mes devis" : "Gestion des devis"}
        subtitle="Vos devis, leur suivi et votre chiffre d’affaires à venir."
        actions={createButton}
      />

      {/* The list could not be loaded: its error shows alone, without figures over it. */}
      {!failed && !isMobile && <QuoteTiles summary={summary} />}
      {!failed && (
        <QuoteFinancialSummary
          summary={summary}
          isMobile={isMobile}
          onShowExpired={() => setQuick({ status: undefined, state: "expired" })}
        />
      )}

      {isMobile ? (
        <div className="flex flex-col gap-3">
          <div className="flex gap-2">
            {searchField}
            <FilterButton filters={filters} onClick={() => setFiltersOpen(true)} />
          </div>
          <QuickFilters status={status} state={state} onChange={setQuick} className="w-full" />
          {filterPanelLoaded && (
            <Suspense fallback={null}>
              <MobileFilterPanel
                open={filtersOpen}
                onOpenChange={setFiltersOpen}
                filters={filters}
                canFilterByClient={permissions.canListClients}
                onStatusChange={setStatus}
                onClientChange={setClientId}
                onSortChange={setSort}
                onClear={clearFilters}
                resultCount={query.data && !query.isPlaceholderData ? quotesCountLabel(total) : null}
              />
            </Suspense>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <QuickFilters status={status} state={state} onChange={setQuick} />
            {listView.choosable && <ViewToggle value={listView.view} onChange={listView.setView} />}
          </div>
          <div className="flex items-center gap-3">
            {searchField}
            <SelectFilters
              filters={filters}
              canFilterByClient={permissions.canListClients}
              onStatusChange={setStatus}
              onClientChange={setClientId}
              onSortChange={setSort}
              className={cn(
                "grid shrink-0 gap-3",
                permissions.canListClients ? "w-[40rem] grid-cols-[1fr_1fr_11rem]" : "w-[26rem] grid-cols-[1fr_11rem]",
              )}
            />
          </div>
        </div>
      )}

      <ListSection
        headingId="quotes-found"
        query={query}
        rows={quotes.length}
        countLabel={quotesCountLabel(total)}
        pendingLabel="Recherche des devis"
        headingAction={filtered && <ClearFiltersLink onClear={clearFilters} />}
        loading={<ListViewSkeleton table={table} label="Chargement des devis" item={<QuoteCardSkeleton />} />}
        errorTitle="Impossible de charger vos devis"
        empty={
          filtered ? (
            <NoMatchState
              title="Aucun devis trouvé"
              text={
                term.trim()
                  ? `Aucun devis ne correspond à "${term.trim()}" avec ces filtres`
                  : "Aucun devis ne correspond à ces filtres"
              }
              onClear={clearFilters}
            />
          ) : (
            <EmptyState
              icon={<FilePlus2 aria-hidden="true" className="size-6" />}
              title="Aucun devis"
              text={"Créez votre premier devis\u00a0: les totaux et la TVA se calculent pour vous."}
              action={
                permissions.canCreate ? (
                  <Button onClick={openCreate}>
                    <Plus aria-hidden="true" />
                    Créer un devis
                  </Button>
                ) : undefined
              }
            />
          )
        }
        pages={{ label: "Pagination des devis", page, pageCount: pages, onPageChange: setPage }}
      >
        {table ? (
          <QuoteTable
            quotes={quotes}
            sort={sort}
            order={order}
            onSortChange={setSort}
            onOpen={(q) => setDialog({ mode: "view", quote: q })}
            busy={query.isPlaceholderData}
          />
        ) : (
          <ul aria-label="Devis" className={cn("grid grid-cols-1 items-stretch gap-3", !isMobile && "lg:grid-cols-2")}>
            {rendered.map((quote) => (
              <li key={quote.id}>
                <QuoteCard
                  quote={quote}
                  compact={isMobile}
                  pending={{
                    pdf: actions.pending(quote.id, "pdf"),
                    duplicate: actions.pending(quote.id, "duplicate"),
                    template: actions.pending(quote.id, "template"),
                    status: actions.pending(quote.id, "status"),
                  }}
                  onView={(q) => setDialog({ mode: "view", quote: q })}
                  onEdit={(q) => setDialog({ mode: "edit", quote: q })}
                  onHistory={setHistoryFor}
                  onDownloadPdf={(q) => void actions.downloadPdf(q)}
                  onDuplicate={(q) => void actions.duplicate(q)}
                  onUseAsTemplate={(q) => void actions.saveAsTemplate(q)}
                  onSend={(q) => void actions.changeStatus(q, "envoye au client")}
                  onRemind={(q) => void actions.changeStatus(q, "client relance")}
                  onValidate={setToValidate}
                  onDeposit={openDeposit}
                  onMail={openMail}
                />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {quoteDialogLoaded && (
        <Suspense fallback={null}>
          <QuoteDialog
            state={dialog}
            onStateChange={changeDialog}
            onCreated={(created) => setDialog({ mode: "view", quote: created })}
            isMobile={isMobile}
            draftScope={draftScope}
            pdfPending={(id) => actions.pending(id, "pdf")}
            onDownloadPdf={(q) => void actions.downloadPdf(q)}
            onMail={permissions.canEdit ? openMail : undefined}
          />
        </Suspense>
      )}
      {mailLoaded && (
        <Suspense fallback={null}>
          <SendMessageDialog target={mailing} isMobile={isMobile} onClose={() => setMailing(null)} />
        </Suspense>
      )}
      {depositLoaded && (
        <Suspense fallback={null}>
          <QuoteDepositDialog quote={depositFor} isMobile={isMobile} onClose={() => setDepositFor(null)} />
        </Suspense>
      )}
      {historyLoaded && (
        <Suspense fallback={null}>
          <QuoteHistoryDialog quote={historyFor} onClose={() => setHistoryFor(null)} isMobile={isMobile} />
        </Suspense>
      )}
      <ConfirmDialog
        open={toValidate !== null}
        onClose={() => setToValidate(null)}
        title={`Valider le devis ${toValidate?.reference ?? ""} ?`}
        description="Le client a accepté ce devis. Une fois validé, il ne pourra plus être modifié."
        confirmLabel="Valider le devis"
        pendingLabel="Validation…"
        onConfirm={() => (toValidate ? actions.changeStatus(toValidate, "valide") : undefined)}
      />
    </div>
  );
}
