/**
 * Thin, exception-safe wrappers around localStorage / sessionStorage
 * (private browsing, disabled storage and quota errors must never break the app).
 */

type StorageKind = "local" | "session";

function store(kind: StorageKind): Storage | null {
  try {
    if (typeof window === "undefined") return null;
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, kind: StorageKind = "local"): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, kind: StorageKind = "local"): void {
  try {
    store(kind)?.setItem(key, value);
  } catch {
    // Storage full or unavailable: the preference is simply not remembered.
  }
}

/**
 * Input kept on the device until it is saved or discarded (a quote being written): every such key
 * starts with this, so that signing out drops them all (lib/session.ts).
 */
export const DRAFT_KEY_PREFIX = "propulse:draft:";

/** Drops every draft kept on the device. */
export function removeDrafts(): void {
  try {
    const storage = store("local");
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(DRAFT_KEY_PREFIX) ?? false,
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function removeItem(key: string, kind: StorageKind = "local"): void {
  try {
    store(kind)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function readJson(key: string, kind: StorageKind = "local"): unknown {
  const raw = readItem(key, kind);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: StorageKind = "local"): void {
  writeItem(key, JSON.stringify(value), kind);
}
