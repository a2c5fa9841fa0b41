/** The sidebar open state is remembered for 7 days (docs/domain/shell.md#sidebar). */
export const SIDEBAR_STATE_KEY = "sidebar_state";
export const SIDEBAR_STATE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface StoredSidebarState {
  open: boolean;
  expiresAt: number;
}

export function serializeSidebarState(open: boolean, nowMs: number): StoredSidebarState {
  return { open, expiresAt: nowMs + SIDEBAR_STATE_MAX_AGE_MS };
}

/** The remembered state, or null when absent, malformed or older than 7 days. */
export function readSidebarState(stored: unknown, nowMs: number): boolean | null {
  if (typeof stored !== "object" || stored === null) return null;
  const { open, expiresAt } = stored as Partial<StoredSidebarState>;
  if (typeof open !== "boolean" || typeof expiresAt !== "number" || !Number.isFinite(expiresAt)) return null;
  if (expiresAt <= nowMs || expiresAt > nowMs + SIDEBAR_STATE_MAX_AGE_MS) return null;
  return open;
}

/** Ctrl+B or Cmd+B (docs/domain/shell.md#sidebar), without other modifiers. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">) {
  return event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
