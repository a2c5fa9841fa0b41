import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { formatLongDate, plural } from "@shared/format";
import type { CalendarProject, CalendarWeek } from "@shared/planning";
import { isWeekend, PLANNING_TEXTS, weekDays } from "@shared/planning-rules";
import { cn } from "@web/lib/cn";
import { GripVertical, UsersRound } from "lucide-react";
import { useState } from "react";
import { ARROWS, type Box, cellAt, neighbourCell } from "../lib/board-navigation";
import { type PlanningLane, shortDate, weekdayName } from "../lib/planning-week";
import { PlanningCard } from "./planning-card";

/** Five working days, then a narrower Saturday and Sunday (rarely planned, dimmed). */
const COLUMNS = "repeat(5, minmax(7.5rem, 1fr)) repeat(2, minmax(6rem, 0.75fr))";

interface DragData {
  project: CalendarProject;
  day: string;
}

interface DropData {
  day: string;
  lane: PlanningLane | null;
  label: string;
}

export interface PlanningBoardProps {
  week: CalendarWeek;
  today: string;
  lanes: PlanningLane[];
  canMove: boolean;
  onDrop: (project: CalendarProject, fromDay: string, toDay: string, lane: PlanningLane | null) => void;
  onMove: (project: CalendarProject, day: string) => void;
}

/** « Lundi 23 novembre 2026 », then the team when there are rows. */
const cellLabel = (day: string, lane: PlanningLane | null) =>
  `${weekdayName(day)} ${formatLongDate(day)}${lane ? `, ${lane.name}` : ""}`;

const dragData = (data: unknown) => data as DragData | undefined;
const dropData = (data: unknown) => data as DropData | undefined;

/** The pointer's cell; with the keyboard (no pointer), the cell under the held card's top-left corner. */
const collision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const { left, top } = args.collisionRect;
  return pointerWithin({ ...args, pointerCoordinates: { x: left + 8, y: top + 8 } });
};

/** ← → ↑ ↓ while a card is held: to the neighbour cell (lib/board-navigation.ts). */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = ARROWS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const cells: { id: string; box: Box }[] = [];
  for (const container of context.droppableContainers.getEnabled()) {
    const rect = context.droppableRects.get(container.id);
    if (rect) cells.push({ id: String(container.id), box: rect });
  }
  const hereId = cellAt(cells, currentCoordinates.x + 8, currentCoordinates.y + 8);
  const here = cells.find((cell) => cell.id === hereId);
  if (!here) return currentCoordinates;
  const next = neighbourCell(here.box, cells, direction);
  return next ? { x: next.box.left + 4, y: next.box.top + 4 } : currentCoordinates;
};

const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const held = dragData(active.data.current);
    return held ? `Chantier ${held.project.name} saisi.` : undefined;
  },
  onDragOver: ({ over }) => {
    const target = dropData(over?.data.current);
    return target ? `Au-dessus de ${target.label}.` : "Hors du planning.";
  },
  onDragEnd: ({ active, over }) => {
    const held = dragData(active.data.current);
    const target = dropData(over?.data.current);
    if (!held) return undefined;
    return target
      ? `Chantier ${held.project.name} posé sur ${target.label}.`
      : `Chantier ${held.project.name} remis à sa place.`;
  },
  onDragCancel: ({ active }) => {
    const held = dragData(active.data.current);
    return held ? `Déplacement annulé\u00a0: ${held.project.name} reste à sa place.` : undefined;
  },
};

const screenReaderInstructions = {
  draggable:
    "Pour déplacer ce chantier, appuyez sur Espace, choisissez le jour avec les flèches gauche et droite, l'équipe avec les flèches haut et bas, puis appuyez de nouveau sur Espace. Échap annule.",
};

/**
 * The desktop week (spec 2 §2 « Planning / calendar »): seven columns Monday to Sunday, weekends dimmed,
 * today highlighted, a row per team; a worksite is dragged by its grip to another day or team (dnd-kit:
 * mouse, finger, or the keyboard — Space, arrows, Space).
 */
