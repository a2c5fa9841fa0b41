import { useEffect, useState } from "react";

/** The longest wait for an idle moment once the page has loaded (a busy page still gets there). */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the page has loaded (`load`: the route document's scripts and styles are in) and the
 * browser then has an idle moment: code nobody needs for the first screen (the toaster) downloads
 * then, instead of sharing a slow phone's bandwidth with the screen's own code (ADR 0005 §10 (j)).
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancelIdle = () => {};
    const afterLoad = () => {
      if (typeof window.requestIdleCallback === "function") {
        const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const handle = window.setTimeout(() => setIdle(true), 1);
        cancelIdle = () => window.clearTimeout(handle);
      }
    };
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return () => {
      window.removeEventListener("load", afterLoad);
      cancelIdle();
    };
  }, []);
  return idle;
}
