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
