import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "@shared/quote-rules";
import { asksPremises, PREMISES, PREMISES_LABELS, type Premises, VAT_RULE_TEXTS } from "@shared/vat-rules";
import { DocumentClientField, DocumentNameField } from "@web/components/document-form/document-fields";
import { CollapsibleSection } from "@web/components/ui/collapsible-section";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { NativeSelect } from "@web/components/ui/native-select";
import { Textarea } from "@web/components/ui/textarea";
import { FileText } from "lucide-react";
import { Controller } from "react-hook-form";
import type { QuoteFormState } from "../hooks/use-quote-form";
import { QuoteWorksiteField } from "./quote-worksite-field";

export interface QuoteInfoSectionProps {
  state: QuoteFormState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean;
}

/** « Informations »: name, client, status, dates, internal notes and the terms printed on the PDF. */
export function QuoteInfoSection({ state, open, onOpenChange, isMobile }: QuoteInfoSectionProps) {
  const {
    form,
    quote,
    permissions,
    validityDays,
    watched,
    infoErrors,
    watchedName,
    selectedClientName,
    clientAddresses,
    clientType,
    energyRenovation,
    setEnergyRenovation,
  } = state;
  const editing = quote !== null;
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const validUntilTouched = state.validUntilTouched;
  return (
    <CollapsibleSection
      title="Informations"
      icon={<FileText />}
      open={open}
      onOpenChange={onOpenChange}
      hasError={infoErrors}
      summary={[watchedName || "Sans nom", selectedClientName].filter(Boolean).join(" · ")}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <DocumentNameField
          label="Nom du devis *"
          register={register}
          error={errors.name?.message}
          autoFocus={!editing && !isMobile}
          className="sm:col-span-2"
        />
        <DocumentClientField
          control={control}
          error={errors.client_id?.message}
          canCreate={permissions.canCreateClients}
          selectedName={(id) => (quote && id === quote.client_id ? quote.client.name : undefined)}
        />
        <Controller
          control={control}
          name="worksite"
          render={({ field }) => (
            <QuoteWorksiteField
              value={field.value ?? null}
              addresses={clientAddresses}
              onChange={field.onChange}
              error={errors.worksite?.address?.message ?? errors.worksite?.message}
            />
          )}
        />
        {asksPremises(clientType) && (
          <div className="flex flex-col gap-3 sm:col-span-2">
            <FormField
              label={VAT_RULE_TEXTS.premisesQuestion}
              error={errors.premises?.message}
              hint={VAT_RULE_TEXTS.premisesHint}
            >
              {(props) => (
                <Controller
                  control={control}
                  name="premises"
                  render={({ field }) => (
                    <NativeSelect
                      {...props}
                      value={field.value ?? ""}
                      onChange={(event) => field.onChange((event.target.value || null) as Premises | null)}
                    >
                      <option value="">Non renseigné</option>
                      {PREMISES.map((premises) => (
                        <option key={premises} value={premises}>
                          {PREMISES_LABELS[premises]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                />
              )}
            </FormField>
            {watched.premises === "old_dwelling" && (
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  checked={energyRenovation}
                  onChange={(event) => setEnergyRenovation(event.target.checked)}
                  className="size-5 shrink-0 accent-primary"
                />
                <span>{VAT_RULE_TEXTS.energyRenovation}</span>
              </label>
            )}
          </div>
        )}
        <FormField label="Statut *" error={errors.status?.message}>
          {(props) => (
            <NativeSelect required {...props} {...register("status")}>
              {QUOTE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {QUOTE_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Date *" error={errors.date?.message}>
          {(props) => <Input type="date" required {...props} {...register("date")} />}
        </FormField>
        <FormField
          label="Valable jusqu’au"
          error={errors.valid_until?.message}
          hint={
            !editing && !validityDays && !watched.valid_until
              ? "Laissée vide, elle suit la durée de validité de l’entreprise."
              : undefined
          }
        >
          {(props) => <Input type="date" {...props} {...register("valid_until", { onChange: validUntilTouched })} />}
        </FormField>
        <FormField
          label="Notes internes"
          error={errors.notes?.message}
          hint="Visibles dans Propulse seulement, jamais sur le PDF."
          className="sm:col-span-2"
        >
          {(props) => <Textarea rows={2} {...props} {...register("notes")} />}
        </FormField>
        <FormField
          label="Conditions"
          error={errors.terms?.message}
          hint={"Imprimées sur le PDF. Vides\u00a0: les conditions générales de l’entreprise."}
          className="sm:col-span-2"
        >
          {(props) => (
            <Textarea
              rows={2}
              placeholder="Ex. Acompte de 30 % à la commande, solde à la réception des travaux."
              {...props}
              {...register("terms")}
            />
          )}
        </FormField>
      </div>
    </CollapsibleSection>
  );
}
