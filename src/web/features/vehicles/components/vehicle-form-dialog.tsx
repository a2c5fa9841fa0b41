import { zodResolver } from "@hookform/resolvers/zod";
import {
  VEHICLE_DUE_FIELDS,
  VEHICLE_DUE_LABELS,
  VEHICLE_STATUS_LABELS,
  VEHICLE_STATUSES,
  VEHICLE_TEXTS,
} from "@shared/vehicle-rules";
import type { Vehicle } from "@shared/vehicles";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice, useVersionedForm } from "@web/components/form/stale-version";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { NativeSelect } from "@web/components/ui/native-select";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { isApiError } from "@web/lib/api-client";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { CalendarClock } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { useForm } from "react-hook-form";
import { vehicleQueryOptions } from "../api/get-vehicle";
import { useSaveVehicle } from "../api/vehicle-mutations";
import {
  VEHICLE_FORM_FIELDS,
  type VehicleFormFields,
  type VehicleFormState,
  vehicleFormDefaults,
  vehicleFormSchema,
} from "../lib/vehicle-form";

const resolver = zodResolver(vehicleFormSchema);

export interface VehicleFormDialogProps {
  form: VehicleFormState;
  isMobile: boolean;
  onClose: () => void;
}

/** « Ajouter un véhicule » / « Modifier le véhicule » (spec 3 §2.6, docs/domain/vehicles.md#screen): a bottom sheet on phones. */
export function VehicleFormDialog({ form, isMobile, onClose }: VehicleFormDialogProps) {
  const descriptionId = useId();
  const vehicle = form?.mode === "edit" ? form.vehicle : null;
  return (
    <ResponsiveModal
      open={form !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-2xl flex-col gap-0 overflow-hidden p-0"
      sheetClassName="h-[92dvh] max-h-[92dvh]"
    >
      {form !== null && (
        // Remounted per vehicle (and per opening on its dates) so the fields start from its values.
        <VehicleForm
          key={vehicle ? `${vehicle.id}-${form.mode === "edit" ? (form.focus ?? "") : ""}` : "new"}
          vehicle={vehicle}
          focusDates={form.mode === "edit" && form.focus === "dates"}
          isMobile={isMobile}
          descriptionId={descriptionId}
          onDone={onClose}
        />
      )}
    </ResponsiveModal>
  );
}

interface VehicleFormProps {
  vehicle: Vehicle | null;
  /** « Planifier l'entretien »: the dates section, its first field « Prochain entretien » focused. */
  focusDates: boolean;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}

function VehicleForm({ vehicle, focusDates, isMobile, descriptionId, onDone }: VehicleFormProps) {
  const editing = vehicle !== null;
  const save = useSaveVehicle();
  // The version the form's values come from, sent with the save (ADR 0024).
  const versioned = useVersionedForm(
    vehicle,
    vehicle && { query: () => vehicleQueryOptions(vehicle.id), apply: (fresh) => reset(vehicleFormDefaults(fresh)) },
  );
  const datesId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver, defaultValues: vehicleFormDefaults(vehicle), reValidateMode: "onChange" });
  const { cancel, saved } = useDirtyGuard(isDirty, onDone);
  const nameBlank = watch("name").trim() === "";

  const showError = (field: keyof VehicleFormFields, message: string, focus: boolean) =>
    setError(field, { type: "server", message }, { shouldFocus: focus });

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: vehicle?.id ?? null, body, version: versioned.version });
      saved();
      if (editing) toastSuccess(VEHICLE_TEXTS.updated, VEHICLE_TEXTS.updatedDescription);
      else toastSuccess(VEHICLE_TEXTS.created, VEHICLE_TEXTS.createdDescription);
      onDone();
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      // A plate another vehicle holds (409): said at the plate.
      if (isApiError(error) && error.status === 409) {
        showError("registration_number", error.message, true);
        return;
      }
      const fieldErrors = fieldErrorsFor(error, VEHICLE_FORM_FIELDS);
      for (const [index, { field, message }] of fieldErrors.entries()) showError(field, message, index === 0);
      if (fieldErrors.length === 0) {
        toastFailure(
          VEHICLE_TEXTS.failedTitle,
          error,
          editing ? VEHICLE_TEXTS.updateFailed : VEHICLE_TEXTS.createFailed,
        );
      }
    }
  });

  const plate = register("registration_number");
  /** The plate is upper-cased as it is typed (spec 3 §3), the caret kept where it was. */
  const onPlateChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const upper = input.value.toLocaleUpperCase("fr-FR");
    if (upper !== input.value) {
      const { selectionStart, selectionEnd } = input;
      input.value = upper;
      if (selectionStart !== null && upper.length === input.value.length)
        input.setSelectionRange(selectionStart, selectionEnd);
    }
    return plate.onChange(event);
  };

  /** « Recharger » after a stale save: the stored version in the form. */

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <ModalHeader
        title={editing ? "Modifier le véhicule" : "Ajouter un véhicule"}
        description={
          focusDates
            ? "Planifiez le prochain entretien et gardez à jour le contrôle technique et l’assurance."
            : "Les champs marqués d’un * sont obligatoires."
        }
        descriptionId={descriptionId}
        isMobile={isMobile}
      />

      <div className={cn("flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        {versioned.stale && <StaleVersionNotice onReload={versioned.reload} />}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Nom du véhicule *" error={errors.name?.message} className="sm:col-span-2">
            {(props) => (
              <Input
                required
                autoComplete="off"
                placeholder={"Ex.\u00a0: Master benne"}
                {...(focusDates ? {} : { "data-autofocus": true })}
                {...props}
                {...register("name")}
              />
            )}
          </FormField>
          <FormField
            label="Plaque d’immatriculation"
            error={errors.registration_number?.message}
            hint={errors.registration_number ? undefined : "En majuscules, par exemple AB-123-CD."}
          >
            {(props) => (
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
                placeholder="AB-123-CD"
                {...props}
                {...plate}
                onChange={onPlateChange}
              />
            )}
          </FormField>
          <FormField label="Statut" error={errors.status?.message}>
            {(props) => (
              <NativeSelect {...props} {...register("status")}>
                {VEHICLE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {VEHICLE_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Marque" error={errors.brand?.message}>
            {(props) => (
              <Input autoComplete="off" placeholder={"Ex.\u00a0: Renault"} {...props} {...register("brand")} />
            )}
          </FormField>
          <FormField label="Modèle" error={errors.model?.message}>
            {(props) => (
              <Input autoComplete="off" placeholder={"Ex.\u00a0: Master"} {...props} {...register("model")} />
            )}
          </FormField>
          <FormField label="Kilométrage (km)" error={errors.mileage?.message}>
            {(props) => (
              <Input
                inputMode="numeric"
                autoComplete="off"
                placeholder={"Ex.\u00a0: 125 400"}
                {...props}
                {...register("mileage")}
              />
            )}
          </FormField>
        </div>

        <fieldset
          aria-labelledby={datesId}
          className={cn(
            "flex flex-col gap-4 rounded-lg border border-border p-4",
            focusDates && "border-primary/40 bg-primary-soft/40",
          )}
        >
          <div className="flex flex-col gap-0.5">
            <h3 id={datesId} className="flex items-center gap-2 text-[0.9375rem] font-semibold">
              <CalendarClock aria-hidden="true" className="size-4 text-primary" />
              Entretien et échéances
            </h3>
            <p className="text-[0.8125rem] text-muted-foreground">
              {"Le véhicule passe «\u00a0à surveiller\u00a0» 30\u00a0jours avant chacune de ces dates."}
            </p>
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 sm:items-end">
            {VEHICLE_DUE_FIELDS.map((field) => (
              <FormField key={field} label={VEHICLE_DUE_LABELS[field]} error={errors[field]?.message}>
                {(props) => (
                  <Input
                    type="date"
                    {...(focusDates && field === "next_service_date" ? { "data-autofocus": true } : {})}
                    {...props}
                    {...register(field)}
                  />
                )}
              </FormField>
            ))}
          </div>
        </fieldset>
      </div>

      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitDisabled={nameBlank}
          submitLabel={editing ? "Enregistrer" : "Ajouter le véhicule"}
        />
      </ModalFooter>
    </form>
  );
}
