import { plural } from "@shared/format";
import type { CalendarProject, PlanningConflict } from "@shared/planning";
import { PLANNING_TEXTS } from "@shared/planning-rules";
import { ProjectStatusBadge } from "@web/components/project-status-badge";
import { ActionMenu } from "@web/components/ui/action-menu";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { CalendarClock, Clock, ExternalLink, MapPin, TriangleAlert, UserRound, UsersRound } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link, useNavigate } from "react-router";
import { dayOfSpan, shortWeekdayName } from "../lib/planning-week";

export interface PlanningCardProps {
  project: CalendarProject;
  /** The day the card stands on (its first, for a bar across several days). */
  day: string;
  /** The board's bar: the days of the week it spans (one card across them); else `[day]`. */
  days?: string[];
  /** What the bar spans, for screen readers (« Du mardi 24 novembre 2026 au jeudi 26 novembre 2026 »). */
  spanLabel?: string;
  /** The drag grip (desktop, with `projects:edit`), given by the board. */
  handle?: ReactNode;
  /** « Déplacer » in the card's menu (with `projects:edit`). */
  onMove?: ((project: CalendarProject, day: string) => void) | undefined;
  /** A copy under the pointer while dragging: no link, no menu. */
  preview?: boolean;
  /** The card being dragged, left in place. */
  dimmed?: boolean;
  /** A narrow column of the desktop board: tighter, without « jour 2/4 ». */
  compact?: boolean;
  /** The team's line (the board's rows already name it). */
  showTeam?: boolean;
}

/** « Équipe déjà prise », « Véhicule déjà pris ». */
export const conflictLabel = (conflict: Pick<PlanningConflict, "kind">) =>
  conflict.kind === "team" ? PLANNING_TEXTS.teamConflict : PLANNING_TEXTS.vehicleConflict;

/**
 * A worksite on a day of the planning (spec 2 §2 « Planning / calendar », docs/domain/planning.md#screen):
 * reference, name, status, client, team, address, « Durée : N jours » over one day, and its clashes — an
 * icon and words, never the colour alone. The card opens the worksite; its « … » menu moves it.
 */
export function PlanningCard({
  project,
  day,
  days = [day],
  spanLabel,
  handle,
  onMove,
  preview = false,
  dimmed = false,
  compact = false,
  showTeam = true,
}: PlanningCardProps) {
  const nameId = useId();
  const navigate = useNavigate();
  const span = dayOfSpan(project, day);
  const duration = project.estimated_duration_days ?? 1;
  // The clashes of its days (a worksite over several days may clash on one of them only: then they are named).
  const conflicts = project.conflicts.filter((c) => c.days.length === 0 || c.days.some((d) => days.includes(d)));
  const clashDays = (conflict: PlanningConflict) => {
    const on = conflict.days.filter((d) => days.includes(d));
    return days.length > 1 && on.length > 0 && on.length < days.length
      ? ` (${on.map((d) => `${shortWeekdayName(d).toLowerCase()} ${Number(d.slice(8, 10))}`).join(", ")})`
      : "";
  };
  const details: { key: string; icon: typeof Clock; label: string; text: string }[] = [
    ...(project.client ? [{ key: "client", icon: UserRound, label: "Client", text: project.client.name }] : []),
    ...(project.team && showTeam ? [{ key: "team", icon: UsersRound, label: "Équipe", text: project.team.name }] : []),
    ...(project.address ? [{ key: "address", icon: MapPin, label: "Adresse", text: project.address }] : []),
  ];

  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        "group relative flex flex-col rounded-md border bg-card text-left shadow-card",
        compact ? "gap-1 p-2" : "gap-1.5 p-3",
        conflicts.length > 0 ? "border-[#f3c969]" : "border-border",
        !preview && "hover:border-[#c7cbfb]",
        preview && "w-full rotate-1 cursor-grabbing shadow-lg ring-2 ring-primary/40",
        dimmed && "opacity-40",
      )}
    >
      <div className="flex min-h-7 items-center gap-1">
        {handle}
        <p
          className={cn(
            "min-w-0 flex-1 truncate font-mono font-medium text-muted-foreground",
            compact ? "text-[0.65rem]" : "text-xs",
          )}
        >
          {project.reference}
        </p>
        {onMove && !preview && (
          <ActionMenu
            className={cn(
              "z-10",
              compact
                ? "absolute top-1 right-1 size-6 bg-card opacity-0 shadow-xs group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100 aria-expanded:opacity-100"
                : "relative -my-1 -mr-1.5 size-7",
            )}
            label={`Plus d’actions pour ${project.name}`}
            groups={[
              [
                {
                  label: "Ouvrir le chantier",
                  icon: ExternalLink,
                  onSelect: () => navigate(paths.project(project.id)),
                },
                { label: "Déplacer", icon: CalendarClock, onSelect: () => onMove(project, day) },
              ],
            ]}
          />
        )}
      </div>
      <h3
        className={cn("leading-snug font-semibold break-words", compact ? "text-[0.8125rem] hyphens-auto" : "text-sm")}
      >
        {preview ? (
          <span id={nameId} className="line-clamp-2">
            {project.name}
          </span>
        ) : (
          <Link
            id={nameId}
            to={paths.project(project.id)}
            title={compact ? project.name : undefined}
            className="line-clamp-2 after:absolute after:inset-0 after:rounded-md focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {project.name}
          </Link>
        )}
      </h3>
      {spanLabel && <p className="sr-only">{spanLabel}</p>}
      <div>
        <ProjectStatusBadge status={project.status} />
      </div>
      {(details.length > 0 || duration > 1) && (
        <ul className={cn("flex flex-col gap-0.5 text-muted-foreground", compact ? "text-xs" : "text-[0.8125rem]")}>
          {details.map(({ key, icon: Icon, label, text }) => (
            <li key={key} className="flex min-w-0 items-center gap-1.5" title={text}>
              <Icon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">{`${label}\u00a0: `}</span>
              <span className="truncate">{text}</span>
            </li>
          ))}
          {duration > 1 && (
            <li className="flex min-w-0 items-center gap-1.5">
              <Clock aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">
                {`Durée\u00a0: ${plural(duration, "jour")}`}
                {!compact && ` · jour ${span.rank}/${span.count}`}
              </span>
            </li>
          )}
        </ul>
      )}
      {conflicts.length > 0 && (
        <ul
          aria-label={`Conflits de ${project.name}`}
          className="flex flex-col gap-1 rounded bg-warning-soft px-2 py-1.5 text-xs font-medium text-warning-soft-foreground"
        >
          {conflicts.map((conflict) => (
            <li
              key={`${conflict.kind}-${conflict.project_id}`}
              className="flex items-start gap-1.5"
              title={`${conflictLabel(conflict)} par ${conflict.reference} (${conflict.name})`}
            >
              <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              <span className="min-w-0 break-words">
                {conflictLabel(conflict)}
                <span className="sr-only"> par</span>{" "}
                <span className="font-mono font-normal whitespace-nowrap">{conflict.reference}</span>
                {clashDays(conflict)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
