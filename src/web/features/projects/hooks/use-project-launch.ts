import { PROJECT_TEXTS } from "@shared/project-rules";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { paths } from "@web/lib/paths";
import { useNavigate } from "react-router";
import { useStartProject } from "../api/project-mutations";

/**
 * « Démarrer » and « Continuer » of a card and of a worksite's page (spec 2 « Project card »): starting
 * sets `en cours` (POST …/start, « Chantier démarré ») then opens the execution screen; continuing opens
 * it at once. `startingId`: the worksite being started (its button shows a spinner).
 */
export function useProjectLaunch() {
  const navigate = useNavigate();
  const start = useStartProject();
  return {
    start: (id: string) =>
      start.mutate(id, {
        onSuccess: () => {
          toastSuccess(PROJECT_TEXTS.started);
          void navigate(paths.projectExecution(id));
        },
        onError: (error) => toastFailure(PROJECT_TEXTS.startFailed, error),
      }),
    resume: (id: string) => void navigate(paths.projectExecution(id)),
    startingId: start.isPending ? start.variables : null,
  };
}
