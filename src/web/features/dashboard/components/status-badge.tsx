import type { ProjectStatus } from "@shared/project-rules";
import { cn } from "@web/lib/cn";

/**
 * Spec 1 « Active project »: the statuses 'en cours', 'à faire', 'en pause', 'livré' (and the spec's
 * 'terminé') have colours — those of the worksites' own badge (components/project-status-badge.tsx) —
 * any other a neutral one. Written here rather than imported: that badge and the worksites' rules live
 * in the list screens' chunk, which the home does not load (docs/domain/dashboard.md#web).
 */
const TONE: Record<string, string> = {
  "à faire": "border-border bg-card text-muted-foreground",
  "en cours": "border-transparent bg-primary-soft text-primary-soft-foreground",
  "en pause": "border-transparent bg-warning-soft text-warning-soft-foreground",
  livré: "border-transparent bg-success-soft text-success-soft-foreground",
  terminé: "border-transparent bg-success-soft text-success-soft-foreground",
};
const NEUTRAL = "border-transparent bg-muted text-muted-foreground";

/** « En cours », « À faire »…: the status with its first letter capitalised (the worksites' labels). */
export function StatusBadge({ status }: { status: ProjectStatus | (string & {}) }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        TONE[status] ?? NEUTRAL,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
