import { useSyncExternalStore } from "react";
import { isMobileViewport, MOBILE_MAX_WIDTH, TOUCH_MOBILE_MAX_WIDTH } from "../lib/viewport";

function touchCapable(): boolean {
  if (navigator.maxTouchPoints > 0) return true;
  return window.matchMedia?.("(any-pointer: coarse)").matches ?? false;
}

function snapshot(): boolean {
  return isMobileViewport(window.innerWidth, touchCapable());
}

function subscribe(onChange: () => void): () => void {
  const queries = [
    `(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)`,
    `(max-width: ${TOUCH_MOBILE_MAX_WIDTH - 0.02}px)`,
    "(any-pointer: coarse)",
  ].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener("change", onChange);
  return () => {
    for (const query of queries) query.removeEventListener("change", onChange);
  };
}

/** Whether the mobile layout applies (bottom bar instead of the sidebar). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
