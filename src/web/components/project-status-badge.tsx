import { PROJECT_STATUS_LABELS, type ProjectStatus } from "@shared/project-rules";
import { Badge } from "@web/components/ui/badge";

const VARIANT = {
  "à faire": "outline",
  "en cours": "default",
  "en pause": "warning",
  livré: "success",
  annulé: "destructive",
} as const;

/** « À faire », « En cours », « En pause », « Livré », « Annulé »: the word, a dot of its colour before it (the worksites and the planning). */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge variant={VARIANT[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
