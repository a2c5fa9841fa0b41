import { PROJECT_STATUS_LABELS, type ProjectStatus } from "@shared/project-rules";
import { Badge } from "@web/components/ui/badge";

const VARIANT = {
  "à faire": "outline",
  "en cours": "default",
  "en pause": "warning",
  livré: "success",
  annulé: "destructive",
} as const;

/**
 * A worksite's status on the planning, as the worksites screens show it (the word, a dot of its colour
 * before it). Features never import each other: the twin of the projects feature's badge.
 */
export function PlanningStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge variant={VARIANT[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
