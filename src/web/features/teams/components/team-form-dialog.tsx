import { zodResolver } from "@hookform/resolvers/zod";
import { plural } from "@shared/format";
import { TEAM_TEXTS } from "@shared/team-rules";
import type { TeamDetail } from "@shared/teams";
import { useQuery } from "@tanstack/react-query";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice, useVersionedForm } from "@web/components/form/stale-version";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Spinner } from "@web/components/ui/spinner";
import { Textarea } from "@web/components/ui/textarea";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Crown, X } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { teamQueryOptions } from "../api/get-teams";
import { useSaveTeam } from "../api/team-mutations";
import { useTeamAccess } from "../hooks/use-team-access";
import { TEAM_BODY_FIELDS, teamFormDefaults, teamFormPath, teamFormSchema } from "../lib/team-payload";
import { MemberAvatar } from "./member-initials";
import { MemberPicker } from "./member-picker";
import type { TeamFormState } from "./teams-page";

export interface TeamFormDialogProps {
  form: TeamFormState;
  isMobile: boolean;
  onClose: () => void;
}

/** « Nouvelle équipe » / « Modifier l'équipe » (docs/domain/teams.md#screen): a bottom sheet on phones. */
export function TeamFormDialog({ form, isMobile, onClose }: TeamFormDialogProps) {
  const descriptionId = useId();
  const team = form?.mode === "edit" ? form.team : null;
  // The members come with the team's detail.
  const detail = useQuery({ ...teamQueryOptions(team?.id ?? ""), enabled: team !== null });
  const ready = team === null || detail.data !== undefined;
  return (
    <ResponsiveModal
      open={form !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-xl gap-0 p-0"
      sheetClassName="h-[92dvh] max-h-[92dvh]"
    >
      {form === null ? null : ready ? (
        <TeamForm
          key={team?.id ?? "new"}
          team={detail.data ?? null}
          isMobile={isMobile}
          descriptionId={descriptionId}
          onDone={onClose}
        />
      ) : (
        <div className="p-6">
          <DialogTitle className="sr-only">{team?.name}</DialogTitle>
          <DialogDescription id={descriptionId} className="sr-only">
            Chargement de l’équipe
          </DialogDescription>
          {detail.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Impossible de charger cette équipe. Fermez et réessayez.
            </p>
          ) : (
            <Spinner label="Chargement de l’équipe…" />
          )}
        </div>
      )}
    </ResponsiveModal>
  );
}

const resolver = zodResolver(teamFormSchema);

interface TeamFormProps {
  team: TeamDetail | null;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}

function TeamForm({ team, isMobile, descriptionId, onDone }: TeamFormProps) {
  const editing = team !== null;
  // The users a team may take are listed to teams:edit holders (docs/domain/teams.md#permissions).
  const { canEdit: canPickMembers } = useTeamAccess();
  const save = useSaveTeam();
  // The version the form's values come from, sent with the save (ADR 0024).
  const versioned = useVersionedForm(
    team,
    team && { query: () => teamQueryOptions(team.id), apply: (fresh) => reset(teamFormDefaults(fresh)) },
  );
  const membersId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver, defaultValues: teamFormDefaults(team) });
  const members = useFieldArray({ control, name: "members", keyName: "key" });
  const { cancel, saved } = useDirtyGuard(isDirty, onDone);
  const leaderId = watch("leader_id");
  const chosen = watch("members");

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: team?.id ?? null, body, version: versioned.version });
      saved();
      if (editing) toastSuccess(TEAM_TEXTS.updated, TEAM_TEXTS.updatedDescription);
      else toastSuccess(TEAM_TEXTS.created, TEAM_TEXTS.createdDescription);
      onDone();
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      const fieldErrors = fieldErrorsFor(error, TEAM_BODY_FIELDS);
      for (const [index, { field, message }] of fieldErrors.entries()) {
        setError(teamFormPath(field), { type: "server", message }, { shouldFocus: index === 0 });
      }
      if (fieldErrors.length === 0) toastFailure(editing ? TEAM_TEXTS.updateFailed : TEAM_TEXTS.createFailed, error);
    }
  });

  const toggleLeader = (id: string) =>
    setValue("leader_id", leaderId === id ? null : id, { shouldDirty: true, shouldValidate: false });
  const membersError = errors.members?.message ?? errors.members?.root?.message ?? errors.leader_id?.message;

  /** « Recharger » after a stale save: the stored version in the form. */

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <ModalHeader
        title={editing ? "Modifier l’équipe" : "Nouvelle équipe"}
        description="Son nom, ses membres et, si vous le souhaitez, son chef d’équipe."
        descriptionId={descriptionId}
        isMobile={isMobile}
      />

      <div className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        {versioned.stale && <StaleVersionNotice onReload={versioned.reload} />}
        <FormField label="Nom *" error={errors.name?.message}>
          {(props) => <Input required data-autofocus {...props} {...register("name")} />}
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          {(props) => <Textarea rows={2} {...props} {...register("description")} />}
        </FormField>

        <section aria-labelledby={membersId} className="flex flex-col gap-3">
          <div className="flex items-baseline justify-between gap-3">
            <h3 id={membersId} className="text-sm font-semibold">
              Membres
            </h3>
            <span className="text-xs text-muted-foreground">
              {chosen.length === 0 ? "Aucun membre" : plural(chosen.length, "membre")}
            </span>
          </div>
          {canPickMembers ? (
            <MemberPicker
              exclude={new Set(chosen.map((m) => m.id))}
              onPick={(user) => members.append({ ...user, is_active: true })}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              Les membres se choisissent avec la permission de modifier les équipes.
            </p>
          )}
          {members.fields.length > 0 && (
            <ul
              aria-label="Membres choisis"
              className="flex flex-col divide-y divide-border rounded-md border border-border"
            >
              {members.fields.map((member, index) => {
                const leads = leaderId === member.id;
                return (
                  <li key={member.key} className="flex items-center gap-3 px-3 py-2">
                    <MemberAvatar name={member.full_name} leader={leads} className="border-0" />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm font-medium">
                        <span className="truncate">{member.full_name}</span>
                        {!member.is_active && <Badge variant="warning">Compte désactivé</Badge>}
                      </span>
                      {leads && isMobile ? (
                        <span className="truncate text-xs font-medium text-accent-soft-foreground">Chef d’équipe</span>
                      ) : (
                        <span className="truncate text-xs text-muted-foreground">{member.email}</span>
                      )}
                    </span>
                    <Button
                      type="button"
                      variant={leads ? "secondary" : "ghost"}
                      size={isMobile ? "icon-sm" : "sm"}
                      aria-pressed={leads}
                      aria-label={`Chef d’équipe\u00a0: ${member.full_name}`}
                      onClick={() => toggleLeader(member.id)}
                      className={cn(
                        "shrink-0",
                        leads
                          ? "bg-accent-soft text-accent-soft-foreground hover:bg-accent-soft"
                          : "text-muted-foreground",
                      )}
                    >
                      <Crown aria-hidden="true" />
                      <span className={cn(isMobile && "sr-only")}>Chef d’équipe</span>
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Retirer ${member.full_name}`}
                      onClick={() => {
                        if (leads) setValue("leader_id", null, { shouldDirty: true });
                        members.remove(index);
                      }}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          {membersError && (
            <p role="alert" className="text-sm text-destructive">
              {membersError}
            </p>
          )}
        </section>
      </div>

      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel={editing ? "Enregistrer" : "Créer l’équipe"}
        />
      </ModalFooter>
    </form>
  );
}
