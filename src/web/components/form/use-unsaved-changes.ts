import { useEffect } from "react";
import { type Blocker, useBlocker } from "react-router";

/**
 * While `dirty`, asks before the page is left: the browser's own prompt on reload or close, and a
 * blocker for in-app navigation to another path (the caller shows the confirmation).
 */
export function useUnsavedChanges(dirty: boolean, stillDirty: () => boolean = () => dirty): Blocker {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // `stillDirty` is read when the navigation happens: a form saved a moment ago leaves without a question.
  return useBlocker(
    ({ currentLocation, nextLocation }) => stillDirty() && currentLocation.pathname !== nextLocation.pathname,
  );
}