export function PlanningBoard({ week, today, lanes, canMove, onDrop, onMove }: PlanningBoardProps) {
  const days = weekDays(week.week_start);
  const [held, setHeld] = useState<DragData | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  const count = (day: string) => week.days.find((d) => d.date === day)?.projects.length ?? 0;
  const rows: (PlanningLane | null)[] = lanes.length > 0 ? lanes : [null];

  const start = (event: DragStartEvent) => setHeld(dragData(event.active.data.current) ?? null);
  const end = (event: DragEndEvent) => {
    setHeld(null);
    const from = dragData(event.active.data.current);
    const to = dropData(event.over?.data.current);
    if (from && to) onDrop(from.project, from.day, to.day, to.lane);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setHeld(null)}
      accessibility={{ announcements, screenReaderInstructions }}
      // Scrolls near the window's edges only (a tenth of it), not over the lower rows the card is dropped on.
      autoScroll={{ threshold: { x: 0.1, y: 0.1 } }}
    >
      <div className="overflow-x-auto rounded-lg border border-border bg-card shadow-card">
        <div className="min-w-[49.5rem]">
          <div className="grid border-b border-border" style={{ gridTemplateColumns: COLUMNS }}>
            {days.map((day) => (
              <DayHeader key={day} day={day} today={day === today} count={count(day)} />
            ))}
          </div>
          {rows.map((lane) => (
            <section
              key={lane?.id ?? "none"}
              aria-label={lane ? lane.name : undefined}
              className="border-b border-border last:border-b-0"
            >
              {lane && <LaneHeader lane={lane} week={week} />}
              <div className="grid" style={{ gridTemplateColumns: COLUMNS }}>
                {days.map((day) => (
                  <DayCell
                    key={day}
                    day={day}
                    today={day === today}
                    lane={lane}
                    projects={projectsOf(week, day, lane, lanes.length > 0)}
                    idle={laneIdle(week, lane)}
                    canMove={canMove}
                    heldId={held?.project.id ?? null}
                    onMove={onMove}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {held ? <PlanningCard project={held.project} day={held.day} preview compact showTeam={false} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

/** The worksites of `day` in `lane`'s row (all of the day without rows). */
function projectsOf(week: CalendarWeek, day: string, lane: PlanningLane | null, byLane: boolean) {
  const all = week.days.find((d) => d.date === day)?.projects ?? [];
  if (!byLane || lane === null) return all;
  return all.filter((p) => (p.team?.id ?? null) === lane.id);
}

/** A team's row without any worksite this week. */
function laneIdle(week: CalendarWeek, lane: PlanningLane | null): boolean {
  if (lane === null) return false;
  return !week.days.some((d) => d.projects.some((p) => (p.team?.id ?? null) === lane.id));
}

function DayHeader({ day, today, count }: { day: string; today: boolean; count: number }) {
  return (
    <div
      aria-current={today ? "date" : undefined}
      className={cn(
        "flex flex-col gap-1 border-r border-t-[3px] border-r-border border-t-transparent px-2.5 pt-1.5 pb-2 last:border-r-0",
        isWeekend(day) && "bg-muted/60",
        today && "border-t-primary bg-primary-soft",
      )}
    >
      <span
        className={cn(
          "text-xs font-semibold tracking-wide uppercase",
          today ? "text-primary-soft-foreground" : "text-muted-foreground",
        )}
      >
        {weekdayName(day)}
        {today && <span className="sr-only">{` (${PLANNING_TEXTS.today.toLowerCase()})`}</span>}
      </span>
      <span
        className={cn(
          "self-start text-base leading-tight font-semibold tabular-nums",
          today && "-mx-1.5 rounded-md bg-primary px-1.5 text-primary-foreground",
        )}
      >
        {shortDate(day)}
      </span>
      <span className="text-xs text-muted-foreground">
        {count > 0 ? plural(count, "chantier") : PLANNING_TEXTS.emptyDay}
      </span>
    </div>
  );
}

function LaneHeader({ lane, week }: { lane: PlanningLane; week: CalendarWeek }) {
  const ids = new Set<string>();
  for (const day of week.days) {
    for (const p of day.projects) if ((p.team?.id ?? null) === lane.id) ids.add(p.id);
  }
  return (
    <h3 className="flex items-center gap-2 border-b border-border bg-muted/40 px-3 py-1.5 text-[0.8125rem] font-semibold">
      <UsersRound aria-hidden="true" className="size-3.5 text-muted-foreground" />
      {lane.name}
      <span className="font-normal text-muted-foreground">{`· ${ids.size > 0 ? plural(ids.size, "chantier") : "aucun chantier"}`}</span>
    </h3>
  );
}

interface DayCellProps {
  day: string;
  /** The row has no worksite this week: a lower row. */
  idle: boolean;
  today: boolean;
  lane: PlanningLane | null;
  projects: CalendarProject[];
  canMove: boolean;
  heldId: string | null;
  onMove: (project: CalendarProject, day: string) => void;
}

function DayCell({ day, idle, today, lane, projects, canMove, heldId, onMove }: DayCellProps) {
  const label = cellLabel(day, lane);
  const { setNodeRef, isOver } = useDroppable({
    id: `${day}|${lane?.id ?? "none"}`,
    data: { day, lane, label } satisfies DropData,
    disabled: !canMove,
  });
  return (
    <div
      ref={setNodeRef}
      className={cn(
        "border-r border-border p-1 transition-colors last:border-r-0",
        idle ? "min-h-14" : "min-h-24",
        isWeekend(day) && "bg-muted/60",
        today && "bg-primary-soft/40",
        isOver && "bg-primary-soft outline-2 -outline-offset-2 outline-primary/50 outline-dashed",
      )}
    >
      {projects.length > 0 && (
        <ul aria-label={label} className="flex flex-col gap-1.5">
          {projects.map((project) => (
            <DraggableCard
              key={project.id}
              project={project}
              day={day}
              lane={lane}
              canMove={canMove}
              dimmed={heldId === project.id}
              onMove={onMove}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface DraggableCardProps {
  project: CalendarProject;
  day: string;
  lane: PlanningLane | null;
  canMove: boolean;
  dimmed: boolean;
  onMove: (project: CalendarProject, day: string) => void;
}

function DraggableCard({ project, day, lane, canMove, dimmed, onMove }: DraggableCardProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes } = useDraggable({
    id: `${project.id}|${day}|${lane?.id ?? "none"}`,
    data: { project, day } satisfies DragData,
    disabled: !canMove,
    attributes: { roleDescription: "chantier à déplacer" },
  });
  const handle = canMove ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Déplacer ${project.name}`}
      className="relative z-10 -my-1 -ml-1 flex size-5 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  ) : undefined;
  return (
    <li ref={setNodeRef}>
      <PlanningCard
        project={project}
        day={day}
        handle={handle}
        onMove={canMove ? onMove : undefined}
        dimmed={dimmed}
        compact
        showTeam={lane === null}
      />
    </li>
  );
}
