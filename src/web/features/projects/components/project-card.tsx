import { formatDate, plural } from "@shared/format";
import { canStartProject, PROJECT_LIMITS, PROJECT_TEXTS } from "@shared/project-rules";
import type { Project } from "@shared/projects";
import { ProjectStatusBadge } from "@web/components/project-status-badge";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { mapsSearchUrl, phoneHref } from "@web/lib/contact-links";
import { paths } from "@web/lib/paths";
import {
  CalendarDays,
  Check,
  ChevronDown,
  Circle,
  KeyRound,
  LoaderCircle,
  MapPin,
  Navigation,
  Pencil,
  Phone,
  Play,
  StepForward,
  Truck,
  Users,
} from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { useProjectAccess } from "../hooks/use-project-access";
import { ProjectProgress } from "./project-progress";

export interface ProjectCardActions {
  onStart: (project: Project) => void;
  onContinue: (project: Project) => void;
  onEdit: (project: Project) => void;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <span aria-hidden="true" className="mt-0.5 shrink-0 text-muted-foreground [&_svg]:size-3.5">
        {icon}
      </span>
      <span className="min-w-0 break-words">
        <span className="sr-only">{label}&nbsp;: </span>
        {children}
      </span>
    </li>
  );
}

/**
 * A worksite of « Mes chantiers » (spec 2 « Project card », docs/domain/projects.md#screens-web):
 * reference, status, name (a link to its page), client and progress always; dates, team, vehicle,
 * address, gate code, the first tasks and the notes when unfolded (unfolded by default on a wide
 * screen); its actions in a row — « Démarrer » for a worksite to do or paused, « Continuer » for one in
 * progress (spec: no button for the other statuses).
 */
export function ProjectCard({
  project,
  on,
  starting,
  defaultOpen = false,
}: {
  project: Project;
  on: ProjectCardActions;
  starting: boolean;
  defaultOpen?: boolean;
}) {
  const { canEdit, canExecute } = useProjectAccess();
  const [open, setOpen] = useState(defaultOpen);
  const titleId = useId();
  const detailsId = useId();
  const more = project.task_count - project.tasks_preview.length;
  const phone = project.client?.phone;
  const address = project.address ?? project.client?.address ?? null;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-lg border border-border bg-card shadow-card"
    >
      {/* A plain disclosure, not a Radix Collapsible: its code (and a Presence per card) is no longer part
          of the list's first load (ADR 0005 §10 (l)). */}
      <div className="flex flex-1 flex-col">
        <div className="flex flex-col gap-3 p-4 pb-3">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs font-semibold text-muted-foreground">{project.reference}</span>
                <ProjectStatusBadge status={project.status} />
              </div>
              <h3 id={titleId} className="text-[0.9375rem] leading-snug font-semibold break-words">
                <Link
                  to={paths.project(project.id)}
                  className="hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {project.name}
                </Link>
              </h3>
              {project.client && <p className="text-[0.8125rem] text-muted-foreground">{project.client.name}</p>}
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((value) => !value)}
              className="-mt-1 -mr-2 shrink-0"
            >
              <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
              <span className="sr-only">
                {open ? "Masquer le détail de " : "Afficher le détail de "}
                {project.name}
              </span>
            </Button>
          </div>
          <ProjectProgress done={project.done_count} total={project.task_count} />
        </div>

        {open && (
          <div id={detailsId} className="flex flex-col gap-3 border-t border-border px-4 py-3 text-[0.8125rem]">
            <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
              <Fact icon={<CalendarDays />} label="Début">
                {project.start_date ? `Début le ${formatDate(project.start_date)}` : "Date à planifier"}
              </Fact>
              <Fact icon={<Users />} label="Équipe">
                {project.team?.name ?? "Sans équipe"}
              </Fact>
              <Fact icon={<Truck />} label="Véhicule">
                {project.vehicle?.name ?? "Sans véhicule"}
              </Fact>
              {project.gate_code && (
                <Fact icon={<KeyRound />} label="Code d’accès">
                  Code {project.gate_code}
                </Fact>
              )}
              {address && (
                <Fact icon={<MapPin />} label="Adresse">
                  {address}
                </Fact>
              )}
            </ul>
            {project.task_count === 0 ? (
              <p className="text-muted-foreground">{PROJECT_TEXTS.noTasks}</p>
            ) : (
              <ul aria-label={`Tâches de ${project.name}`} className="flex flex-col gap-1">
                {project.tasks_preview.slice(0, PROJECT_LIMITS.cardTasks).map((task) => (
                  <li key={task.id} className="flex items-start gap-2">
                    {task.is_done ? (
                      <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-success" />
                    ) : (
                      <Circle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
                    )}
                    <span className={cn(task.is_done && "text-muted-foreground line-through")}>
                      <span className="sr-only">{task.is_done ? "Fait\u00a0: " : "À faire\u00a0: "}</span>
                      {task.label}
                    </span>
                  </li>
                ))}
                {more > 0 && (
                  <li className="pl-5.5 text-muted-foreground">
                    +{plural(more, PROJECT_TEXTS.otherTasks, PROJECT_TEXTS.otherTasksPlural)}
                  </li>
                )}
              </ul>
            )}
            {project.notes && <p className="line-clamp-3 whitespace-pre-line text-muted-foreground">{project.notes}</p>}
          </div>
        )}

        <div className="mt-auto flex flex-wrap gap-2 border-t border-border px-4 py-3 max-sm:[&>*]:grow">
          {phone && (
            <Button size="sm" variant="outline" asChild>
              <a href={phoneHref(phone)}>
                <Phone aria-hidden="true" />
                Appeler client
              </a>
            </Button>
          )}
          {address && (
            <Button size="sm" variant="outline" asChild>
              <a href={mapsSearchUrl(address) ?? undefined} target="_blank" rel="noopener noreferrer">
                <Navigation aria-hidden="true" />Y aller
              </a>
            </Button>
          )}
          {canExecute && canStartProject(project.status) && (
            <Button size="sm" onClick={() => on.onStart(project)} disabled={starting}>
              {starting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Play aria-hidden="true" />}
              Démarrer
            </Button>
          )}
          {canExecute && project.status === "en cours" && (
            <Button size="sm" onClick={() => on.onContinue(project)}>
              <StepForward aria-hidden="true" />
              Continuer
            </Button>
          )}
          {canEdit && (
            // From a tablet on, the pencil alone (its name stays « Modifier »): the row keeps to one line.
            <Button
              size="sm"
              variant="ghost"
              title="Modifier"
              onClick={() => on.onEdit(project)}
              className="sm:ml-auto"
            >
              <Pencil aria-hidden="true" />
              <span className="sm:sr-only">Modifier</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
