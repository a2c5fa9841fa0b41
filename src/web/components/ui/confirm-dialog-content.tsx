import { LoaderCircle, TriangleAlert } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";
import type { ConfirmDialogProps } from "./confirm-dialog";

/** ConfirmDialog once opened (confirm-dialog.tsx): Radix AlertDialog and its focus trap. */
export function ConfirmDialogContent({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel = "Annuler",
  pendingLabel,
  destructive = false,
  onConfirm,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // The action reports its own failure (toast); the question is closed either way.
    } finally {
      setPending(false);
      onClose();
    }
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <AlertDialogContent className="max-h-[92dvh] overflow-y-auto">
        <AlertDialogHeader>
          {destructive && (
            <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-destructive-soft text-destructive">
              <TriangleAlert aria-hidden="true" className="size-5" />
            </span>
          )}
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? "destructive" : "default"}
            disabled={pending || confirmDisabled}
            onClick={(event) => {
              // Stay open until the action has settled.
              event.preventDefault();
              void confirm();
            }}
          >
            {pending && pendingLabel ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                {pendingLabel}
              </>
            ) : (
              confirmLabel
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
