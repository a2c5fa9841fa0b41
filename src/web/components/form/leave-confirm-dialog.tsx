import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { useRef } from "react";
import type { Blocker } from "react-router";

export interface LeaveConfirmDialogProps {
  blocker: Blocker;
  /** What is lost, in the page's words. */
  description: string;
  /** Once leaving is confirmed, before the navigation goes on (e.g. drop a draft kept on the device). */
  onLeave?: () => void;
}

/** Asked when leaving the page with unsaved changes (an in-app link; reloads get the browser's prompt). */
export function LeaveConfirmDialog({ blocker, description, onLeave }: LeaveConfirmDialogProps) {
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
      description={description}
      confirmLabel="Quitter sans enregistrer"
      cancelLabel="Rester sur la page"
      destructive
      onConfirm={() => {
        if (blocker.state !== "blocked") return;
        leaving.current = true;
        onLeave?.();
        blocker.proceed();
      }}
    />
  );
}
