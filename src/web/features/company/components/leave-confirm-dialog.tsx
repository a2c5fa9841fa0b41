import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@web/components/ui/alert-dialog";
import { TriangleAlert } from "lucide-react";
import type { Blocker } from "react-router";

/** Asked when leaving the page with unsaved changes (an in-app link; reloads get the browser's prompt). */
export function LeaveConfirmDialog({ blocker }: { blocker: Blocker }) {
  const open = blocker.state === "blocked";
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === "blocked") blocker.reset();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <AlertDialogTitle>Quitter sans enregistrer ?</AlertDialogTitle>
          <AlertDialogDescription>
            Vos modifications des paramètres de l'entreprise n'ont pas été enregistrées et seront perdues.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Rester sur la page</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => blocker.state === "blocked" && blocker.proceed()}>
            Quitter sans enregistrer
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
