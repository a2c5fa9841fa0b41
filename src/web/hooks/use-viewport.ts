import { DESKTOP_MIN_WIDTH, TABLET_MIN_WIDTH, type Viewport, viewportOf } from "@web/lib/viewport";
import { useSyncExternalStore } from "react";

function snapshot(): Viewport {
  return viewportOf(window.innerWidth);
}

function subscribe(onChange: () => void): () => void {
  const queries = [`(min-width: ${TABLET_MIN_WIDTH}px)`, `(min-width: ${DESKTOP_MIN_WIDTH}px)`].map((query) =>
    window.matchMedia(query),
  );
  for (const query of queries) query.addEventListener("change", onChange);
  return () => {
    for (const query of queries) query.removeEventListener("change", onChange);
  };
}

/**
 * The layout that applies, by width only (`lib/viewport.ts`): "phone" and "tablet" get the mobile shell
 * (top bar, bottom bar, sheets), "desktop" the sidebar. The one way to ask; no component reads the pointer.
 */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, snapshot, () => "desktop");
}
