import { plural } from "@shared/format";
import { type ProgressColour, projectProgress } from "@shared/project-rules";
import { cn } from "@web/lib/cn";

/** The spec's colours (spec 2 §9): blue below 50 %, orange from 50 %, green from 80 %. */
const BAR: Record<ProgressColour, string> = {
  blue: "bg-blue-600",
  orange: "bg-orange-500",
  green: "bg-green-600",
};

export interface ProjectProgressProps {
  done: number;
  total: number;
  className?: string;
}

/**
 * Done tasks over all tasks: a bar in the spec's colour, and the figures in words (« 3/8 tâches · 38 % »)
 * so that the colour is never the only signal.
 */
export function ProjectProgress({ done, total, className }: ProjectProgressProps) {
  const { percent, colour } = projectProgress(done, total);
  const label = `${done}/${plural(total, "tâche")}`;
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>{label}</span>
        <span className="font-medium text-foreground tabular-nums">{percent}&nbsp;%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Avancement"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}\u00a0%, ${label}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          data-colour={colour}
          className={cn("h-full rounded-full transition-[width]", BAR[colour])}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
