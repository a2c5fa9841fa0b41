import { formatLongDate, plural } from "@shared/format";
import type { CalendarProject } from "@shared/planning";
import { lastOccupiedDay } from "@shared/planning-rules";
import { PROJECT_TEXTS } from "@shared/project-rules";
import { useQuery } from "@tanstack/react-query";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { ScheduleCheck } from "@web/components/schedule-check/schedule-check";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { NativeSelect } from "@web/components/ui/native-select";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { fieldErrorsFor } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { CalendarRange } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  type PlanningOption,
  planningTeamsQueryOptions,
  planningVehiclesQueryOptions,
} from "../api/get-planning-options";
import { usePlanningAccess } from "../hooks/use-planning-access";
import { isIsoDay, type PlanningMove, weekdayName } from "../lib/planning-week";

export interface MoveProjectDialogProps {
  /** The worksite to move; null: closed. */
  project: CalendarProject | null;
  isMobile: boolean;
  onClose: () => void;
  /** Sends the move (PATCH /api/projects/:id/schedule); rejects with the server's error. */
  onSubmit: (project: CalendarProject, move: PlanningMove) => Promise<void>;
}

/**
 * « Déplacer le chantier » (docs/domain/planning.md#screen): its start date, team and vehicle — the
 * phone's way to move a worksite, and the keyboard's on desktop. A bottom sheet on phones. Before
 * « Déplacer », the clashes the choice would make and the teams and vehicles free on its days.
 */
export function MoveProjectDialog({ project, isMobile, onClose, onSubmit }: MoveProjectDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={project !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-lg flex-col gap-0 overflow-hidden p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {project && (
        <MoveForm
          key={project.id}
          project={project}
          isMobile={isMobile}
          descriptionId={descriptionId}
          onDone={onClose}
          onSubmit={onSubmit}
        />
      )}
    </ResponsiveModal>
  );
}

const NONE = "";
const FIELDS = ["start_date", "team_id", "vehicle_id"] as const;
type Field = (typeof FIELDS)[number];

/** The choices of a select: the listed ones, and the current one even when it is not listed. */
function choices(listed: PlanningOption[] | undefined, current: { id: string; name: string } | null): PlanningOption[] {
  const all = [...(listed ?? [])];
  if (current && !all.some((o) => o.id === current.id)) all.unshift({ id: current.id, name: current.name });
  return all;
}

interface MoveFormProps {
  project: CalendarProject;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
  onSubmit: (project: CalendarProject, move: PlanningMove) => Promise<void>;
}

function MoveForm({ project, isMobile, descriptionId, onDone, onSubmit }: MoveFormProps) {
  const { canListTeams, canListVehicles } = usePlanningAccess();
  const teams = choices(useQuery(planningTeamsQueryOptions(canListTeams)).data, project.team);
  const vehicles = choices(useQuery(planningVehiclesQueryOptions(canListVehicles)).data, project.vehicle);
  const [start, setStart] = useState(project.start_date);
  const [teamId, setTeamId] = useState(project.team?.id ?? NONE);
  const [vehicleId, setVehicleId] = useState(project.vehicle?.id ?? NONE);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const dirty =
    start !== project.start_date ||
    teamId !== (project.team?.id ?? NONE) ||
    vehicleId !== (project.vehicle?.id ?? NONE);
  const { cancel, saved } = useDirtyGuard(dirty, onDone);
  const validDate = isIsoDay(start);
  const duration = Math.max(1, project.estimated_duration_days ?? 1);
  const last = validDate ? lastOccupiedDay(start, project.estimated_duration_days) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validDate) {
      setErrors({ start_date: PROJECT_TEXTS.dateInvalid });
      return;
    }
    const pick = (options: PlanningOption[], id: string) => {
      const found = options.find((o) => o.id === id);
      return found ? { id: found.id, name: found.name } : null;
    };
    const move: PlanningMove = {
      start_date: start,
      ...(teamId === (project.team?.id ?? NONE) ? {} : { team: pick(teams, teamId) }),
      ...(vehicleId === (project.vehicle?.id ?? NONE) ? {} : { vehicle: pick(vehicles, vehicleId) }),
    };
    setPending(true);
    setErrors({});
    try {
      await onSubmit(project, move);
      saved();
      onDone();
    } catch (error) {
      // A team or vehicle deleted meanwhile, a date refused: said at its field; anything else, the page's toast.
      const found = fieldErrorsFor(error, FIELDS);
      setErrors(Object.fromEntries(found.map(({ field, message }) => [field, message])));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={pending}>
      <ModalHeader
        title="Déplacer le chantier"
        description={
          <>
            <span className="font-mono">{project.reference}</span>
            {` · ${project.name}`}
          </>
        }
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <FormField label="Date de début *" error={errors.start_date}>
          {(props) => (
            <Input
              type="date"
              required
              data-autofocus
              value={start}
              onChange={(event) => setStart(event.target.value)}
              {...props}
            />
          )}
        </FormField>
        <FormField label="Équipe" error={errors.team_id}>
          {(props) => (
            <NativeSelect value={teamId} onChange={(event) => setTeamId(event.target.value)} {...props}>
              <option value={NONE}>Sans équipe</option>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Véhicule" error={errors.vehicle_id}>
          {(props) => (
            <NativeSelect value={vehicleId} onChange={(event) => setVehicleId(event.target.value)} {...props}>
              <option value={NONE}>Sans véhicule</option>
              {vehicles.map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicle.detail ? `${vehicle.name} (${vehicle.detail})` : vehicle.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <ScheduleCheck
          projectId={project.id}
          start={start}
          durationDays={project.estimated_duration_days}
          teamId={teamId || null}
          vehicleId={vehicleId || null}
          teams={teams}
          vehicles={vehicles.map((v) => ({ id: v.id, name: v.detail ? `${v.name} (${v.detail})` : v.name }))}
          enabled
        />
        {last && (
          <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-[0.8125rem] text-muted-foreground">
            <CalendarRange aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {duration > 1
                ? `Du ${weekdayName(start).toLowerCase()} ${formatLongDate(start)} au ${weekdayName(last).toLowerCase()} ${formatLongDate(last)} (${plural(duration, "jour")}, week-ends non comptés).`
                : `Le ${weekdayName(start).toLowerCase()} ${formatLongDate(start)} (1\u00a0jour).`}
            </span>
          </p>
        )}
      </div>
      <ModalFooter isMobile={isMobile} stretch>
        <FormActions isMobile={isMobile} pending={pending} onCancel={cancel} submitLabel="Déplacer" />
      </ModalFooter>
    </form>
  );
}
