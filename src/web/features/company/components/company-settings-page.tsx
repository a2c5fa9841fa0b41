import { useQuery } from "@tanstack/react-query";
import { LeaveConfirmDialog } from "@web/components/form/leave-confirm-dialog";
import { useUnsavedChanges } from "@web/components/form/use-unsaved-changes";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { LoadError } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAfterFirstPaint } from "@web/hooks/use-after-first-paint";
import { useCan } from "@web/hooks/use-can";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { errorDescription } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Building2, Calculator, FileText, Mail } from "lucide-react";
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { accountingSettingsQueryOptions } from "../api/accounting-settings";
import { companyInfoQueryOptions } from "../api/get-company-info";
import { companySettingsQueryOptions } from "../api/get-company-settings";
import { messageTemplatesQueryOptions } from "../api/message-templates";
import { CompanyLogoCard } from "./company-logo-card";

// The forms bring zod and react-hook-form: they load beside the data, once the page's header and
// tabs have painted (useAfterFirstPaint; ADR 0005 §10).
const loadCompanyInfoForm = () => import("./company-info-form");
const CompanyInfoForm = lazy(() => loadCompanyInfoForm().then((m) => ({ default: m.CompanyInfoForm })));
const CommercialSettingsForm = lazy(() =>
  import("./commercial-settings-form").then((m) => ({ default: m.CommercialSettingsForm })),
);
const MessageTemplatesForm = lazy(() =>
  import("./message-templates-form").then((m) => ({ default: m.MessageTemplatesForm })),
);
const AccountingSettingsForm = lazy(() =>
  import("./accounting-settings-form").then((m) => ({ default: m.AccountingSettingsForm })),
);

export type CompanySettingsTab = "info" | "commercial" | "messages" | "accounting";

/** The tab shown for the `?tab=` search parameter (Informations by default). */
export function tabFromSearch(value: string | null): CompanySettingsTab {
  return value === "commercial" || value === "messages" || value === "accounting" ? value : "info";
}

export interface CompanySettingsPageProps {
  isMobile: boolean;
}

/**
 * « Paramètres de l'entreprise » (docs/domain/company-settings.md#screen): tabs « Informations »,
 * « Paramètres commerciaux », « Messages » (the send and remind templates, docs/domain/messages.md#templates)
 * and « Comptabilité » (the FEC's accounts, docs/domain/accounting.md#accounts).
 */
