import { addDays } from "@shared/dates";
import { formatLongDate, plural } from "@shared/format";
import type { CalendarProject, CalendarWeek } from "@shared/planning";
import { isWeekend, PLANNING_TEXTS, weekDays } from "@shared/planning-rules";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { CalendarX2, ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type TouchEvent, useId, useRef } from "react";
import { dayAndMonth, shortWeekdayName, weekdayName } from "../lib/planning-week";
import { PlanningCard } from "./planning-card";

export interface PlanningDayViewProps {
  week: CalendarWeek;
  today: string;
  day: string;
  /** Another day, of this week or (previous / next day buttons, a swipe) of the next or previous one. */
  onDay: (day: string) => void;
  canMove: boolean;
  onMove: (project: CalendarProject, day: string) => void;
}

/** A horizontal swipe longer than this (px), mostly sideways, changes the day. */
const SWIPE = 60;

/**
 * The planning on a phone (docs/domain/planning.md#screen): the strip of the week's seven days, then one
 * day at a time — its worksites as cards, « Déplacer » in each card's menu. The previous / next day
 * buttons and a swipe go on across weeks.
 */
export function PlanningDayView({ week, today, day, onDay, canMove, onMove }: PlanningDayViewProps) {
  const days = weekDays(week.week_start);
  const panelId = useId();
  const tabId = (d: string) => `${panelId}-${d}`;
  const strip = useRef<HTMLDivElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const projects = week.days.find((d) => d.date === day)?.projects ?? [];
  const countOf = (d: string) => week.days.find((w) => w.date === d)?.projects.length ?? 0;

  /** ← → Home End between the days (a tab list: one stop for Tab, arrows inside). */
  const onStripKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = days.indexOf(day);
    const next =
      event.key === "ArrowRight"
        ? days[(index + 1) % 7]
        : event.key === "ArrowLeft"
          ? days[(index + 6) % 7]
          : event.key === "Home"
            ? days[0]
            : event.key === "End"
              ? days[6]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onDay(next);
    strip.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus();
  };
  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const from = touch.current;
    const t = event.changedTouches[0];
    touch.current = null;
    if (!from || !t) return;
    const dx = t.clientX - from.x;
    if (Math.abs(dx) >= SWIPE && Math.abs(dx) > 2 * Math.abs(t.clientY - from.y)) onDay(addDays(day, dx < 0 ? 1 : -1));
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        ref={strip}
        role="tablist"
        aria-label="Jours de la semaine"
        onKeyDown={onStripKey}
        className="grid grid-cols-7 gap-1 rounded-lg border border-border bg-card p-1 shadow-card"
      >
        {days.map((d) => {
          const selected = d === day;
          const count = countOf(d);
          return (
            <button
              key={d}
              type="button"
              role="tab"
              id={tabId(d)}
              data-day={d}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onDay(d)}
              className={cn(
                "flex min-h-14 min-w-0 flex-col items-center justify-center gap-0.5 rounded-md text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                selected
                  ? "bg-primary text-primary-foreground"
                  : cn("hover:bg-muted", isWeekend(d) ? "text-muted-foreground" : "text-foreground"),
                !selected && d === today && "bg-primary-soft text-primary-soft-foreground",
              )}
            >
              <span aria-hidden="true" className="text-[0.6875rem] font-medium uppercase">
                {shortWeekdayName(d)}
              </span>
              <span aria-hidden="true" className="text-base leading-none font-semibold tabular-nums">
                {Number(d.slice(8, 10))}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  "size-1.5 rounded-full",
                  count === 0 ? "bg-transparent" : selected ? "bg-primary-foreground" : "bg-primary",
                )}
              />
              <span className="sr-only">
                {`${weekdayName(d)} ${formatLongDate(d)}${d === today ? ` (${PLANNING_TEXTS.today.toLowerCase()})` : ""}, ${
                  count > 0 ? plural(count, "chantier") : PLANNING_TEXTS.emptyDay
                }`}
              </span>
            </button>
          );
        })}
      </div>

      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(day)}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        className="flex flex-col gap-3"
      >
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="icon" aria-label="Jour précédent" onClick={() => onDay(addDays(day, -1))}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <div className="flex min-w-0 flex-1 flex-col items-center text-center">
            <h2 className="text-base font-semibold">
              {`${weekdayName(day)} ${dayAndMonth(day)}`}
              {day === today && <span className="sr-only">{` (${PLANNING_TEXTS.today.toLowerCase()})`}</span>}
            </h2>
            <p className="text-xs text-muted-foreground">
              {projects.length > 0 ? plural(projects.length, "chantier") : PLANNING_TEXTS.emptyDay}
            </p>
          </div>
          <Button variant="ghost" size="icon" aria-label="Jour suivant" onClick={() => onDay(addDays(day, 1))}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        {projects.length > 0 ? (
          <ul aria-label={`${weekdayName(day)} ${formatLongDate(day)}`} className="flex flex-col gap-3">
            {projects.map((project) => (
              <li key={project.id}>
                <PlanningCard project={project} day={day} onMove={canMove ? onMove : undefined} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-input bg-card px-6 py-10 text-center">
            <CalendarX2 aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="text-sm font-medium">{PLANNING_TEXTS.emptyDay}</p>
            <p className="text-xs text-muted-foreground">
              {isWeekend(day) ? "Rien de prévu ce week-end." : "Aucun chantier n’est prévu ce jour-là."}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
