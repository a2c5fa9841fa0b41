import { PROJECT_TEXTS } from "@shared/project-rules";
import { cn } from "@web/lib/cn";
import { SITE_BOTTOM_COVER, SITE_TOP_COVER } from "@web/lib/phone-chrome";
import { Check, Clock } from "lucide-react";
import type { SiteTask } from "../lib/site-outbox";
import { estimateLabel, SITE_TEXTS } from "../lib/site-texts";

export interface SiteTaskListProps {
  tasks: readonly SiteTask[];
  /** Without projects:execute, the ticks are shown, not changed. */
  canExecute: boolean;
  onToggle: (task: SiteTask) => void;
}

/**
 * « Tâches du chantier » (spec 2 §2): one large row per task, tapped to tick or untick it (a checkbox
 * for assistive technologies); a tick not yet sent says « En attente ».
 */
export function SiteTaskList({ tasks, canExecute, onToggle }: SiteTaskListProps) {
  if (tasks.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{PROJECT_TEXTS.noTasks}</p>;
  return (
    <ul aria-label={SITE_TEXTS.tasksTitle} className="flex flex-col gap-2">
      {tasks.map((task) => {
        const content = (
          <>
            <span
              aria-hidden="true"
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full border-2 transition-colors",
                task.is_done ? "border-success bg-success text-white" : "border-input bg-card",
              )}
            >
              {task.is_done && <Check className="size-4" strokeWidth={3} />}
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span
                className={cn(
                  "text-[0.9375rem] font-medium break-words",
                  task.is_done && "text-muted-foreground line-through decoration-1",
                )}
              >
                {task.label}
              </span>
              {task.estimated_hours !== null && (
                <span className="text-[0.8125rem] text-muted-foreground">{estimateLabel(task.estimated_hours)}</span>
              )}
            </span>
            {task.pending && (
              <span className="flex shrink-0 items-center gap-1 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-soft-foreground">
                <Clock aria-hidden="true" className="size-3" />
                {SITE_TEXTS.pendingBadge}
              </span>
            )}
          </>
        );
        const rowClass = cn(
          "flex min-h-14 w-full items-center gap-3 rounded-lg border px-3.5 py-3 text-left",
          task.is_done ? "border-[#bbf7d0] bg-success-soft/60" : "border-border bg-card",
        );
        return (
          // Scrolled to (a tap, the keyboard), a task stops clear of the bars that stay on the screen
          // (issue 32): the top bar and offline banner above, the finish and bottom bars below.
          <li key={task.id} style={{ scrollMarginTop: SITE_TOP_COVER, scrollMarginBottom: SITE_BOTTOM_COVER }}>
            {canExecute ? (
              // A real checkbox, transparent, over its whole row: the row is the target.
              <label
                className={cn(
                  rowClass,
                  "relative cursor-pointer transition-colors select-none hover:border-input active:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
                )}
              >
                <input
                  type="checkbox"
                  className="absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-lg opacity-0"
                  checked={task.is_done}
                  onChange={() => onToggle(task)}
                />
                {content}
              </label>
            ) : (
              <div className={rowClass}>
                <span className="sr-only">{task.is_done ? "Faite\u00a0:" : "À faire\u00a0:"}</span>
                {content}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
