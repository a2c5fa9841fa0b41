import { zodResolver } from "@hookform/resolvers/zod";
import { COMPANY_TEXTS, type CompanyInfo, type CompanyInfoInput, companyInfoInputSchema } from "@shared/company";
import { useQueryClient } from "@tanstack/react-query";
import { StaleVersionNotice } from "@web/components/form/stale-version";
import { useSaveForm } from "@web/components/form/use-save-form";
import { Card, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { FormField, FormSection } from "@web/components/ui/form-field";
import { EmailInput, Input, PhoneInput } from "@web/components/ui/input";
import { SwitchRow } from "@web/components/ui/switch";
import { cn } from "@web/lib/cn";
import { Controller, type Resolver } from "react-hook-form";
import { companyInfoQueryOptions } from "../api/get-company-info";
import { useUpdateCompanyInfo } from "../api/update-company-info";
import { COMPANY_INFO_FIELDS, type CompanyInfoFields, infoFormValues } from "../lib/company-form-values";
import { SaveBar } from "./save-bar";

/**
 * The shared schema validates the raw text of the inputs (it trims and turns '' into null); its
 * preprocessed fields are typed `unknown` on input, hence the one cast to the inputs' shape.
 */
const infoResolver = zodResolver(companyInfoInputSchema) as unknown as Resolver<
  CompanyInfoFields,
  unknown,
  CompanyInfoInput
>;

export interface CompanyInfoFormProps {
  info: CompanyInfo;
  canEdit: boolean;
  isMobile: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The company identity form (docs/domain/company-settings.md#rules): name *, legal numbers (checked by
 * their keys), address, contact, the bank account its invoices are paid to (IBAN, BIC), and the legal
 * mentions its invoices print (legal form, capital, registration, décennale insurance, VAT franchise).
 */
export function CompanyInfoForm({ info, canEdit, isMobile, onDirtyChange }: CompanyInfoFormProps) {
  const mutation = useUpdateCompanyInfo();
  const queryClient = useQueryClient();
  const { form, submit, stale, reload } = useSaveForm({
    resolver: infoResolver,
    valuesOf: infoFormValues,
    initial: info,
    save: (body: CompanyInfoInput, version) => mutation.mutateAsync({ body, version }),
    reload: () => queryClient.fetchQuery({ ...companyInfoQueryOptions(), staleTime: 0 }),
    savedMessage: COMPANY_TEXTS.infoUpdated,
    failureTitle: "Erreur",
    fields: COMPANY_INFO_FIELDS,
    onDirtyChange,
  });
  const {
    control,
    register,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = form;

  const twoCols = cn("grid gap-4", !isMobile && "sm:grid-cols-2");

  return (
    <Card className="min-w-0">
      <CardHeader className={cn(isMobile ? "p-4 pb-2" : "px-6 pt-5")}>
        <CardTitle>Identité de l’entreprise</CardTitle>
        <CardDescription>Ces informations apparaissent sur vos devis et vos factures.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit} aria-label="Informations de l'entreprise" aria-busy={isSubmitting}>
        <fieldset disabled={!canEdit} className="min-w-0">
          <div className={cn("flex flex-col gap-7", isMobile ? "px-4 pt-3 pb-6" : "px-6 pt-3 pb-7")}>
            {stale && <StaleVersionNotice onReload={reload} />}
            <FormSection title="Entreprise">
              <FormField label="Nom de l’entreprise *" error={errors.name?.message}>
                {(props) => <Input autoComplete="organization" required {...props} {...register("name")} />}
              </FormField>
              <div className={twoCols}>
                <FormField label="SIRET" error={errors.siret?.message} hint="14 chiffres, clé de contrôle vérifiée">
                  {(props) => (
                    <Input
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder="812 345 676 00017"
                      spellCheck={false}
                      {...props}
                      {...register("siret")}
                    />
                  )}
                </FormField>
                <FormField
                  label="Numéro de TVA intracommunautaire"
                  error={errors.tva_number?.message}
                  hint="FR, 2 chiffres de clé puis votre SIREN"
                >
                  {(props) => (
                    <Input
                      autoComplete="off"
                      autoCapitalize="characters"
                      placeholder="FR19812345676"
                      spellCheck={false}
                      {...props}
                      {...register("tva_number")}
                    />
                  )}
                </FormField>
              </div>
            </FormSection>

            <FormSection title="Adresse">
              <FormField label="Adresse" error={errors.address1?.message}>
                {(props) => <Input autoComplete="address-line1" {...props} {...register("address1")} />}
              </FormField>
              <FormField label="Complément d’adresse" error={errors.address2?.message}>
                {(props) => (
                  <Input
                    autoComplete="address-line2"
                    placeholder="Bâtiment, étage, lieu-dit…"
                    {...props}
                    {...register("address2")}
                  />
                )}
              </FormField>
              <div className="grid grid-cols-[7.5rem_1fr] gap-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
                <FormField label="Code postal" error={errors.zip_code?.message}>
                  {(props) => (
                    <Input inputMode="numeric" autoComplete="postal-code" {...props} {...register("zip_code")} />
                  )}
                </FormField>
                <FormField label="Ville" error={errors.city?.message}>
                  {(props) => <Input autoComplete="address-level2" {...props} {...register("city")} />}
                </FormField>
              </div>
              <FormField
                label="Pays"
                error={errors.country?.message}
                className={cn(!isMobile && "sm:max-w-[calc(50%-0.5rem)]")}
              >
                {(props) => <Input autoComplete="country-name" {...props} {...register("country")} />}
              </FormField>
            </FormSection>

            <FormSection title="Contact">
              <div className={twoCols}>
                <FormField label="Téléphone" error={errors.phone_contact?.message}>
                  {(props) => <PhoneInput placeholder="04 78 12 34 56" {...props} {...register("phone_contact")} />}
                </FormField>
                <FormField label="E-mail" error={errors.email_contact?.message}>
                  {(props) => <EmailInput {...props} {...register("email_contact")} />}
                </FormField>
              </div>
              <FormField label="Site web" error={errors.website?.message}>
                {(props) => (
                  <Input
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="www.exemple.fr"
                    {...props}
                    {...register("website")}
                  />
                )}
              </FormField>
            </FormSection>

            <FormSection
              title="Coordonnées bancaires"
              description={
                "Le compte où vos clients règlent vos factures par virement\u00a0: inscrit dans le Factur-X de chaque facture émise."
              }
            >
              <div className={cn("grid gap-4", !isMobile && "sm:grid-cols-[2fr_1fr]")}>
                <FormField
                  label="IBAN"
                  error={errors.iban?.message}
                  hint={"Clé de contrôle vérifiée (FR\u00a0: 27\u00a0caractères)"}
                >
                  {(props) => (
                    <Input
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      placeholder="FR76 3000 4008 2300 0104 5678 943"
                      // 34 characters grouped by 4: they fit a phone's field when set a little tighter.
                      className="tracking-tight tabular-nums"
                      {...props}
                      {...register("iban")}
                    />
                  )}
                </FormField>
                <FormField label="BIC" error={errors.bic?.message} hint="8 ou 11 caractères">
                  {(props) => (
                    <Input
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      placeholder="BNPAFRPPXXX"
                      {...props}
                      {...register("bic")}
                    />
                  )}
                </FormField>
              </div>
            </FormSection>

            <FormSection
              title="Mentions légales"
              description="Imprimées sur vos factures (et vos devis pour l’assurance)."
            >
              <div className={twoCols}>
                <FormField label="Forme juridique" error={errors.legal_form?.message} hint="SARL, SAS, EI…">
                  {(props) => <Input autoComplete="off" {...props} {...register("legal_form")} />}
                </FormField>
                <FormField label="Capital social" error={errors.share_capital?.message}>
                  {(props) => (
                    <Input autoComplete="off" placeholder="10 000 €" {...props} {...register("share_capital")} />
                  )}
                </FormField>
              </div>
              <FormField label="Immatriculation (RCS ou RM)" error={errors.registration?.message}>
                {(props) => (
                  <Input
                    autoComplete="off"
                    placeholder="RCS Lyon 812 345 678"
                    spellCheck={false}
                    {...props}
                    {...register("registration")}
                  />
                )}
              </FormField>
              <div className={twoCols}>
                <FormField label="Assureur décennale" error={errors.insurer_name?.message}>
                  {(props) => <Input autoComplete="off" {...props} {...register("insurer_name")} />}
                </FormField>
                <FormField label="N° de police" error={errors.insurer_policy?.message}>
                  {(props) => (
                    <Input autoComplete="off" spellCheck={false} {...props} {...register("insurer_policy")} />
                  )}
                </FormField>
              </div>
              <FormField label="Zone de couverture" error={errors.insurance_coverage?.message}>
                {(props) => (
                  <Input
                    autoComplete="off"
                    placeholder="France métropolitaine"
                    {...props}
                    {...register("insurance_coverage")}
                  />
                )}
              </FormField>
              <Controller
                control={control}
                name="vat_franchise"
                render={({ field }) => (
                  <SwitchRow
                    id="company-vat-franchise"
                    label="Franchise en base de TVA (art. 293 B du CGI)"
                    hint={"Vos factures sont sans TVA et portent «\u00a0TVA non applicable, art. 293 B du CGI\u00a0»."}
                    error={errors.vat_franchise?.message}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </FormSection>
          </div>
        </fieldset>
        {canEdit && (
          <SaveBar
            isMobile={isMobile}
            dirty={isDirty}
            saving={isSubmitting}
            onReset={() => reset(infoFormValues(info))}
          />
        )}
      </form>
    </Card>
  );
}
