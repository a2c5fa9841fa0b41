import { plural } from "@shared/format";
import type { Team } from "@shared/teams";
import { Button } from "@web/components/ui/button";
import { Crown, Pencil, Trash2, UsersRound } from "lucide-react";
import { useId } from "react";
import { useTeamAccess } from "../hooks/use-team-access";
import { MemberStack } from "./member-initials";

export interface TeamCardProps {
  team: Team;
  onEdit: (team: Team) => void;
  onDelete: (team: Team) => void;
}

/**
 * A team of the list (spec 3 §2.13, docs/domain/teams.md#screen): its name, description, members and
 * chef d'équipe; the whole card opens the edit dialog for a teams:edit holder, the icons edit and
 * delete (each shown with its permission).
 */
export function TeamCard({ team, onEdit, onDelete }: TeamCardProps) {
  const { canEdit, canDelete } = useTeamAccess();
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="relative flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card hover:border-[#c7cbfb]"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground"
        >
          <UsersRound className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-[0.9375rem] leading-snug font-semibold break-words">
            {canEdit ? (
              <button
                type="button"
                id={nameId}
                onClick={() => onEdit(team)}
                className="line-clamp-2 text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
              >
                {team.name}
              </button>
            ) : (
              <span id={nameId} className="line-clamp-2">
                {team.name}
              </span>
            )}
          </h3>
          {team.description && (
            <p className="line-clamp-2 text-[0.8125rem] break-words text-muted-foreground">{team.description}</p>
          )}
        </div>
        {(canEdit || canDelete) && (
          <div className="relative z-10 -mt-1 -mr-1 flex shrink-0">
            {canEdit && (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Modifier l’équipe ${team.name}`}
                onClick={() => onEdit(team)}
              >
                <Pencil aria-hidden="true" />
              </Button>
            )}
            {canDelete && (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Supprimer l'équipe ${team.name}`}
                onClick={() => onDelete(team)}
                className="text-destructive hover:bg-destructive-soft"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="mt-auto flex flex-col gap-2 border-t border-border pt-3">
        <div className="flex min-h-8 items-center justify-between gap-3">
          {team.member_count > 0 ? (
            <MemberStack members={team.members_preview} count={team.member_count} leaderId={team.leader?.id ?? null} />
          ) : (
            <span className="text-[0.8125rem] text-muted-foreground">Aucun membre</span>
          )}
          <span className="shrink-0 text-[0.8125rem] font-medium text-muted-foreground">
            {plural(team.member_count, "membre")}
          </span>
        </div>
        <p className="flex min-w-0 items-center gap-1.5 text-[0.8125rem]">
          <Crown aria-hidden="true" className="size-3.5 shrink-0 text-accent" />
          <span className="text-muted-foreground">Chef d’équipe&nbsp;:</span>
          <span className={team.leader ? "truncate font-medium" : "text-muted-foreground"}>
            {team.leader?.full_name ?? "aucun"}
          </span>
        </p>
      </div>
    </article>
  );
}
