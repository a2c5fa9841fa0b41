import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCOUNTING_TEXTS,
  type AccountingSettings,
  type AccountingSettingsFields,
  type AccountingSettingsInput,
  accountingSettingsInputSchema,
  accountingSettingsOf,
  DEFAULT_ACCOUNTS,
} from "@shared/accounting";
import { useQueryClient } from "@tanstack/react-query";
import { StaleVersionNotice } from "@web/components/form/stale-version";
import { useSaveForm } from "@web/components/form/use-save-form";
import { Button } from "@web/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { FormField, FormSection } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { RotateCcw } from "lucide-react";
import type { Resolver } from "react-hook-form";
import { accountingSettingsQueryOptions, useUpdateAccountingSettings } from "../api/accounting-settings";
import { SaveBar } from "./save-bar";

const accountingResolver = zodResolver(accountingSettingsInputSchema) as unknown as Resolver<
  AccountingSettingsFields,
  unknown,
  AccountingSettingsInput
>;

type Key = keyof AccountingSettingsFields;

/** The inputs by group, with their labels (docs/domain/accounting.md#accounts). */
const GROUPS: { title: string; description: string; fields: { key: Key; label: string }[] }[] = [
  {
    title: "Tiers et trésorerie",
    description: "Le compte collectif des clients (chaque client y a son compte auxiliaire), les acomptes, la banque.",
    fields: [
      { key: "clients_account", label: "Clients (411…)" },
      { key: "deposits_account", label: "Acomptes reçus (4191…)" },
      { key: "bank_account", label: "Banque (51…)" },
    ],
  },
  {
    title: "Ventes par taux de TVA",
    description: "Le chiffre d’affaires hors taxes, par taux (704 travaux, 706 prestations de services…).",
    fields: [
      { key: "sales_account_20", label: "Ventes à 20\u00a0%" },
      { key: "sales_account_10", label: "Ventes à 10\u00a0%" },
      { key: "sales_account_5_5", label: "Ventes à 5,5\u00a0%" },
      { key: "sales_account_0", label: "Ventes à 0\u00a0%" },
      { key: "sales_account_other", label: "Ventes aux autres taux" },
    ],
  },
  {
    title: "TVA collectée par taux",
    description: "La TVA des factures émises, par taux (4457…).",
    fields: [
      { key: "vat_account_20", label: "TVA collectée à 20\u00a0%" },
      { key: "vat_account_10", label: "TVA collectée à 10\u00a0%" },
      { key: "vat_account_5_5", label: "TVA collectée à 5,5\u00a0%" },
      { key: "vat_account_2_1", label: "TVA collectée à 2,1\u00a0%" },
      { key: "vat_account_other", label: "TVA collectée aux autres taux" },
    ],
  },
  {
    title: "Journaux",
    description: "Les codes des journaux du FEC\u00a0: les factures et avoirs, puis les règlements.",
    fields: [
      { key: "sales_journal", label: "Journal des ventes" },
      { key: "bank_journal", label: "Journal de banque" },
    ],
  },
];

const FIELDS = GROUPS.flatMap((g) => g.fields.map((f) => f.key));

const valuesOf = ({ updated_at: _version, ...accounts }: AccountingSettings): AccountingSettingsFields => accounts;

export interface AccountingSettingsFormProps {
  settings: AccountingSettings;
  canEdit: boolean;
  isMobile: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * « Comptabilité » (docs/domain/accounting.md#accounts): the accounts and journal codes the FEC writes,
 * the PCG's until changed; each account checked against its class. Read-only without settings:edit.
 */
export function AccountingSettingsForm({ settings, canEdit, isMobile, onDirtyChange }: AccountingSettingsFormProps) {
  const mutation = useUpdateAccountingSettings();
  const queryClient = useQueryClient();
  const { form, submit, stale, reload } = useSaveForm({
    resolver: accountingResolver,
    valuesOf,
    initial: settings,
    save: (body: AccountingSettingsInput, version) => mutation.mutateAsync({ body, version }),
    reload: () => queryClient.fetchQuery({ ...accountingSettingsQueryOptions(), staleTime: 0 }),
    savedMessage: ACCOUNTING_TEXTS.settingsSaved,
    failureTitle: "Erreur",
    fields: FIELDS,
    onDirtyChange,
  });
  const {
    register,
    reset,
    setValue,
    formState: { errors, isDirty, isSubmitting, isSubmitted },
  } = form;

  const restoreDefaults = () => {
    const defaults = accountingSettingsOf(DEFAULT_ACCOUNTS);
    for (const key of FIELDS) setValue(key, defaults[key], { shouldDirty: true, shouldValidate: isSubmitted });
  };

  return (
    <Card className="min-w-0">
      <CardHeader
        className={cn("flex flex-row flex-wrap items-start justify-between gap-2", isMobile ? "p-4 pb-2" : "px-6 pt-5")}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Comptes du FEC</CardTitle>
          <CardDescription>
            Les comptes et les journaux du fichier des écritures comptables remis à votre expert-comptable.
          </CardDescription>
        </div>
        {canEdit && (
          <Button type="button" variant="ghost" size="sm" onClick={restoreDefaults}>
            <RotateCcw aria-hidden="true" />
            Rétablir le plan comptable général
          </Button>
        )}
      </CardHeader>
      <form noValidate onSubmit={submit} aria-label="Comptabilité" aria-busy={isSubmitting}>
        <fieldset disabled={!canEdit} className="min-w-0">
          <div className={cn("flex flex-col gap-7", isMobile ? "px-4 pt-3 pb-6" : "px-6 pt-3 pb-7")}>
            {stale && <StaleVersionNotice onReload={reload} />}
            {GROUPS.map((group) => (
              <FormSection key={group.title} title={group.title} description={group.description}>
                <div className={cn("grid gap-4", !isMobile && "grid-cols-3")}>
                  {group.fields.map(({ key, label }) => (
                    <FormField key={key} label={label} error={errors[key]?.message}>
                      {(props) => (
                        <Input
                          autoComplete="off"
                          inputMode={key.endsWith("_journal") ? "text" : "numeric"}
                          className={cn("w-full font-mono", key.endsWith("_journal") && "uppercase")}
                          {...props}
                          {...register(key)}
                        />
                      )}
                    </FormField>
                  ))}
                </div>
              </FormSection>
            ))}
          </div>
        </fieldset>
        {canEdit && (
          <SaveBar
            isMobile={isMobile}
            dirty={isDirty}
            saving={isSubmitting}
            onReset={() => reset(valuesOf(settings))}
          />
        )}
      </form>
    </Card>
  );
}
