import { CLIENT_TYPE_LABELS, formatSiret } from "@shared/client-rules";
import type { ClientDetail, ClientStats } from "@shared/clients";
import { formatCount, formatEuro, formatLongDate, formatPercent, plural } from "@shared/format";
import { formatPhone } from "@shared/format-trade";
import { Badge } from "@web/components/ui/badge";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { mailHref, phoneHref } from "@web/lib/contact-links";
import { paths } from "@web/lib/paths";
import {
  BadgeEuro,
  Building2,
  CalendarClock,
  CircleCheck,
  CircleX,
  ClipboardList,
  Clock,
  Contact,
  FileText,
  HardHat,
  Hourglass,
  Info,
  MapPin,
  Percent,
  Receipt,
  StickyNote,
  TrendingUp,
  UserRound,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { relatedStatus } from "../lib/related-status";
import { ClientStatusBadge } from "./client-status-badge";
import { EmptyValue, FieldRow, SectionCard } from "./section-card";

/** A phone or e-mail link: 44 px high on a touch screen (a finger on a building site). */
const TOUCH_LINK =
  "text-primary hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center";

function Value({ children }: { children: ReactNode }) {
  return children === null || children === undefined || children === "" ? <EmptyValue /> : children;
}

/** Infos tab: identity and contact, billing address, contacts, worksite addresses, general information and notes. */
export function ClientInfoTab({ client }: { client: ClientDetail }) {
  const business = client.type === "professionnel";
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <SectionCard title="Informations de contact" icon={business ? <Building2 /> : <UserRound />}>
        <dl>
          <FieldRow label="Type">{CLIENT_TYPE_LABELS[client.type]}</FieldRow>
          {business ? (
            <>
              <FieldRow label="Raison sociale">{client.company_name ?? client.name}</FieldRow>
              <FieldRow label="SIRET">
                <Value>{client.siret ? formatSiret(client.siret) : null}</Value>
              </FieldRow>
              <FieldRow label="N° de TVA">
                <Value>{client.vat_number}</Value>
              </FieldRow>
            </>
          ) : (
            <FieldRow label="Nom">{client.name}</FieldRow>
          )}
          <FieldRow label="Téléphone">
            {client.phone ? (
              <a className={TOUCH_LINK} href={phoneHref(client.phone)}>
                {formatPhone(client.phone)}
              </a>
            ) : (
              <EmptyValue />
            )}
          </FieldRow>
          <FieldRow label="E-mail">
            {client.email ? (
              <a className={TOUCH_LINK} href={mailHref(client.email)}>
                {client.email}
              </a>
            ) : (
              <EmptyValue />
            )}
          </FieldRow>
        </dl>
      </SectionCard>
      <SectionCard title="Adresse" icon={<MapPin />}>
        <dl>
          <FieldRow label="Adresse">
            <Value>{client.address}</Value>
          </FieldRow>
          <FieldRow label="Code postal">
            <Value>{client.postal_code}</Value>
          </FieldRow>
          <FieldRow label="Ville">
            <Value>{client.city}</Value>
          </FieldRow>
        </dl>
      </SectionCard>
      {business && (
        <SectionCard title="Contacts" icon={<Contact />} aside={<CountBadge count={client.contacts.length} />}>
          {client.contacts.length === 0 ? (
            <p className="py-2 text-sm text-muted-foreground">Aucun contact enregistré.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {client.contacts.map((contact) => (
                <li key={contact.id} className="flex flex-col gap-0.5 py-2.5 text-sm">
                  <span className="font-medium break-words">
                    {contact.name}
                    {contact.role && <span className="font-normal text-muted-foreground">{` · ${contact.role}`}</span>}
                  </span>
                  {(contact.phone || contact.email) && (
                    <span className="flex flex-wrap gap-x-4">
                      {contact.phone && (
                        <a className={TOUCH_LINK} href={phoneHref(contact.phone)}>
                          {formatPhone(contact.phone)}
                        </a>
                      )}
                      {contact.email && (
                        <a className={cn(TOUCH_LINK, "break-all")} href={mailHref(contact.email)}>
                          {contact.email}
                        </a>
                      )}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      )}
      <SectionCard title="Lieux de chantier" icon={<HardHat />} aside={<CountBadge count={client.addresses.length} />}>
        {client.addresses.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">Aucune adresse de chantier.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {client.addresses.map((address) => (
              <li key={address.id} className="flex flex-col gap-0.5 py-2.5 text-sm">
                {address.label && <span className="font-medium break-words">{address.label}</span>}
                <span className="break-words">{address.address}</span>
                {(address.postal_code || address.city) && (
                  <span className="text-muted-foreground">
                    {[address.postal_code, address.city].filter(Boolean).join(" ")}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard title="Informations générales" icon={<Info />}>
        <dl>
          <FieldRow label="Client depuis">
            <Value>{formatLongDate(client.created_at)}</Value>
          </FieldRow>
          <FieldRow label="Statut">
            <ClientStatusBadge active={client.is_active} />
          </FieldRow>
        </dl>
      </SectionCard>
      {client.notes && (
        <SectionCard title="Notes" icon={<StickyNote />}>
          <p className="text-sm break-words whitespace-pre-line">{client.notes}</p>
        </SectionCard>
      )}
    </div>
  );
}

function CountBadge({ count }: { count: number }) {
  return count > 0 ? (
    <Badge variant="outline" className="tabular-nums">
      {count}
    </Badge>
  ) : null;
}

interface StatTileProps {
  label: string;
  value: string;
  icon: ReactNode;
  tone?: "default" | "success" | "warning" | "destructive";
}

const toneClasses: Record<NonNullable<StatTileProps["tone"]>, string> = {
  default: "bg-primary-soft text-primary",
  success: "bg-success-soft text-success",
  warning: "bg-warning-soft text-warning-soft-foreground",
  destructive: "bg-destructive-soft text-destructive",
};

function StatTile({ label, value, icon, tone = "default" }: StatTileProps) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-border bg-card p-4 shadow-card">
      <span
        className={cn("flex size-9 shrink-0 items-center justify-center rounded-md [&_svg]:size-4", toneClasses[tone])}
      >
        {icon}
      </span>
      <dl className="flex min-w-0 flex-col-reverse">
        <dt className="text-[0.8125rem] text-muted-foreground">{label}</dt>
        <dd className="text-lg font-semibold tabular-nums">{value}</dd>
      </dl>
    </div>
  );
}

function StatBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

/** What the failed detail would have shown: said once, never a skeleton pulsing forever. */
function Unavailable() {
  return <p className="py-6 text-center text-sm text-muted-foreground">Informations indisponibles pour le moment.</p>;
}

/** Stats tab: six placeholder cards while loading, then the three blocks of docs/domain/clients.md#detail. */
export function ClientStatsTab({ stats, loading }: { stats: ClientStats | undefined; loading: boolean }) {
  // Not loading and nothing to show: the detail failed (its error and « Réessayer » are above).
  if (!loading && !stats) return <Unavailable />;
  if (loading || !stats) {
    return (
      <div role="status" aria-live="polite" className="flex flex-col gap-3">
        <span className="sr-only">Chargement des statistiques…</span>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              key={i}
              data-testid="stats-skeleton"
              className="flex items-center gap-3 rounded-lg border border-border bg-card p-4"
            >
              <Skeleton className="size-9 shrink-0" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-12" />
                <Skeleton className="h-3 w-20" />
              </div>
            </div>
          ))}
        </div>
      </div>
    );
  }
  const lastQuote = formatLongDate(stats.last_quote_date);
  const lastProject = formatLongDate(stats.last_project_date);
  return (
    <div className="flex flex-col gap-6">
      <StatBlock title="Activité commerciale">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatTile label="Total devis" value={formatCount(stats.total_quotes)} icon={<FileText />} />
          <StatTile label="Acceptés" value={formatCount(stats.quotes_accepted)} icon={<CircleCheck />} tone="success" />
          <StatTile label="En attente" value={formatCount(stats.quotes_pending)} icon={<Clock />} tone="warning" />
          <StatTile label="Refusés" value={formatCount(stats.quotes_rejected)} icon={<CircleX />} tone="destructive" />
        </div>
      </StatBlock>
      <StatBlock title="Performance financière">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <StatTile
            label="CA validé HT"
            value={formatEuro(stats.validated_amount_ht)}
            icon={<BadgeEuro />}
            tone="success"
          />
          <StatTile
            label="En attente HT"
            value={formatEuro(stats.pending_amount_ht)}
            icon={<Hourglass />}
            tone="warning"
          />
          <StatTile label="Taux de conversion" value={formatPercent(stats.conversion_rate, 1)} icon={<Percent />} />
          <StatTile label="CA facturé" value={formatEuro(stats.total_revenue)} icon={<Receipt />} />
          <div className="col-span-2 grid lg:col-span-1">
            <StatTile
              label="Valeur moyenne par chantier"
              value={formatEuro(stats.average_project_value)}
              icon={<TrendingUp />}
            />
          </div>
        </div>
        {stats.quotes_expired > 0 && (
          <p className="text-[0.8125rem] text-muted-foreground">
            {`${plural(stats.quotes_expired, "devis envoyé a", "devis envoyés ont")} dépassé leur date de validité : ils ne comptent plus en attente.`}
          </p>
        )}
      </StatBlock>
      <StatBlock title="Activité récente">
        {lastQuote || lastProject ? (
          <dl className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 text-sm shadow-card">
            {lastQuote && (
              <div className="flex items-center gap-2">
                <dt className="inline-flex items-center gap-2 text-muted-foreground">
                  <CalendarClock aria-hidden="true" className="size-4" />
                  Dernier devis&nbsp;:
                </dt>
                <dd className="font-medium">{lastQuote}</dd>
              </div>
            )}
            {lastProject && (
              <div className="flex items-center gap-2">
                <dt className="inline-flex items-center gap-2 text-muted-foreground">
                  <CalendarClock aria-hidden="true" className="size-4" />
                  Dernier chantier&nbsp;:
                </dt>
                <dd className="font-medium">{lastProject}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="rounded-lg border border-dashed border-input bg-card px-4 py-3 text-sm text-muted-foreground">
            Aucune activité récente
          </p>
        )}
      </StatBlock>
    </div>
  );
}

interface RelatedRow {
  id: string;
  reference: string | null;
  name: string;
  status: string;
  date: string | null;
  total?: number;
}

interface RelatedListProps {
  kind: "quote" | "project";
  title: string;
  emptyText: string;
  rows: RelatedRow[] | undefined;
  loading: boolean;
  isMobile: boolean;
  icon: ReactNode;
}

/** 'Projets associés' / 'Devis associés': a collapsible card scrolling at 300 px (mobile) / 400 px. */
function RelatedList({ kind, title, emptyText, rows, loading, isMobile, icon }: RelatedListProps) {
  return (
    <SectionCard
      title={title}
      icon={icon}
      aside={
        rows && rows.length > 0 ? (
          <Badge variant="outline" className="tabular-nums">
            {rows.length}
          </Badge>
        ) : undefined
      }
    >
      <div className={cn("overflow-y-auto", isMobile ? "max-h-[300px]" : "max-h-[400px]")} data-testid="related-scroll">
        {!loading && !rows ? (
          <Unavailable />
        ) : loading || !rows ? (
          <div className="flex flex-col gap-2 py-1" role="status">
            <span className="sr-only">Chargement…</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {rows.map((row) => {
              const date = formatLongDate(row.date);
              const status = relatedStatus(kind, row.status);
              return (
                <li key={row.id} className="flex items-center gap-3 py-2.5">
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <Link
                      to={
                        kind === "project"
                          ? paths.project(row.id)
                          : `${paths.quotes}?search=${encodeURIComponent(row.reference ?? row.name)}`
                      }
                      className="truncate text-sm font-medium hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {row.name}
                    </Link>
                    <span className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
                      {row.reference && <span className="font-mono">{row.reference}</span>}
                      {date && <span>{date}</span>}
                    </span>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <Badge variant={status.tone}>{status.label}</Badge>
                    {row.total !== undefined && (
                      <span className="text-sm font-semibold tabular-nums">{formatEuro(row.total)}</span>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </SectionCard>
  );
}

export function ClientProjectsTab({ client, loading, isMobile }: TabProps) {
  const rows = client.projects?.map((p) => ({ ...p, date: p.start_date }));
  return (
    <RelatedList
      kind="project"
      title="Chantiers associés"
      emptyText="Aucun chantier associé à ce client"
      rows={rows}
      loading={loading}
      isMobile={isMobile}
      icon={<HardHat />}
    />
  );
}

export function ClientQuotesTab({ client, loading, isMobile }: TabProps) {
  return (
    <RelatedList
      kind="quote"
      title="Devis associés"
      emptyText="Aucun devis associé à ce client"
      rows={client.quotes}
      loading={loading}
      isMobile={isMobile}
      icon={<ClipboardList />}
    />
  );
}

interface TabProps {
  client: ClientDetail;
  loading: boolean;
  isMobile: boolean;
}