export function CompanySettingsPage({ isMobile }: CompanySettingsPageProps) {
  // settings:edit — without it the forms are read-only and the logo cannot be changed.
  const canEdit = useCan("settings:edit");
  const info = useQuery(companyInfoQueryOptions());
  const settings = useQuery(companySettingsQueryOptions());
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams.get("tab"));
  const [infoDirty, setInfoDirty] = useState(false);
  const [settingsDirty, setSettingsDirty] = useState(false);
  const [templatesDirty, setTemplatesDirty] = useState(false);
  const [accountingDirty, setAccountingDirty] = useState(false);
  // The templates are asked for when their tab is first opened (the page's first answers are the other two).
  const templatesOpened = useOpenedOnce(tab === "messages");
  // The commercial settings are asked for at once but their form drawn when its tab is first opened: the first load
  // renders one form, not two (rendering them was most of /settings' blocking time on a slow phone).
  const commercialOpened = useOpenedOnce(tab === "commercial");
  const templates = useQuery({ ...messageTemplatesQueryOptions(), enabled: templatesOpened });
  // The accounts likewise, when « Comptabilité » is first opened.
  const accountingOpened = useOpenedOnce(tab === "accounting");
  const accounting = useQuery({ ...accountingSettingsQueryOptions(), enabled: accountingOpened });
  const blocker = useUnsavedChanges(canEdit && (infoDirty || settingsDirty || templatesDirty || accountingDirty));
  useToastsAboveSaveBar(canEdit, isMobile);
  const triggerClass = isMobile ? "flex-auto px-3" : "flex-none px-4";

  const selectTab = (value: string) => {
    const next = tabFromSearch(value);
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === "info") copy.delete("tab");
        else copy.set("tab", next);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Paramètres de l'entreprise"
        subtitle="L’identité de votre entreprise et les règles appliquées à vos devis."
      />

      {!canEdit && (
        <Alert variant="info">
          <AlertDescription>
            Vous pouvez consulter ces paramètres&#8239;; seul un administrateur peut les modifier.
          </AlertDescription>
        </Alert>
      )}

      <Tabs value={tab} onValueChange={selectTab} className="flex flex-col gap-5">
        <TabsList aria-label="Sections des paramètres" className={cn(isMobile ? "h-11 w-full" : "w-fit")}>
          {/* Sized by their labels (« Paramètres commerciaux » is the longer one), the rest shared; on a
              phone the short labels (« Commercial », « Comptes ») keep the four in the screen's width. */}
          <TabsTrigger value="info" className={triggerClass}>
            <Building2 aria-hidden="true" className={cn(isMobile && "hidden")} />
            Informations
            {infoDirty && <UnsavedDot />}
          </TabsTrigger>
          <TabsTrigger value="commercial" className={triggerClass}>
            <FileText aria-hidden="true" className={cn(isMobile && "hidden")} />
            {isMobile ? "Commercial" : "Paramètres commerciaux"}
            {settingsDirty && <UnsavedDot />}
          </TabsTrigger>
          <TabsTrigger value="messages" className={triggerClass}>
            <Mail aria-hidden="true" className={cn(isMobile && "hidden")} />
            Messages
            {templatesDirty && <UnsavedDot />}
          </TabsTrigger>
          <TabsTrigger value="accounting" className={triggerClass}>
            <Calculator aria-hidden="true" className={cn(isMobile && "hidden")} />
            {isMobile ? "Comptes" : "Comptabilité"}
            {accountingDirty && <UnsavedDot />}
          </TabsTrigger>
        </TabsList>

        {/* Each panel, once drawn, stays mounted so that switching tabs keeps what was typed. */}
        <TabsContent value="info" forceMount hidden={tab !== "info"}>
          <QueryState
            isPending={info.isPending}
            error={info.error}
            hasData={info.data !== undefined}
            failureTitle="Erreur lors de la récupération des informations de l'entreprise"
            onRetry={() => void info.refetch()}
            preload={loadCompanyInfoForm}
          >
            {info.data && (
              <div className={cn("grid items-start gap-5", !isMobile && "grid-cols-[19.5rem_minmax(0,1fr)] gap-6")}>
                <div className={cn(!isMobile && "sticky top-8")}>
                  <CompanyLogoCard
                    logoUrl={info.data.logo_url}
                    companyName={info.data.name}
                    canEdit={canEdit}
                    isMobile={isMobile}
                  />
                </div>
                <CompanyInfoForm info={info.data} canEdit={canEdit} isMobile={isMobile} onDirtyChange={setInfoDirty} />
              </div>
            )}
          </QueryState>
        </TabsContent>

        <TabsContent value="commercial" forceMount hidden={tab !== "commercial"}>
          <QueryState
            isPending={settings.isPending}
            error={settings.error}
            hasData={settings.data !== undefined}
            failureTitle="Erreur lors de la récupération des paramètres de l’entreprise"
            onRetry={() => void settings.refetch()}
          >
            {settings.data && commercialOpened && (
              <CommercialSettingsForm
                settings={settings.data}
                canEdit={canEdit}
                isMobile={isMobile}
                onDirtyChange={setSettingsDirty}
              />
            )}
          </QueryState>
        </TabsContent>

        <TabsContent value="messages" forceMount hidden={tab !== "messages"}>
          {templatesOpened && (
            <QueryState
              isPending={templates.isPending}
              error={templates.error}
              hasData={templates.data !== undefined}
              failureTitle="Erreur lors de la récupération des modèles de messages"
              onRetry={() => void templates.refetch()}
            >
              {templates.data && (
                <MessageTemplatesForm
                  templates={templates.data}
                  canEdit={canEdit}
                  isMobile={isMobile}
                  onDirtyChange={setTemplatesDirty}
                />
              )}
            </QueryState>
          )}
        </TabsContent>

        <TabsContent value="accounting" forceMount hidden={tab !== "accounting"}>
          {accountingOpened && (
            <QueryState
              isPending={accounting.isPending}
              error={accounting.error}
              hasData={accounting.data !== undefined}
              failureTitle="Erreur lors de la récupération des comptes comptables"
              onRetry={() => void accounting.refetch()}
            >
              {accounting.data && (
                <AccountingSettingsForm
                  settings={accounting.data}
                  canEdit={canEdit}
                  isMobile={isMobile}
                  onDirtyChange={setAccountingDirty}
                />
              )}
            </QueryState>
          )}
        </TabsContent>
      </Tabs>

      <LeaveConfirmDialog
        blocker={blocker}
        description="Vos modifications des paramètres de l’entreprise n’ont pas été enregistrées et seront perdues."
      />
    </div>
  );
}

/**
 * The forms' save bar sticks to the bottom of the screen: lift the toasts above it while the page
 * is shown (the layout already lifts them above the mobile tab bar), and restore them after.
 */
function useToastsAboveSaveBar(active: boolean, isMobile: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    let previous: string | null = null;
    // After the layout's own effect, which sets or clears the same variable when it mounts with us.
    const timer = window.setTimeout(() => {
      previous = root.style.getPropertyValue("--toast-bottom-offset");
      root.style.setProperty(
        "--toast-bottom-offset",
        isMobile ? "calc(9rem + env(safe-area-inset-bottom))" : "calc(4.5rem + 24px)",
      );
    }, 0);
    return () => {
      window.clearTimeout(timer);
      if (previous === null) return;
      if (previous) root.style.setProperty("--toast-bottom-offset", previous);
      else root.style.removeProperty("--toast-bottom-offset");
    };
  }, [active, isMobile]);
}

function UnsavedDot() {
  return (
    <>
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-accent" />
      <span className="sr-only"> (modifications non enregistrées)</span>
    </>
  );
}

interface QueryStateProps {
  isPending: boolean;
  error: Error | null;
  hasData: boolean;
  failureTitle: string;
  onRetry: () => void;
  /** Loads the content's code (a lazy form), once the page has painted. */
  preload?: () => unknown;
  children: ReactNode;
}

/** « Chargement… » while the first answer is awaited, the failure with « Réessayer », else the content. */
function QueryState({ isPending, error, hasData, failureTitle, onRetry, preload, children }: QueryStateProps) {
  const painted = useAfterFirstPaint();
  // The content's code is asked for once the page has painted (not by its first render: it would count
  // in the first paint), and the content drawn in a transition, which React renders in slices between
  // which a slow phone stays responsive, instead of one long task (ADR 0005 §10 (n)).
  useEffect(() => {
    if (painted) void preload?.();
  }, [painted, preload]);
  const ready = useDeferredValue(painted && !isPending, false);
  const loading = <Spinner className="py-20" label="Chargement…" />;
  if (!ready) return loading;
  if (error && !hasData) {
    return <LoadError title={failureTitle} message={errorDescription(error)} onRetry={onRetry} />;
  }
  return <Suspense fallback={loading}>{children}</Suspense>;
}
