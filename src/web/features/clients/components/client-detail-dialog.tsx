import type { ClientDetail, ClientRecord } from "@shared/clients";
import { formatPhone } from "@shared/format-trade";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { LoadError } from "@web/components/ui/list-state";
import { ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useCan } from "@web/hooks/use-can";
import { cn } from "@web/lib/cn";
import { mailHref, phoneHref } from "@web/lib/contact-links";
import { BarChart3, ClipboardList, HardHat, Info, Mail, Pencil, Phone, Receipt } from "lucide-react";
import { useId } from "react";
import { clientDetailQueryOptions } from "../api/get-client";
import { ClientAvatar } from "./client-avatar";
import { ClientInfoTab, ClientProjectsTab, ClientQuotesTab, ClientStatsTab } from "./client-detail-tabs";
import { ClientInvoicesTab } from "./client-invoices-tab";
import { ClientStatusBadge } from "./client-status-badge";

export interface ClientDetailDialogProps {
  /** The client shown (its list row fills the screen until the detail arrives); closed when null. */
  client: ClientRecord | null;
  onClose: () => void;
  isMobile: boolean;
  canEdit: boolean;
  onEdit: (client: ClientRecord) => void;
}

/** Client detail (docs/domain/clients.md#detail): dialog on desktop (80 % height), bottom sheet on mobile (90 %). */
export function ClientDetailDialog({ client, onClose, isMobile, canEdit, onEdit }: ClientDetailDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={client !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex h-[80dvh] max-h-[80dvh] max-w-4xl flex-col gap-0 overflow-hidden p-0"
      sheetClassName="h-[90dvh] max-h-[90dvh]"
    >
      {client && (
        <ClientDetailBody
          key={client.id}
          listClient={client}
          isMobile={isMobile}
          canEdit={canEdit}
          onEdit={onEdit}
          descriptionId={descriptionId}
        />
      )}
    </ResponsiveModal>
  );
}

interface BodyProps {
  listClient: ClientRecord;
  isMobile: boolean;
  canEdit: boolean;
  onEdit: (client: ClientRecord) => void;
  descriptionId: string;
}

function ClientDetailBody({ listClient, isMobile, canEdit, onEdit, descriptionId }: BodyProps) {
  const query = useQuery(clientDetailQueryOptions(listClient.id, listClient));
  const client: ClientDetail = query.data ?? listClient;
  // The related lists and figures come only with the detail itself.
  const loadingDetail = query.isPlaceholderData || query.isPending;
  // Issue 32: « Factures » and « Solde dû », for a user who sees invoices.
  const canViewInvoices = useCan("invoices:view");

  return (
    <>
      <header
        className={cn(
          "flex shrink-0 items-start gap-3 border-b border-border",
          isMobile ? "px-5 pt-2 pb-4 pr-14" : "px-6 py-5 pr-16",
        )}
      >
        <ClientAvatar name={client.name} active={client.is_active} className="size-12 text-base" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <DialogTitle className="min-w-0 break-words">{client.name}</DialogTitle>
            <ClientStatusBadge active={client.is_active} />
          </div>
          <DialogDescription id={descriptionId} asChild>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              {client.phone && (
                <a
                  href={phoneHref(client.phone)}
                  className="inline-flex items-center gap-1.5 hover:text-primary pointer-coarse:min-h-11"
                >
                  <Phone aria-hidden="true" className="size-3.5" />
                  {formatPhone(client.phone)}
                </a>
              )}
              {client.email && (
                <a
                  href={mailHref(client.email)}
                  className="inline-flex max-w-full min-w-0 items-center gap-1.5 hover:text-primary pointer-coarse:min-h-11"
                >
                  <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="truncate">{client.email}</span>
                </a>
              )}
              {!client.phone && !client.email && <span>Fiche client</span>}
            </div>
          </DialogDescription>
        </div>
        {!isMobile && canEdit && (
          <Button variant="outline" size="sm" onClick={() => onEdit(client)} className="mt-1">
            <Pencil aria-hidden="true" />
            Modifier
          </Button>
        )}
      </header>

      <Tabs defaultValue="infos" className="flex min-h-0 flex-1 flex-col">
        <div className={cn("shrink-0 pt-4", isMobile ? "px-5" : "px-6")}>
          <TabsList
            className={cn(
              "grid w-full sm:w-auto",
              canViewInvoices ? "grid-cols-5 sm:min-w-[34rem]" : "grid-cols-4 sm:min-w-[28rem]",
            )}
          >
            <TabsTrigger value="infos">
              <Info aria-hidden="true" className="max-sm:hidden" />
              Infos
            </TabsTrigger>
            <TabsTrigger value="stats">
              <BarChart3 aria-hidden="true" className="max-sm:hidden" />
              Stats
            </TabsTrigger>
            <TabsTrigger value="projects">
              <HardHat aria-hidden="true" className="max-sm:hidden" />
              Chantiers
            </TabsTrigger>
            <TabsTrigger value="quotes">
              <ClipboardList aria-hidden="true" className="max-sm:hidden" />
              Devis
            </TabsTrigger>
            {canViewInvoices && (
              <TabsTrigger value="invoices">
                <Receipt aria-hidden="true" className="max-sm:hidden" />
                Factures
              </TabsTrigger>
            )}
          </TabsList>
        </div>
        <div className={cn("min-h-0 flex-1 overflow-y-auto py-4", isMobile ? "px-5" : "px-6 pb-6")}>
          {query.isError && (
            <div className="mb-4">
              <LoadError
                title="Impossible de charger la fiche complète du client"
                message={query.error.message}
                onRetry={() => void query.refetch()}
              />
            </div>
          )}
          <TabsContent value="infos">
            <ClientInfoTab client={client} />
          </TabsContent>
          <TabsContent value="stats">
            <ClientStatsTab stats={client.stats} loading={loadingDetail && !query.isError} />
          </TabsContent>
          <TabsContent value="projects">
            <ClientProjectsTab client={client} loading={loadingDetail && !query.isError} isMobile={isMobile} />
          </TabsContent>
          <TabsContent value="quotes">
            <ClientQuotesTab client={client} loading={loadingDetail && !query.isError} isMobile={isMobile} />
          </TabsContent>
          {canViewInvoices && (
            <TabsContent value="invoices">
              <ClientInvoicesTab clientId={client.id} />
            </TabsContent>
          )}
        </div>
      </Tabs>

      {isMobile && (canEdit || client.phone || client.email) && (
        <div className="flex shrink-0 gap-2 border-t border-border bg-card px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
          {canEdit && (
            <Button className="flex-1" onClick={() => onEdit(client)}>
              <Pencil aria-hidden="true" />
              Modifier
            </Button>
          )}
          {client.phone && (
            <Button variant="outline" className={cn(!canEdit && "flex-1")} asChild>
              <a href={phoneHref(client.phone)}>
                <Phone aria-hidden="true" />
                Appeler
              </a>
            </Button>
          )}
          {client.email && (
            <Button variant="outline" className={cn(!canEdit && "flex-1")} asChild>
              <a href={mailHref(client.email)}>
                <Mail aria-hidden="true" />
                E-mail
              </a>
            </Button>
          )}
        </div>
      )}
    </>
  );
}
