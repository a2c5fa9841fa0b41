import { PLAN_LABELS, type Plan } from "@shared/account-rules";
import type { PlatformCompany } from "@shared/accounts";
import { formatCount, formatDate, plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { EmptyState, ListPagination, ListSection, ListSkeleton, listFailed } from "@web/components/ui/list-state";
import { NativeSelect } from "@web/components/ui/native-select";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { Skeleton } from "@web/components/ui/skeleton";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { Building, ChevronRight, Plus, SearchX } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { companiesQueryOptions } from "../api/superadmin-api";
import {
  companiesCountLabel,
  filtersFromParams,
  PLAN_OPTIONS,
  paramsFromFilters,
  STATUS_FILTERS,
  type StatusFilter,
} from "../lib/platform-format";
import { CompanyStatusBadge } from "./company-status-badge";

/** Spec 3 §2.8 and the other lists: the search is sent 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * `/superadmin/companies` (docs/domain/accounts.md#web-links-account-and-superadmin): search, status
 * (actif, essai, inactif) and plan filters kept in the address (the dashboard's quick actions open it
 * filtered), « Page X sur Y » of 20 — a table on a computer, cards on a phone.
 */
export function CompaniesPage({ isMobile }: { isMobile: boolean }) {
  const [params, setParams] = useSearchParams();
  const { status, plan } = filtersFromParams(params);
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS).trim();

  // The page goes back to 1 whenever the search or a filter changes.
  const filterKey = JSON.stringify([search, status, plan]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => {
    setPaging({ key: filterKey, page: next });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  const setFilters = (next: { status?: typeof status; plan?: Plan | null }) =>
    setParams(paramsFromFilters({ status, plan, ...next }), { replace: true });

  const query = useQuery(companiesQueryOptions({ search, status, plan, page }));
  const companies = query.data?.data ?? [];
  const rendered = useProgressiveList(companies);
  const total = query.data?.pagination.total ?? 0;
  const pages = query.data?.pagination.totalPages ?? 1;
  const filtered = term.trim() !== "" || status !== null || plan !== null;
  const failed = listFailed(query, companies.length);

  const clearFilters = () => {
    setTerm("");
    setParams(new URLSearchParams(), { replace: true });
  };

  const newCompany = (
    <Button asChild className={cn(isMobile && "w-full")}>
      <Link to={paths.superadminCompanyNew}>
        <Plus aria-hidden="true" />
        Nouvelle entreprise
      </Link>
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Entreprises"
        subtitle="Les entreprises clientes, leur formule et leur activité."
        actions={newCompany}
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher une entreprise"
          placeholder="Rechercher une entreprise par son nom…"
          className="lg:max-w-sm lg:flex-1"
        />
        <SegmentedControl<StatusFilter>
          value={status ?? "all"}
          options={STATUS_FILTERS}
          onChange={(value) => setFilters({ status: value === "all" ? null : value })}
          label="Filtrer par statut"
        />
        <NativeSelect
          aria-label="Filtrer par formule"
          value={plan ?? ""}
          onChange={(event) => setFilters({ plan: (event.target.value || null) as Plan | null })}
          wrapperClassName="lg:w-52"
        >
          <option value="">Toutes les formules</option>
          {PLAN_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>

      <ListSection
        headingId="companies-found"
        query={query}
        rows={companies.length}
        countLabel={companiesCountLabel(total, filtered)}
        pendingLabel="Recherche des entreprises"
        headingAction={
          filtered && (
            <Button variant="link" size="sm" className="ml-auto h-auto px-0" onClick={clearFilters}>
              Effacer les filtres
            </Button>
          )
        }
        loading={
          <ListSkeleton
            label="Chargement des entreprises"
            rows={isMobile ? 3 : 6}
            className="lg:grid-cols-1"
            item={<Skeleton className={cn("w-full rounded-lg", isMobile ? "h-24" : "h-12")} />}
          />
        }
        errorTitle="Impossible de charger les entreprises"
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="Aucune entreprise trouvée"
              text={
                term.trim()
                  ? `Aucune entreprise ne correspond à «\u00a0${term.trim()}\u00a0» avec ces filtres.`
                  : "Aucune entreprise avec ces filtres."
              }
              action={
                <Button variant="outline" onClick={clearFilters}>
                  Effacer les filtres
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Building aria-hidden="true" className="size-6" />}
              title="Aucune entreprise"
              text="Créez la première entreprise cliente et invitez son administrateur."
              action={newCompany}
            />
          )
        }
        footer={
          <ListPagination
            label="Pagination des entreprises"
            page={page}
            pageCount={pages}
            onPageChange={setPage}
            disabled={query.isFetching}
          />
        }
      >
        {failed ? null : isMobile ? (
          <ul aria-label="Entreprises" className="flex flex-col gap-3">
            {rendered.map((company) => (
              <li key={company.id}>
                <CompanyCard company={company} />
              </li>
            ))}
          </ul>
        ) : (
          <CompaniesTable companies={rendered} />
        )}
      </ListSection>
    </div>
  );
}

function lastActivity(company: PlatformCompany): string {
  return company.last_activity_at ? formatDate(company.last_activity_at) : "Aucune";
}

function CompaniesTable({ companies }: { companies: readonly PlatformCompany[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card shadow-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Entreprises</caption>
        <thead>
          <tr className="border-b border-border text-left text-[0.8125rem] text-muted-foreground">
            <th scope="col" className="px-4 py-2.5 font-medium">
              Entreprise
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Statut
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Formule
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              Utilisateurs
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Dernière activité
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Créée le
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {companies.map((company) => (
            <tr key={company.id} className="relative transition-colors hover:bg-muted/60">
              <td className="max-w-72 px-4 py-3">
                <Link
                  to={paths.superadminCompany(company.id)}
                  className="block truncate font-semibold after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-[-2px] focus-visible:after:outline-ring"
                >
                  {company.name}
                </Link>
                {company.city && <span className="block truncate text-xs text-muted-foreground">{company.city}</span>}
              </td>
              <td className="px-4 py-3">
                <CompanyStatusBadge status={company.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{PLAN_LABELS[company.plan]}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatCount(company.users)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{lastActivity(company)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">{formatDate(company.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CompanyCard({ company }: { company: PlatformCompany }) {
  return (
    <article
      aria-label={company.name}
      className="relative flex flex-col gap-2 rounded-lg border border-border bg-card p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <h2 className="min-w-0 flex-1 text-[0.9375rem] leading-snug font-semibold break-words">
          <Link
            to={paths.superadminCompany(company.id)}
            className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {company.name}
          </Link>
        </h2>
        <CompanyStatusBadge status={company.status} />
      </div>
      <p className="text-[0.8125rem] text-muted-foreground">
        {PLAN_LABELS[company.plan]} · {plural(company.users, "utilisateur")}
        {company.city ? ` · ${company.city}` : ""}
      </p>
      <p className="flex items-center justify-between text-[0.8125rem] text-muted-foreground">
        <span>Dernière activité&nbsp;: {lastActivity(company)}</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </p>
    </article>
  );
}
