import { type ReactNode, useMemo, useRef, useState } from "react";
import { type DirtyGuard, DirtyGuardContext } from "./dirty-guard";
import { LeaveConfirmDialog } from "./leave-confirm-dialog";
import { useUnsavedChanges } from "./use-unsaved-changes";

export interface PageLeaveGuardProps {
  /** The form's « Annuler »: leaves the page (asked first when the input is unsaved). */
  onCancel: () => void;
  /** What is lost, in the page's words. */
  description: string;
  children: ReactNode;
}

/**
 * The dirty guard of a form shown as a page (not in a modal): a link, the back button or « Annuler »
 * ask « Quitter sans enregistrer ? » while the form holds unsaved input, and closing the tab gets the
 * browser's prompt. The form inside uses `useDirtyGuard` as it does in a modal.
 */
export function PageLeaveGuard({ onCancel, description, children }: PageLeaveGuardProps) {
  const [dirty, setDirtyState] = useState(false);
  const dirtyNow = useRef(false);
  const discardHandler = useRef<(() => void) | null>(null);
  const blocker = useUnsavedChanges(dirty, () => dirtyNow.current);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const guard = useMemo<DirtyGuard>(
    () => ({
      setDirty: (next) => {
        dirtyNow.current = next;
        setDirtyState(next);
      },
      // Leaving is a navigation: the blocker asks when there is something to lose.
      requestClose: () => cancelRef.current(),
      setDiscardHandler: (handler) => {
        discardHandler.current = handler;
      },
    }),
    [],
  );
  return (
    <DirtyGuardContext.Provider value={guard}>
      {children}
      <LeaveConfirmDialog blocker={blocker} description={description} onLeave={() => discardHandler.current?.()} />
    </DirtyGuardContext.Provider>
  );
}
