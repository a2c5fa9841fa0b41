import { DESKTOP_MIN_WIDTH, TABLET_MIN_WIDTH, type Viewport, viewportOf } from "@web/lib/viewport";
import { useSyncExternalStore } from "react";

/**
 * The layout in force, read once and then kept by two media queries. Reading `window.innerWidth` forces
 * the browser to lay the page out; React asks a store for its value on every render and again after
 * each commit, so a value read there made every screen lay itself out several times while mounting
 * (about 60 ms on a throttled phone on /quotes). The queries say when the width crosses a boundary.
 */
let current: Viewport | null = null;
const listeners = new Set<() => void>();
let watching = false;

function watch(): void {
  if (watching || typeof window.matchMedia !== "function") return;
  watching = true;
  for (const query of [`(min-width: ${TABLET_MIN_WIDTH}px)`, `(min-width: ${DESKTOP_MIN_WIDTH}px)`]) {
    window.matchMedia(query).addEventListener("change", () => {
      current = viewportOf(window.innerWidth);
      for (const listener of listeners) listener();
    });
  }
}

function snapshot(): Viewport {
  if (current === null) {
    current = viewportOf(window.innerWidth);
    watch();
  }
  return current;
}

function subscribe(onChange: () => void): () => void {
  watch();
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/**
 * The layout that applies, by width only (`lib/viewport.ts`): "phone" and "tablet" get the mobile shell
 * (top bar, bottom bar, sheets), "desktop" the sidebar. The one way to ask; no component reads the pointer.
 */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, snapshot, () => "desktop");
}
