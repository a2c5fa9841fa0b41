import { readJson, writeJson } from "@web/lib/storage";
import { useCallback, useEffect, useState } from "react";
import { isSidebarShortcut, readSidebarState, SIDEBAR_STATE_KEY, serializeSidebarState } from "../lib/sidebar-state";

/** Desktop sidebar open/collapsed state, remembered 7 days, toggled by Ctrl/Cmd+B. */
export function useSidebarState(enabled: boolean) {
  const [open, setOpenState] = useState(() => readSidebarState(readJson(SIDEBAR_STATE_KEY), Date.now()) ?? true);

  const setOpen = useCallback((next: boolean | ((current: boolean) => boolean)) => {
    setOpenState((current) => {
      const value = typeof next === "function" ? next(current) : next;
      writeJson(SIDEBAR_STATE_KEY, serializeSidebarState(value, Date.now()));
      return value;
    });
  }, []);

  const toggle = useCallback(() => setOpen((current) => !current), [setOpen]);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled, toggle]);

  return { open, setOpen, toggle };
}
