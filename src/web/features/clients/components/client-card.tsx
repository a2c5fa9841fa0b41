import { CLIENT_TYPE_LABELS, formatSiret } from "@shared/client-rules";
import type { ClientRecord } from "@shared/clients";
import { plural } from "@shared/format";
import { formatPhone } from "@shared/format-trade";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { mailHref, mapsSearchUrl, phoneHref } from "@web/lib/contact-links";
import { paths } from "@web/lib/paths";
import {
  Building2,
  ChevronDown,
  Eye,
  FilePlus,
  HardHat,
  Mail,
  MapPin,
  Navigation,
  Pencil,
  Phone,
  StickyNote,
  Trash2,
  UserRound,
} from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useClientAccess } from "../hooks/use-client-access";
import { formatClientSinceShort } from "../lib/client-format";
import { ClientAvatar } from "./client-avatar";
import { ClientStatusBadge } from "./client-status-badge";

export interface ClientCardProps {
  client: ClientRecord;
  onView: (client: ClientRecord) => void;
  onEdit: (client: ClientRecord) => void;
  onDelete: (client: ClientRecord) => void;
}

/** A client of the list (docs/domain/clients.md#cards): folded, the essentials; unfolded, contact, notes and actions. */
export function ClientCard({ client, onView, onEdit, onDelete }: ClientCardProps) {
  const permissions = useClientAccess();
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const detailsId = useId();
  const since = formatClientSinceShort(client.created_at);
  const mapsUrl = mapsSearchUrl(client.address, client.city);
  const cityLine = [client.postal_code, client.city].filter(Boolean).join(" ");
  const business = client.type === "professionnel";

  return (
    // A plain disclosure, not a Radix Collapsible: a list mounts dozens of cards and most stay folded.
    <article
      aria-labelledby={nameId}
      className={cn(
        "rounded-lg border border-border bg-card shadow-card transition-shadow",
        open ? "shadow-elevated" : "hover:border-[#c7cbfb]",
      )}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-start gap-3 rounded-lg p-4 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <ClientAvatar name={client.name} active={client.is_active} />
        <span className="flex min-w-0 flex-1 flex-col gap-1.5">
          <span className="flex min-w-0 items-start gap-2">
            <span id={nameId} className="line-clamp-2 min-w-0 text-[0.9375rem] leading-snug font-semibold break-words">
              {client.name}
            </span>
            <ClientStatusBadge active={client.is_active} className="mt-px shrink-0" />
          </span>
          {(business || client.phone || client.city || client.email) && (
            <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
              {business && (
                <span className="inline-flex items-center gap-1.5 font-medium text-foreground/80">
                  <Building2 aria-hidden="true" className="size-3.5 shrink-0" />
                  {CLIENT_TYPE_LABELS.professionnel}
                </span>
              )}
              {client.phone && (
                <span className="inline-flex items-center gap-1.5">
                  <Phone aria-hidden="true" className="size-3.5 shrink-0" />
                  {formatPhone(client.phone)}
                </span>
              )}
              {client.city && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                  {client.city}
                </span>
              )}
              {client.email && (
                <span className="inline-flex min-w-0 max-w-full items-center gap-1.5">
                  <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="truncate">{client.email}</span>
                </span>
              )}
            </span>
          )}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn("mt-2.5 size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
        />
        <span className="sr-only">{open ? "Masquer les détails" : "Afficher les détails"}</span>
      </button>

      <div id={detailsId} hidden={!open} className="flex flex-col gap-4 border-t border-border px-4 pt-4 pb-4">
        {open && (
          <>
            <div className={cn("grid gap-4", client.notes && "sm:grid-cols-2")}>
              <section aria-label="Contact" className="flex flex-col gap-1.5 text-sm">
                <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Contact</h4>
                {client.address && (
                  <p className="flex items-start gap-2">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="flex min-w-0 flex-col break-words">
                      <span>{client.address}</span>
                      {cityLine && <span>{cityLine}</span>}
                    </span>
                  </p>
                )}
                {!client.address && cityLine && (
                  <p className="flex items-start gap-2">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    {cityLine}
                  </p>
                )}
                {since && <p className="text-muted-foreground">Client depuis {since}</p>}
                {client.siret && (
                  <p className="text-muted-foreground">
                    {`${client.siret.length === 9 ? "SIREN" : "SIRET"}\u00a0: ${formatSiret(client.siret)}`}
                  </p>
                )}
                {client.contacts.length > 0 && (
                  <ul aria-label="Contacts" className="flex flex-col gap-1">
                    {client.contacts.map((contact) => (
                      <li key={contact.id} className="flex items-start gap-2">
                        <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                        <span className="min-w-0 break-words">
                          {[contact.name, contact.role, contact.phone && formatPhone(contact.phone)]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {client.addresses.length > 0 && (
                  <p className="flex items-start gap-2">
                    <HardHat aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 break-words">
                      {client.addresses.length === 1
                        ? `Chantier\u00a0: ${[client.addresses[0]?.label, client.addresses[0]?.address].filter(Boolean).join(", ")}`
                        : plural(client.addresses.length, "adresse de chantier", "adresses de chantier")}
                    </span>
                  </p>
                )}
              </section>
              {client.notes && (
                <section aria-label="Notes" className="flex flex-col gap-1.5 text-sm">
                  <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Notes</h4>
                  <p className="flex items-start gap-2">
                    <StickyNote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 break-words whitespace-pre-line">{client.notes}</span>
                  </p>
                </section>
              )}
            </div>

            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center [&>*]:w-full sm:[&>*]:w-auto">
              <Button size="sm" className="col-span-2" onClick={() => onView(client)}>
                <Eye aria-hidden="true" />
                Voir détails
              </Button>
              {client.phone && (
                <Button size="sm" variant="outline" asChild>
                  <a href={phoneHref(client.phone)}>
                    <Phone aria-hidden="true" />
                    Appeler
                  </a>
                </Button>
              )}
              {client.email && (
                <Button size="sm" variant="outline" asChild>
                  <a href={mailHref(client.email)}>
                    <Mail aria-hidden="true" />
                    E-mail
                  </a>
                </Button>
              )}
              {mapsUrl && (
                <Button size="sm" variant="outline" asChild>
                  <a href={mapsUrl} target="_blank" rel="noopener noreferrer">
                    <Navigation aria-hidden="true" />Y aller
                    <span className="sr-only"> (nouvel onglet)</span>
                  </a>
                </Button>
              )}
              {permissions.canCreateQuote && (
                <Button size="sm" variant="outline" asChild>
                  <Link to={`${paths.quoteNew}?client_id=${encodeURIComponent(client.id)}`}>
                    <FilePlus aria-hidden="true" />
                    Nouveau devis
                  </Link>
                </Button>
              )}
              {permissions.canEdit && (
                <Button size="sm" variant="outline" onClick={() => onEdit(client)}>
                  <Pencil aria-hidden="true" />
                  Modifier
                </Button>
              )}
              {permissions.canDelete && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="w-full border border-[#fecaca] text-destructive hover:bg-destructive-soft hover:text-destructive-soft-foreground sm:ml-auto sm:min-w-8 sm:border-0 sm:px-0 sm:pointer-coarse:min-w-11"
                  aria-label="Supprimer"
                  title="Supprimer"
                  onClick={() => onDelete(client)}
                >
                  <Trash2 aria-hidden="true" />
                  <span aria-hidden="true" className="sm:hidden">
                    Supprimer
                  </span>
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </article>
  );
}
