import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMPANY_TEXTS,
  type CompanySettings,
  companySettingsInputSchema,
  DEFAULT_QUOTE_VALIDITY_DAYS,
} from "@shared/company";
import { allowedTaxRates, taxRatesList, VAT_RATES } from "@shared/documents";
import { formatPercent } from "@shared/format";
import { useQueryClient } from "@tanstack/react-query";
import { StaleVersionNotice } from "@web/components/form/stale-version";
import { useSaveForm } from "@web/components/form/use-save-form";
import { Card, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { FormField, FormSection } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { NativeSelect } from "@web/components/ui/native-select";
import { SwitchRow } from "@web/components/ui/switch";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { Controller, type Resolver } from "react-hook-form";
import { companySettingsQueryOptions } from "../api/get-company-settings";
import { type CompanySettingsInput, useUpdateCompanySettings } from "../api/update-company-settings";
import {
  COMPANY_SETTINGS_FIELDS,
  type CompanySettingsFields,
  settingsFormValues,
  typedTaxRates,
} from "../lib/company-form-values";
import { validUntilForToday } from "../lib/validity-preview";
import { SaveBar } from "./save-bar";

/** See CompanyInfoForm: the shared schema reads the raw text of the inputs. */
const settingsResolver = zodResolver(companySettingsInputSchema) as unknown as Resolver<
  CompanySettingsFields,
  unknown,
  CompanySettingsInput
>;

export interface CommercialSettingsFormProps {
  settings: CompanySettings;
  canEdit: boolean;
  isMobile: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * « Paramètres commerciaux » (docs/domain/company-settings.md#rules): quote validity (1 to 365 days, 30
 * when empty), the VAT rate of new quote lines and the company's own VAT rates (ADR 0020), the reminder delay (« À relancer », 1 to 90 days), and terms.
 */
export function CommercialSettingsForm({ settings, canEdit, isMobile, onDirtyChange }: CommercialSettingsFormProps) {
  const mutation = useUpdateCompanySettings();
  const queryClient = useQueryClient();
  const { form, submit, stale, reload } = useSaveForm({
    resolver: settingsResolver,
    valuesOf: settingsFormValues,
    initial: settings,
    save: (body: CompanySettingsInput, version) => mutation.mutateAsync({ body, version }),
    reload: () => queryClient.fetchQuery({ ...companySettingsQueryOptions(), staleTime: 0 }),
    savedMessage: COMPANY_TEXTS.settingsUpdated,
    failureTitle: "Erreur",
    fields: COMPANY_SETTINGS_FIELDS,
    onDirtyChange,
  });
  const {
    register,
    reset,
    watch,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const validUntil = validUntilForToday(watch("quote_validity_days") ?? "");
  // The default rate is one of those in force or typed below (docs/decisions/0020-vat-rates.md).
  const defaultRate = watch("default_tax_rate") ?? "";
  const allowed = allowedTaxRates(typedTaxRates(watch("extra_tax_rates") ?? "")).map(String);
  const rates = allowed.includes(defaultRate) || defaultRate === "" ? allowed : [...allowed, defaultRate];

  return (
    <Card className="min-w-0">
      <CardHeader className={cn(isMobile ? "p-4 pb-2" : "px-6 pt-5")}>
        <CardTitle>Devis</CardTitle>
        <CardDescription>Les règles appliquées à vos nouveaux devis.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit} aria-label="Paramètres commerciaux" aria-busy={isSubmitting}>
        <fieldset disabled={!canEdit} className="min-w-0">
          <div className={cn("flex flex-col gap-7", isMobile ? "px-4 pt-3 pb-6" : "px-6 pt-3 pb-7")}>
            {stale && <StaleVersionNotice onReload={reload} />}
            <FormSection title="Validité">
              <FormField
                label="Durée de validité des devis"
                error={errors.quote_validity_days?.message}
                hint={
                  <>
                    En jours, de 1 à 365 ({DEFAULT_QUOTE_VALIDITY_DAYS} si laissé vide).
                    {validUntil && (
                      <>
                        {" "}
                        Un devis daté d’aujourd’hui sera valable jusqu’au{" "}
                        <span className="font-medium text-foreground">{validUntil}</span>.
                      </>
                    )}
                  </>
                }
              >
                {(props) => (
                  <div className="relative w-full sm:max-w-56">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={365}
                      step={1}
                      placeholder={String(DEFAULT_QUOTE_VALIDITY_DAYS)}
                      className="pr-16"
                      {...props}
                      {...register("quote_validity_days")}
                    />
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
                    >
                      jours
                    </span>
                  </div>
                )}
              </FormField>
            </FormSection>
            <FormSection title="TVA">
              <FormField
                label="TVA des nouvelles lignes"
                error={errors.default_tax_rate?.message}
                hint="Le taux proposé pour chaque nouvelle ligne de devis (10 % en rénovation de logements de plus de 2 ans)."
              >
                {(props) => (
                  <NativeSelect wrapperClassName="sm:max-w-56" {...props} {...register("default_tax_rate")}>
                    {rates.map((rate) => (
                      <option key={rate} value={rate}>
                        {formatPercent(Number(rate))}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField
                label="Autres taux de TVA autorisés"
                error={errors.extra_tax_rates?.message}
                hint={`Les lignes de devis, de factures et de la bibliothèque portent ${taxRatesList(VAT_RATES)}\u00a0%, et les taux ajoutés ici (Corse, outre-mer), séparés par des points-virgules\u00a0: 13\u202f; 8,5.`}
              >
                {(props) => (
                  <Input
                    className="w-full sm:max-w-56"
                    autoComplete="off"
                    placeholder="Aucun"
                    {...props}
                    {...register("extra_tax_rates")}
                  />
                )}
              </FormField>
              <Controller
                control={control}
                name="vat_on_debits"
                render={({ field }) => (
                  <SwitchRow
                    id="company-vat-on-debits"
                    label="Option pour le paiement de la taxe d’après les débits"
                    hint="Si vous avez opté (CGI art. 269-2 c), vos factures le mentionnent et la TVA est due à la facturation plutôt qu’à l’encaissement."
                    error={errors.vat_on_debits?.message}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </FormSection>
            <FormSection title="Relances">
              <FormField
                label="Relancer les devis après"
                error={errors.reminder_after_days?.message}
                hint={
                  "Un devis envoyé resté sans réponse après ce délai apparaît dans «\u00a0À relancer\u00a0» (1 à 90 jours)."
                }
              >
                {(props) => (
                  <div className="relative w-full sm:max-w-56">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={90}
                      step={1}
                      className="pr-16"
                      {...props}
                      {...register("reminder_after_days")}
                    />
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
                    >
                      jours
                    </span>
                  </div>
                )}
              </FormField>
            </FormSection>
            <FormSection title="Conditions générales">
              <FormField
                label="Conditions générales de vente"
                error={errors.terms_and_conditions?.message}
                hint="Imprimées sur les devis qui n’ont pas leurs propres conditions."
              >
                {(props) => (
                  <Textarea
                    rows={isMobile ? 8 : 10}
                    placeholder="Acompte de 30 % à la signature, solde à la réception des travaux…"
                    className="min-h-40 resize-y leading-relaxed"
                    {...props}
                    {...register("terms_and_conditions")}
                  />
                )}
              </FormField>
            </FormSection>
          </div>
        </fieldset>
        {canEdit && (
          <SaveBar
            isMobile={isMobile}
            dirty={isDirty}
            saving={isSubmitting}
            onReset={() => reset(settingsFormValues(settings))}
          />
        )}
      </form>
    </Card>
  );
}
