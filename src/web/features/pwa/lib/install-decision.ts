/** Install prompt rules (docs/domain/shell.md#install-prompt): shown on the 3rd visit or on mobile, unless dismissed. */
export const INSTALL_MIN_VISITS = 3;

export const INSTALL_STORAGE_KEYS = {
  dismissed: "pwa_install_dismissed",
  visitCount: "pwa_visit_count",
  installed: "pwa_installed",
  /** sessionStorage: the current browser session was already counted as a visit. */
  visitCounted: "pwa_visit_counted",
} as const;

export interface InstallPromptContext {
  /** The browser fired `beforeinstallprompt` (the app can be installed now). */
  promptAvailable: boolean;
  visitCount: number;
  isMobile: boolean;
  dismissed: boolean;
  installed: boolean;
}

export function shouldShowInstallPrompt(context: InstallPromptContext): boolean {
  if (!context.promptAvailable || context.dismissed || context.installed) return false;
  return context.isMobile || context.visitCount >= INSTALL_MIN_VISITS;
}

/** Reads a stored visit count: a non-negative integer, anything else counts as 0. */
export function parseVisitCount(raw: string | null): number {
  if (raw === null) return 0;
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}
