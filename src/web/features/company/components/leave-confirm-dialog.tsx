import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { useRef } from "react";
import type { Blocker } from "react-router";

/** Asked when leaving the page with unsaved changes (an in-app link; reloads get the browser's prompt). */
export function LeaveConfirmDialog({ blocker }: { blocker: Blocker }) {
  // ConfirmDialog closes after its action too: once leaving is confirmed, closing must not cancel it.
  const leaving = useRef(false);
  const open = blocker.state === "blocked";
  if (open) leaving.current = false;
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        if (!leaving.current && blocker.state === "blocked") blocker.reset();
      }}
      title={"Quitter sans enregistrer\u202f?"}
      description="Vos modifications des paramètres de l'entreprise n'ont pas été enregistrées et seront perdues."
      confirmLabel="Quitter sans enregistrer"
      cancelLabel="Rester sur la page"
      destructive
      onConfirm={() => {
        if (blocker.state !== "blocked") return;
        leaving.current = true;
        blocker.proceed();
      }}
    />
  );
}
