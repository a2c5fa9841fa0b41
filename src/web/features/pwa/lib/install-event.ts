/**
 * Captures `beforeinstallprompt` from page start: the event fires early (often on the login
 * screen) while the install card only mounts later inside the app layout.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installedNow = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function captureInstallEvents(): void {
  if (typeof window === "undefined") return;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    installedNow = true;
    notify();
  });
}

export function getDeferredInstallEvent(): BeforeInstallPromptEvent | null {
  return deferred;
}

export function wasInstalledNow(): boolean {
  return installedNow;
}

export function consumeDeferredInstallEvent(): void {
  deferred = null;
  notify();
}

export function subscribeInstallEvents(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
