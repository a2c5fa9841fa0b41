import { LoaderCircle, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
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

export interface ConfirmDialogProps {
  open: boolean;
  /** Called when the question is answered « Annuler » (or Escape), and after `onConfirm` has settled. */
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** « Supprimer », « Valider le devis »… */
  confirmLabel: string;
  /** The answer that keeps things as they are (default « Annuler »). */
  cancelLabel?: string;
  /** Shown on the button while `onConfirm` runs, e.g. « Suppression… ». */
  pendingLabel?: string;
  /** A deletion or another irreversible action: red button and a warning sign. */
  destructive?: boolean;
  /**
   * The action. The dialog stays open (its buttons disabled) until the returned promise settles, then
   * closes; the action shows its own success or failure toast.
   */
  onConfirm: () => unknown;
}

/** The one confirmation of the app (every deletion, every irreversible step): a question that must be answered. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel = "Annuler",
  pendingLabel,
  destructive = false,
  onConfirm,
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
      <AlertDialogContent>
        <AlertDialogHeader>
          {destructive && (
            <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-destructive-soft text-destructive">
              <TriangleAlert aria-hidden="true" className="size-5" />
            </span>
          )}
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? "destructive" : "default"}
            disabled={pending}
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
