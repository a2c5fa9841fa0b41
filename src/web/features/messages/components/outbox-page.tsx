import { formatCount, plural } from "@shared/format";
import { MESSAGE_TEXTS, type MessageStatus } from "@shared/message-rules";
import type { MessageSummary } from "@shared/messages";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { EmptyState, ListSection, LoadMore, listFailed } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { Inbox, Info, SearchX, Send } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { outboxInfiniteQueryOptions, outboxTransportQueryOptions } from "../api/get-outbox";
import { STATUS_FILTERS } from "../lib/outbox-labels";
import { MessageRow, MessageRowSkeleton } from "./message-row";

/** The message's dialog (Radix) loads when a message is first opened. */
const MessageDetailDialog = lazy(() =>
  import("./message-detail-dialog").then((m) => ({ default: m.MessageDetailDialog })),
);

const SEARCH_DEBOUNCE_MS = 300;

/**
 * « Messages envoyés » (docs/domain/messages.md#screens): every message the company sent from the app,
 * newest first — recipient, subject, kind, date, status, document — searched and filtered by status;
 * a message opens with its text and its attachment. The line at the top says where the mails go.
 */
export function OutboxPage({ isMobile }: { isMobile: boolean }) {
  const [term, setTerm] = useState("");
  const [status, setStatus] = useState<MessageStatus | "all">("all");
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS).trim();
  const query = useInfiniteQuery(outboxInfiniteQueryOptions({ search, status }));
  const transport = useQuery(outboxTransportQueryOptions());
  const messages = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const shown = useProgressiveList(messages);
  const total = query.data?.pages.at(-1)?.meta.total ?? 0;
  const failed = listFailed(query, messages.length);
  const filtered = search !== "" || status !== "all";

  const [opened, setOpened] = useState<MessageSummary | null>(null);
  const dialogLoaded = useOpenedOnce(opened !== null);
  const clearFilters = () => {
    setTerm("");
    setStatus("all");
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={MESSAGE_TEXTS.outboxTitle}
        subtitle="Les devis, factures, relances et invitations envoyés depuis Propulse."
      />

      {transport.data?.transport === "outbox" && (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertDescription>
            {
              "Aucun serveur d’envoi configuré\u00a0: les messages restent ici. Ouvrez un message pour le lire, le copier ou télécharger sa pièce jointe."
            }
          </AlertDescription>
        </Alert>
      )}
      {transport.data?.transport === "smtp" && (
        <p className="-mt-3 inline-flex items-center gap-2 text-sm text-muted-foreground">
          <Send aria-hidden="true" className="size-4 shrink-0" />
          Les messages partent par votre serveur d’envoi et sont réessayés en cas d’échec.
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher un message"
          placeholder="Destinataire ou objet…"
          className="sm:max-w-md sm:flex-1"
        />
        <SegmentedControl label="Statut des messages" value={status} options={STATUS_FILTERS} onChange={setStatus} />
      </div>

      <ListSection
        headingId="messages-found"
        query={query}
        rows={messages.length}
        countLabel={filtered ? plural(total, "message trouvé", "messages trouvés") : plural(total, "message")}
        pendingLabel="Recherche des messages"
        refreshing={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        loading={
          <div role="status" aria-label="Chargement des messages…" className="flex flex-col gap-2.5">
            {[0, 1, 2, 3].map((n) => (
              <MessageRowSkeleton key={n} />
            ))}
          </div>
        }
        errorTitle="Impossible de charger les messages envoyés"
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="Aucun message trouvé"
              text="Aucun message ne correspond à ces critères."
              action={
                <Button variant="outline" onClick={clearFilters}>
                  Effacer les filtres
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Inbox aria-hidden="true" className="size-6" />}
              title={MESSAGE_TEXTS.noMessages}
              text="Les devis et factures envoyés depuis Propulse apparaîtront ici."
            />
          )
        }
        footer={
          <LoadMore
            progress={`${formatCount(messages.length)} sur ${formatCount(total)} messages affichés`}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        }
      >
        {!failed && (
          <ul aria-label={MESSAGE_TEXTS.outboxTitle} className="flex flex-col gap-2.5">
            {shown.map((message) => (
              <li key={message.id}>
                <MessageRow message={message} onOpen={setOpened} compact={isMobile} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      {dialogLoaded && (
        <Suspense fallback={null}>
          <MessageDetailDialog message={opened} isMobile={isMobile} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </div>
  );
}
