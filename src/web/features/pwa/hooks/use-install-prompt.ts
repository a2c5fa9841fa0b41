import { readItem, writeItem } from "@web/lib/storage";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { INSTALL_STORAGE_KEYS, parseVisitCount, shouldShowInstallPrompt } from "../lib/install-decision";
import {
  consumeDeferredInstallEvent,
  getDeferredInstallEvent,
  subscribeInstallEvents,
  wasInstalledNow,
} from "../lib/install-event";

/** Counts this browser session as one visit (once) and returns the total. */
function countVisit(): number {
  const current = parseVisitCount(readItem(INSTALL_STORAGE_KEYS.visitCount));
  if (readItem(INSTALL_STORAGE_KEYS.visitCounted, "session") === "1") return current;
  writeItem(INSTALL_STORAGE_KEYS.visitCounted, "1", "session");
  const next = current + 1;
  writeItem(INSTALL_STORAGE_KEYS.visitCount, String(next));
  return next;
}

function isStandalone(): boolean {
  return window.matchMedia?.("(display-mode: standalone)").matches ?? false;
}

export function useInstallPrompt(isMobile: boolean) {
  const [visitCount] = useState(countVisit);
  const [dismissed, setDismissed] = useState(() => readItem(INSTALL_STORAGE_KEYS.dismissed) === "true");
  const [installed, setInstalled] = useState(
    () => readItem(INSTALL_STORAGE_KEYS.installed) === "true" || isStandalone(),
  );
  const promptEvent = useSyncExternalStore(subscribeInstallEvents, getDeferredInstallEvent, () => null);
  const installedByBrowser = useSyncExternalStore(subscribeInstallEvents, wasInstalledNow, () => false);

  useEffect(() => {
    if (!installedByBrowser) return;
    writeItem(INSTALL_STORAGE_KEYS.installed, "true");
    setInstalled(true);
  }, [installedByBrowser]);

  const visible = shouldShowInstallPrompt({
    promptAvailable: promptEvent !== null,
    visitCount,
    isMobile,
    dismissed,
    installed,
  });

  const install = useCallback(async () => {
    const event = getDeferredInstallEvent();
    if (!event) return;
    consumeDeferredInstallEvent();
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === "accepted") {
      writeItem(INSTALL_STORAGE_KEYS.installed, "true");
      setInstalled(true);
    }
  }, []);

  const dismiss = useCallback(() => {
    writeItem(INSTALL_STORAGE_KEYS.dismissed, "true");
    setDismissed(true);
  }, []);

  return { visible, install, dismiss };
}
