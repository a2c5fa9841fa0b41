import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectDetail, type ProjectDraft } from "@shared/projects";
import { useQuery } from "@tanstack/react-query";
import { ClientPicker } from "@web/components/client-picker/client-picker";
import { ScheduleCheck } from "@web/components/schedule-check/schedule-check";
import { FormField } from "@web/components/ui/form-field";
import { DecimalInput, Input } from "@web/components/ui/input";
import { NativeSelect } from "@web/components/ui/native-select";
import { Textarea } from "@web/components/ui/textarea";
import { UserRound } from "lucide-react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { type ProjectOption, teamOptionsQueryOptions, vehicleOptionsQueryOptions } from "../api/get-project-options";
import { useProjectAccess } from "../hooks/use-project-access";
import { NONE, type ProjectFormFields, type ProjectFormKind } from "../lib/project-form";
import { ProjectEquipmentField } from "./project-equipment-field";

export interface ProjectGeneralFieldsProps {
  form: UseFormReturn<ProjectFormFields>;
  kind: ProjectFormKind;
  /** The stored worksite (edit): its client's, team's and vehicle's names until the lists come. */
  project?: ProjectDetail | undefined;
  /** The quote's proposal (from a quote): its client, fixed. */
  draft?: ProjectDraft | undefined;
  isMobile: boolean;
  /** The user typed a duration: it stops following the checked tasks (from a quote). */
  onDurationTyped?: () => void;
}

/** A field beside another on a laptop, alone on its row on a phone. */
const HALF = "col-span-2 sm:col-span-1";

/** The options of a select: the fetched ones, and the stored choice when the list does not hold it. */
function withCurrent(options: readonly ProjectOption[] | undefined, current: { id: string; name: string } | null) {
  const list = [...(options ?? [])];
  if (current && !list.some((option) => option.id === current.id)) list.unshift(current);
  return list;
}

/**
 * « Informations générales » (spec 2 §3, §5): name, client, status, start, duration, team, vehicle,
 * address, gate code, budget, notes, then the equipment.
 */
export function ProjectGeneralFields({
  form,
  kind,
  project,
  draft,
  isMobile,
  onDurationTyped,
}: ProjectGeneralFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const access = useProjectAccess();
  const teams = useQuery({ ...teamOptionsQueryOptions(), enabled: access.canListTeams });
  const vehicles = useQuery({ ...vehicleOptionsQueryOptions(), enabled: access.canListVehicles });
  const teamOptions = withCurrent(teams.data, project?.team ?? null);
  const vehicleOptions = withCurrent(vehicles.data, project?.vehicle ?? null);
  const [start, duration, teamId, vehicleId] = useWatch({
    control,
    name: ["start_date", "estimated_duration_days", "team_id", "vehicle_id"],
  });
  const days = Number(duration);

  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
      <FormField label="Nom du chantier *" error={errors.name?.message} className="col-span-2">
        {(props) => (
          <Input
            required
            autoComplete="off"
            placeholder={"Ex.\u00a0: Rénovation salle de bain"}
            data-autofocus={kind === "blank" && !isMobile ? "" : undefined}
            {...props}
            {...register("name")}
          />
        )}
      </FormField>

      {kind === "fromQuote" ? (
        <div className="col-span-2 flex min-w-0 flex-col gap-2">
          <span className="text-sm font-medium">Client</span>
          <p className="flex h-10 items-center gap-2 rounded-md border border-border bg-muted/50 px-3 text-sm pointer-coarse:h-11">
            <UserRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{draft?.client.name}</span>
          </p>
        </div>
      ) : (
        <FormField label="Client" error={errors.client_id?.message} className={HALF}>
          {(props) => (
            <Controller
              control={control}
              name="client_id"
              render={({ field }) => (
                <ClientPicker
                  {...props}
                  value={field.value || undefined}
                  onChange={(id) => field.onChange(id ?? "")}
                  selectedName={project?.client && field.value === project.client.id ? project.client.name : undefined}
                  activeOnly
                  allowClear
                  canCreate={access.canCreateClients}
                  placeholder="Rechercher ou créer un client…"
                />
              )}
            />
          )}
        </FormField>
      )}

      {kind !== "fromQuote" && (
        <FormField label="Statut *" error={errors.status?.message} className={HALF}>
          {(props) => (
            <NativeSelect required {...props} {...register("status")}>
              {PROJECT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {PROJECT_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}

      <FormField label="Date de début" error={errors.start_date?.message} className={HALF}>
        {(props) => <Input type="date" {...props} {...register("start_date")} />}
      </FormField>
      <FormField
        label="Durée estimée (jours)"
        error={errors.estimated_duration_days?.message}
        hint={kind === "fromQuote" ? "D’après les heures des tâches retenues (8\u00a0h par jour)." : undefined}
        className={HALF}
      >
        {(props) => (
          <Input
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            className="tabular-nums"
            {...props}
            {...register("estimated_duration_days", { onChange: () => onDurationTyped?.() })}
          />
        )}
      </FormField>

      <FormField label="Équipe" error={errors.team_id?.message} className={HALF}>
        {(props) => (
          <NativeSelect {...props} {...register("team_id")}>
            <option value={NONE}>Aucune</option>
            {teamOptions.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Véhicule" error={errors.vehicle_id?.message} className={HALF}>
        {(props) => (
          <NativeSelect {...props} {...register("vehicle_id")}>
            <option value={NONE}>Aucun</option>
            {vehicleOptions.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.detail ? `${vehicle.name} · ${vehicle.detail}` : vehicle.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      <div className="col-span-2 empty:hidden">
        <ScheduleCheck
          projectId={project?.id ?? null}
          start={start ?? ""}
          durationDays={Number.isInteger(days) && days >= 1 ? days : null}
          teamId={teamId && teamId !== NONE ? teamId : null}
          vehicleId={vehicleId && vehicleId !== NONE ? vehicleId : null}
          teams={teamOptions}
          vehicles={vehicleOptions.map((v) => ({ id: v.id, name: v.detail ? `${v.name} · ${v.detail}` : v.name }))}
          enabled={access.canViewPlanning}
        />
      </div>

      <FormField label="Adresse du chantier" error={errors.address?.message} className="col-span-2">
        {(props) => (
          <Input
            autoComplete="off"
            placeholder={"Ex.\u00a0: 12 rue des Lilas, 69003 Lyon"}
            {...props}
            {...register("address")}
          />
        )}
      </FormField>
      <FormField label="Code d’accès" error={errors.gate_code?.message} className={HALF}>
        {(props) => (
          <Input autoComplete="off" placeholder={"Ex.\u00a0: portail 4521B"} {...props} {...register("gate_code")} />
        )}
      </FormField>
      {access.canSeeAmounts && (
        <FormField
          label="Budget HT (€)"
          error={errors.budget_total?.message}
          className={HALF}
          hint={kind === "fromQuote" ? "Le total HT du devis, remise déduite." : undefined}
        >
          {(props) => <DecimalInput placeholder="—" {...props} {...register("budget_total")} />}
        </FormField>
      )}

      <FormField label="Notes" error={errors.notes?.message} className="col-span-2">
        {(props) => <Textarea rows={3} {...props} {...register("notes")} />}
      </FormField>

      <div className="col-span-2">
        <ProjectEquipmentField form={form} />
      </div>
    </div>
  );
}
