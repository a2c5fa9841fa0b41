import { PLAN_LABELS } from "@shared/account-rules";
import type { PlatformAlert, PlatformCompany } from "@shared/accounts";
import { formatCount, formatDate, plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/list-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { BellRing, Building, ChevronRight, CreditCard, Hourglass, Moon, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { dashboardQueryOptions, type PlatformDashboard } from "../api/superadmin-api";
import { CompanyStatusBadge } from "./company-status-badge";

interface Kpi {
  key: string;
  label: string;
  icon: ReactNode;
  tone: string;
  value: (d: PlatformDashboard) => number;
  hint: (d: PlatformDashboard) => string;
}

/** The four KPIs of spec 1 « Superadmin dashboard », from real data (docs/domain/accounts.md#superadmin-platform). */
const KPIS: readonly Kpi[] = [
  {
    key: "companies",
    label: "Entreprises",
    icon: <Building />,
    tone: "bg-primary-soft text-primary",
    value: (d) => d.kpis.companies,
    hint: (d) => `${plural(d.kpis.new_companies_this_month, "nouvelle", "nouvelles")} ce mois-ci`,
  },
  {
    key: "subscriptions",
    label: "Abonnements actifs",
    icon: <CreditCard />,
    tone: "bg-success-soft text-success",
    value: (d) => d.kpis.active_subscriptions,
    hint: () => "Formules payantes en cours",
  },
  {
    key: "users",
    label: "Utilisateurs",
    icon: <UsersRound />,
    tone: "bg-[#eff6ff] text-[#1d4ed8]",
    value: (d) => d.kpis.users,
    hint: () => "Comptes actifs sur la plateforme",
  },
  {
    key: "alerts",
    label: "Alertes",
    icon: <BellRing />,
    tone: "bg-accent-soft text-accent-soft-foreground",
    value: (d) => d.kpis.alerts,
    hint: () => "Essais à échéance, inactivité",
  },
];

/**
 * The platform's figures under the greeting: the KPI cards, then the recent companies and the alerts
 * (each alert leads to its company). Loading: skeletons; failed: the reason and « Réessayer ».
 */
export function PlatformDashboardPanels({ isMobile, quickActions }: { isMobile: boolean; quickActions: ReactNode }) {
  const query = useQuery(dashboardQueryOptions());
  if (query.isError) {
    return (
      <>
        <LoadError
          title="Impossible de charger le tableau de bord"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
        {quickActions}
      </>
    );
  }
  const data = query.data;
  return (
    <>
      <ul
        aria-label="Indicateurs de la plateforme"
        aria-busy={!data}
        className={cn("grid gap-3", isMobile ? "grid-cols-2" : "grid-cols-4")}
      >
        {KPIS.map((kpi) => (
          <li
            key={kpi.key}
            className={cn(
              "flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card shadow-card",
              isMobile ? "p-3" : "p-4",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-[0.8125rem] font-medium text-muted-foreground">{kpi.label}</span>
              <span
                className={cn("flex size-8 shrink-0 items-center justify-center rounded-md [&_svg]:size-4", kpi.tone)}
              >
                {kpi.icon}
              </span>
            </div>
            {data ? (
              <div className="flex flex-col gap-0.5">
                <span className="text-2xl font-semibold tracking-tight tabular-nums">
                  {formatCount(kpi.value(data))}
                </span>
                <span className="line-clamp-2 text-xs text-muted-foreground">{kpi.hint(data)}</span>
              </div>
            ) : (
              <div className="flex flex-col gap-1.5">
                <Skeleton className="h-7 w-14" />
                <Skeleton className="h-3 w-24" />
              </div>
            )}
          </li>
        ))}
      </ul>
      {quickActions}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Panel
          title="Entreprises récentes"
          aside={
            <Button asChild variant="link" size="sm" className="h-auto px-0">
              <Link to={paths.superadminCompanies}>Voir tout</Link>
            </Button>
          }
        >
          {data ? (
            data.recent_companies.length > 0 ? (
              <ul className="divide-y divide-border">
                {data.recent_companies.map((company) => (
                  <RecentCompany key={company.id} company={company} />
                ))}
              </ul>
            ) : (
              <p className="px-4 py-6 text-sm text-muted-foreground">Aucune entreprise pour l’instant.</p>
            )
          ) : (
            <PanelSkeleton />
          )}
        </Panel>
        <Panel title="Alertes">
          {data ? (
            data.alerts.length > 0 ? (
              <ul className="divide-y divide-border">
                {data.alerts.map((alert) => (
                  <AlertRow key={`${alert.type}-${alert.company_id}`} alert={alert} />
                ))}
              </ul>
            ) : (
              <p className="px-4 py-6 text-sm text-muted-foreground">Aucune alerte&nbsp;: tout va bien.</p>
            )
          ) : (
            <PanelSkeleton />
          )}
        </Panel>
      </div>
    </>
  );
}

function Panel({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const id = `panel-${title.replace(/\s+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col rounded-lg border border-border bg-card shadow-card">
      <div className="flex min-h-12 items-center justify-between gap-3 border-b border-border px-4 py-2">
        <h2 id={id} className="text-[0.9375rem] font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function PanelSkeleton() {
  return (
    <div role="status" aria-label="Chargement…" className="flex flex-col gap-3 p-4">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} className="h-10 w-full" />
      ))}
    </div>
  );
}

function RecentCompany({ company }: { company: PlatformCompany }) {
  return (
    <li>
      <Link
        to={paths.superadminCompany(company.id)}
        className="flex min-h-14 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-muted/60"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate text-sm font-semibold">{company.name}</span>
          <span className="truncate text-xs text-muted-foreground">
            {PLAN_LABELS[company.plan]} · {plural(company.users, "utilisateur")} · créée le{" "}
            {formatDate(company.created_at)}
          </span>
        </span>
        <CompanyStatusBadge status={company.status} />
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}

function AlertRow({ alert }: { alert: PlatformAlert }) {
  const trial = alert.type === "expiration";
  return (
    <li>
      <Link
        to={paths.superadminCompany(alert.company_id)}
        className="flex min-h-14 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-muted/60"
      >
        <span
          className={cn(
            "flex size-8 shrink-0 items-center justify-center rounded-md [&_svg]:size-4",
            trial ? "bg-accent-soft text-accent-soft-foreground" : "bg-muted text-muted-foreground",
          )}
        >
          {trial ? <Hourglass aria-hidden="true" /> : <Moon aria-hidden="true" />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate text-sm font-semibold">{alert.company_name}</span>
          <span className="text-xs text-muted-foreground">{alert.message}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
