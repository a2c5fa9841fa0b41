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
import { formatLongDate, formatWeekdayDate, plural } from "@shared/format";
import type { CalendarProject, CalendarWeek } from "@shared/planning";
import { isWeekend, PLANNING_TEXTS, weekDays } from "@shared/planning-rules";
import { cn } from "@web/lib/cn";
import { GripVertical, UsersRound } from "lucide-react";
import { useState } from "react";
import { ARROWS, type Box, cellAt, neighbourCell } from "../lib/board-navigation";
import { barsOf, type PlanningBar, type PlanningLane, shortDate, weekdayName } from "../lib/planning-week";
import { PlanningCard } from "./planning-card";

/** Five working days, then a narrower Saturday and Sunday (rarely planned, dimmed). */
const COLUMNS = "repeat(5, minmax(7rem, 1fr)) repeat(2, minmax(5.5rem, 0.75fr))";

interface DragData {
  project: CalendarProject;
  /** The bar's first day in the week: a drop on another day shifts the worksite by the difference. */
  day: string;
  days: string[];
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
    "Pour déplacer ce chantier, appuyez sur Espace, choisissez le jour avec les flèches gauche et droite, l’équipe avec les flèches haut et bas, puis appuyez de nouveau sur Espace. Échap annule.",
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
        <div className="min-w-[46rem]">
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
              <LaneRow
                days={days}
                today={today}
                lane={lane}
                week={week}
                byLane={lanes.length > 0}
                canMove={canMove}
                heldId={held?.project.id ?? null}
                onMove={onMove}
              />
            </section>
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {held ? (
          <PlanningCard project={held.project} day={held.day} days={held.days} preview compact showTeam={false} />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
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

interface LaneRowProps {
  days: string[];
  today: string;
  lane: PlanningLane | null;
  week: CalendarWeek;
  /** The board has team rows: the row holds its team's worksites (else every worksite). */
  byLane: boolean;
  canMove: boolean;
  heldId: string | null;
  onMove: (project: CalendarProject, day: string) => void;
}

/**
 * A team's row: its days as drop targets behind, its worksites in front as bars across the days they
 * occupy, stacked on as many lines as its busiest day needs — a row is as tall as its content.
 */
function LaneRow({ days, today, lane, week, byLane, canMove, heldId, onMove }: LaneRowProps) {
  const { bars, tracks } = barsOf(week, byLane ? (lane?.id ?? null) : undefined);
  return (
    <div className="relative">
      <div aria-hidden="true" className="absolute inset-0 grid" style={{ gridTemplateColumns: COLUMNS }}>
        {days.map((day) => (
          <DayCell key={day} day={day} today={day === today} lane={lane} canMove={canMove} />
        ))}
      </div>
      <ul
        aria-label={lane ? `Chantiers de ${lane.name}` : "Chantiers de la semaine"}
        className={cn("relative grid gap-y-1 py-1", tracks === 0 && "min-h-11")}
        style={{ gridTemplateColumns: COLUMNS, gridTemplateRows: `repeat(${Math.max(tracks, 1)}, auto)` }}
      >
        {bars.map((bar) => (
          <DraggableBar
            key={`${bar.project.id}|${bar.column}`}
            bar={bar}
            lane={lane}
            canMove={canMove}
            dimmed={heldId === bar.project.id}
            onMove={onMove}
          />
        ))}
      </ul>
    </div>
  );
}

interface DayCellProps {
  day: string;
  today: boolean;
  lane: PlanningLane | null;
  canMove: boolean;
}

/** A day of a row, where a worksite is dropped (`data-day`: the journeys find it by its date). */
function DayCell({ day, today, lane, canMove }: DayCellProps) {
  const label = cellLabel(day, lane);
  const { setNodeRef, isOver } = useDroppable({
    id: `${day}|${lane?.id ?? "none"}`,
    data: { day, lane, label } satisfies DropData,
    disabled: !canMove,
  });
  return (
    <div
      ref={setNodeRef}
      data-day={day}
      className={cn(
        "border-r border-border transition-colors last:border-r-0",
        isWeekend(day) && "bg-muted/60",
        today && "bg-primary-soft/40",
        isOver && "bg-primary-soft outline-2 -outline-offset-2 outline-primary/50 outline-dashed",
      )}
    />
  );
}

/** « Le lundi 23 novembre 2026 », « Du mardi 24 novembre 2026 au jeudi 26 novembre 2026 ». */
function spanLabel(days: string[]): string {
  const first = days[0] ?? "";
  const last = days.at(-1) ?? first;
  return days.length > 1
    ? `Du ${formatWeekdayDate(first)} au ${formatWeekdayDate(last)}`
    : `Le ${formatWeekdayDate(first)}`;
}

interface DraggableBarProps {
  bar: PlanningBar;
  lane: PlanningLane | null;
  canMove: boolean;
  dimmed: boolean;
  onMove: (project: CalendarProject, day: string) => void;
}

function DraggableBar({ bar, lane, canMove, dimmed, onMove }: DraggableBarProps) {
  const { project, days } = bar;
  const first = days[0] ?? project.start_date;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes } = useDraggable({
    id: `${project.id}|${first}|${lane?.id ?? "none"}`,
    data: { project, day: first, days } satisfies DragData,
    disabled: !canMove,
    attributes: { roleDescription: "chantier à déplacer" },
  });
  // 20 px under a mouse, 44 px under a finger (ADR 0005 §9: touch targets).
  const handle = canMove ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Déplacer ${project.name}`}
      className="relative z-10 -my-1 -ml-1 flex size-5 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing pointer-coarse:-my-2 pointer-coarse:size-11"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  ) : undefined;
  return (
    <li
      ref={setNodeRef}
      className="min-w-0 px-1"
      style={{ gridColumn: `${bar.column + 1} / span ${bar.span}`, gridRow: bar.track + 1 }}
    >
      <PlanningCard
        project={project}
        day={first}
        days={days}
        spanLabel={spanLabel(days)}
        handle={handle}
        onMove={canMove ? onMove : undefined}
        dimmed={dimmed}
        compact
        showTeam={lane === null}
      />
    </li>
  );
}
