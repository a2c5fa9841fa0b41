import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useWhenIdle } from "@web/hooks/use-when-idle";
import { lazy, type ReactNode, Suspense, useEffect } from "react";

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
  /** What the question asks besides yes or no, under the description (a choice, a few fields). */
  children?: ReactNode;
  /** The answer is not complete yet (a choice to make, a field to correct): the confirm button waits. */
  confirmDisabled?: boolean;
}

const loadContent = () => import("./confirm-dialog-content");
const ConfirmDialogContent = lazy(() => loadContent().then((m) => ({ default: m.ConfirmDialogContent })));

/**
 * The one confirmation of the app (every deletion, every irreversible step): a question that must be
 * answered. Every list page has one and few visits open it: its code (Radix AlertDialog, focus trap,
 * scroll lock) is not part of the page's first load but downloads once the page is idle, or when first
 * opened, and stays mounted from then on (ADR 0005 §10 (j)).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  const idle = useWhenIdle();
  useEffect(() => {
    if (idle) void loadContent();
  }, [idle]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
