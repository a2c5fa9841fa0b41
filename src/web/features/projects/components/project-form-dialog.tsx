import type { ProjectDetail } from "@shared/projects";

/** Stub: the dialogs helper writes it. « Créer un nouveau chantier » / « Créer un chantier depuis le devis {ref} ». */
export interface ProjectCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** From a validated quote (its proposal is loaded), or null for a blank worksite. */
  quoteId?: string | null;
  /** After the creation (the caller may open the worksite's page). */
  onCreated?: (project: ProjectDetail) => void;
}

export function ProjectCreateDialog(_props: ProjectCreateDialogProps) {
  return null;
}

/** Stub: the dialogs helper writes it. « Modifier le chantier {reference} ». */
export interface ProjectEditDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
}

export function ProjectEditDialog(_props: ProjectEditDialogProps) {
  return null;
}
