import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { createContext, useContext, useEffect } from "react";

export const DISCARD_TEXTS = {
  title: "Abandonner les modifications\u202f?",
  description: "Les informations saisies depuis l’ouverture seront perdues.",
  keep: "Continuer la saisie",
  discard: "Abandonner",
} as const;

/** What a modal tells the form inside it: where to report unsaved input, and how to ask to close. */
export interface DirtyGuard {
  setDirty: (dirty: boolean) => void;
  /** Closes the modal, asking first when the form holds unsaved input. */
  requestClose: () => void;
  /** What the form does when its input is discarded (drop its draft kept on the device). */
  setDiscardHandler: (handler: (() => void) | null) => void;
}

export const DirtyGuardContext = createContext<DirtyGuard | null>(null);

/**
 * A form reports its unsaved input (react-hook-form's `isDirty`) to the modal around it, which then asks
 * « Abandonner les modifications ? » before Escape, ✕, the sheet's handle or « Annuler » close it.
 * Returns `cancel`: the form's « Annuler » (through the modal's guard, or `onCancel` outside a modal).
 */
export function useDirtyGuard(
  dirty: boolean,
  onCancel: () => void,
  onDiscarded?: () => void,
): { cancel: () => void; saved: () => void } {
  const guard = useContext(DirtyGuardContext);
  useEffect(() => {
    if (!guard) return;
    guard.setDirty(dirty);
    return () => guard.setDirty(false);
  }, [guard, dirty]);
  useEffect(() => {
    if (!guard || !onDiscarded) return;
    guard.setDiscardHandler(onDiscarded);
    return () => guard.setDiscardHandler(null);
  }, [guard, onDiscarded]);
  return {
    cancel: guard ? guard.requestClose : onCancel,
    // Saved: closing or leaving right after must not ask (the dirty state is only cleared by the next render).
    saved: () => guard?.setDirty(false),
  };
}

export interface DiscardChangesDialogProps {
  open: boolean;
  /** « Continuer la saisie », Escape: back to the form. */
  onKeep: () => void;
  /** « Abandonner »: the input is dropped and the modal closes. */
  onDiscard: () => void;
}

/** The one question asked before unsaved input is dropped; « Continuer la saisie » is focused first. */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onKeep}
      title={DISCARD_TEXTS.title}
      description={DISCARD_TEXTS.description}
      confirmLabel={DISCARD_TEXTS.discard}
      cancelLabel={DISCARD_TEXTS.keep}
      destructive
      onConfirm={onDiscard}
    />
  );
}
