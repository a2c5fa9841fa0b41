import { ACCOUNT_TEXTS, PLAN_LABELS, type Plan, TRIAL_DAYS } from "@shared/account-rules";
import type { PlatformCompany } from "@shared/accounts";
import { formatDate, formatDateTime, formatLongDate, plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { DetailSection, Missing } from "@web/components/ui/detail-section";
import { LoadError } from "@web/components/ui/list-state";
import { NativeSelect } from "@web/components/ui/native-select";
import { PageHeader } from "@web/components/ui/page-header";
import { Skeleton } from "@web/components/ui/skeleton";
import { isApiError } from "@web/lib/api-client";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { Activity, Ban, Building, CreditCard, LoaderCircle, Power } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { companyQueryOptions, useChangePlan, useSetCompanySuspended } from "../api/superadmin-api";
import { PLAN_OPTIONS } from "../lib/platform-format";
import { BackLink } from "./back-link";
import { CompanyStatusBadge } from "./company-status-badge";

/** A label and its value on one line (as the invoice page's facts). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="shrink-0 text-[0.8125rem] text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * `/superadmin/companies/:id` (docs/domain/accounts.md#web-links-account-and-superadmin): identity, plan
 * and trial, users count and last activity (never the company's business data), « Suspendre » with a
 * confirmation or « Réactiver ».
 */
export function CompanyPage({ id, isMobile }: { id: string; isMobile: boolean }) {
  const query = useQuery(companyQueryOptions(id));
  const back = <BackLink to={paths.superadminCompanies} label="Retour aux entreprises" />;

  if (query.isPending) {
    return (
      <div role="status" aria-label="Chargement de l’entreprise" className="flex flex-col gap-5">
        {back}
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-56 rounded-lg" />
          <Skeleton className="h-56 rounded-lg" />
        </div>
      </div>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="flex flex-col gap-5">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight">
          {missing ? ACCOUNT_TEXTS.companyNotFound : "Entreprise"}
        </h1>
        {!missing && (
          <LoadError
            title="Impossible de charger l’entreprise"
            message={query.error.message}
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );
  }
  return <CompanyDetail company={query.data} isMobile={isMobile} back={back} />;
}

function CompanyDetail({ company, isMobile, back }: { company: PlatformCompany; isMobile: boolean; back: ReactNode }) {
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const suspension = useSetCompanySuspended(company.id);
  const reactivate = async () => {
    try {
      await suspension.mutateAsync(false);
      toastSuccess(ACCOUNT_TEXTS.companyReactivated);
    } catch (error) {
      toastFailure("Impossible de réactiver l’entreprise", error);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        {back}
        <PageHeader
          title={company.name}
          titleClassName="break-words"
          badge={<CompanyStatusBadge status={company.status} />}
          subtitle={
            <>
              {PLAN_LABELS[company.plan]} · cliente depuis le {formatLongDate(company.created_at)}
            </>
          }
          actions={
            company.suspended ? (
              <Button
                onClick={() => void reactivate()}
                disabled={suspension.isPending}
                className={cn(isMobile && "w-full")}
              >
                {suspension.isPending ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <Power aria-hidden="true" />
                )}
                Réactiver
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={() => setConfirmSuspend(true)}
                className={cn("text-destructive hover:bg-destructive-soft", isMobile && "w-full")}
              >
                <Ban aria-hidden="true" />
                Suspendre
              </Button>
            )
          }
        />
      </div>

      {company.suspended && (
        <p
          role="status"
          className="rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground"
        >
          {ACCOUNT_TEXTS.companySuspended}.
        </p>
      )}

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <DetailSection title="Identité" icon={<Building />}>
          <dl className="flex flex-col divide-y divide-border">
            <Fact label="SIRET">{company.siret ?? <Missing />}</Fact>
            <Fact label="E-mail de contact">{company.email_contact ?? <Missing />}</Fact>
            <Fact label="Ville">{company.city ?? <Missing />}</Fact>
            <Fact label="Créée le">{formatDate(company.created_at)}</Fact>
          </dl>
        </DetailSection>
        <DetailSection title="Activité" icon={<Activity />}>
          <dl className="flex flex-col divide-y divide-border">
            <Fact label="Utilisateurs">{plural(company.users, "utilisateur")}</Fact>
            <Fact label="Dernière activité">
              {company.last_activity_at ? (
                formatDateTime(company.last_activity_at)
              ) : (
                <Missing>Aucune connexion</Missing>
              )}
            </Fact>
          </dl>
        </DetailSection>
        <DetailSection title="Abonnement" icon={<CreditCard />} className="lg:col-span-2">
          <PlanForm company={company} isMobile={isMobile} />
        </DetailSection>
      </div>

      <ConfirmDialog
        open={confirmSuspend}
        onClose={() => setConfirmSuspend(false)}
        destructive
        title={"Suspendre l’entreprise\u202f?"}
        description={
          <>
            <strong className="font-semibold text-foreground">{company.name}</strong>
            {
              " ne pourra plus être utilisée\u00a0: ses utilisateurs sont déconnectés et ne peuvent plus se connecter. Ses données sont conservées et vous pourrez la réactiver."
            }
          </>
        }
        confirmLabel="Suspendre"
        pendingLabel="Suspension…"
        onConfirm={async () => {
          try {
            await suspension.mutateAsync(true);
            toastSuccess(ACCOUNT_TEXTS.companySuspended);
          } catch (error) {
            toastFailure("Impossible de suspendre l’entreprise", error);
          }
        }}
      />
    </div>
  );
}

function PlanForm({ company, isMobile }: { company: PlatformCompany; isMobile: boolean }) {
  const selectId = useId();
  const [plan, setPlan] = useState<Plan>(company.plan);
  const change = useChangePlan(company.id);
  const dirty = plan !== company.plan;
  const save = async () => {
    try {
      await change.mutateAsync(plan);
      toastSuccess(ACCOUNT_TEXTS.planChanged);
    } catch {
      // The mutation's failure toast says why (meta.errorTitle).
    }
  };
  return (
    <div className="flex flex-col gap-4 py-1">
      <dl className="flex flex-col divide-y divide-border">
        <Fact label="Formule actuelle">{PLAN_LABELS[company.plan]}</Fact>
        <Fact label="Fin de l’essai">
          {company.trial_ends_at ? formatLongDate(company.trial_ends_at) : <Missing>Sans objet</Missing>}
        </Fact>
      </dl>
      <form
        className={cn("flex gap-2", isMobile ? "flex-col" : "items-end")}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={selectId} className="text-sm font-medium">
            Changer de formule
          </label>
          <NativeSelect id={selectId} value={plan} onChange={(event) => setPlan(event.target.value as Plan)}>
            {PLAN_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={!dirty || change.isPending}>
          {change.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Enregistrer la formule
        </Button>
      </form>
      {plan === "essai" && dirty && (
        <p className="text-[0.8125rem] text-muted-foreground">{`L’essai gratuit dure ${TRIAL_DAYS} jours à partir d’aujourd’hui.`}</p>
      )}
    </div>
  );
}
