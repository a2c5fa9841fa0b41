/**
 * The app's toasts: sonner's `toast`, without sonner in the code every page loads first (ADR 0005 §10).
 * Sonner (its toaster, its state and its style sheet, ≈ 14 kB compressed) comes in its own chunk once the
 * first screen has painted (`ToasterHost`, app/toaster-host.tsx), or as soon as a toast is wanted
 * before that. A toast asked for before the toaster is on screen waits for it, in order: none is lost.
 * Features import `toast` from here, never from "sonner"; tests mock this module.
 */
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Sonner = { toast: typeof sonnerToast };
type Message = Parameters<typeof sonnerToast>[0];
type Call = (sonner: Sonner) => void;

let sonner: Sonner | null = null;
const waiting: Call[] = [];
const wantListeners = new Set<() => void>();

function deliver(call: Call): void {
  if (sonner) {
    call(sonner);
    return;
  }
  waiting.push(call);
  for (const listener of wantListeners) listener();
}

/** Called by the toaster host once sonner's toaster is mounted: the waiting toasts show, in order. */
export function toasterReady(module: Sonner): void {
  sonner = module;
  for (const call of waiting.splice(0)) call(module);
}

/** The toaster host listens: a toast wanted before the first paint loads the toaster at once. */
export function onToastWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  if (waiting.length > 0) listener();
  return () => wantListeners.delete(listener);
}

/** sonner's `toast` and the variants the app uses (same arguments). */
export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => deliver((s) => s.toast(message, options)),
  {
    success: (message: Message, options?: ExternalToast) => deliver((s) => s.toast.success(message, options)),
    error: (message: Message, options?: ExternalToast) => deliver((s) => s.toast.error(message, options)),
    info: (message: Message, options?: ExternalToast) => deliver((s) => s.toast.info(message, options)),
    warning: (message: Message, options?: ExternalToast) => deliver((s) => s.toast.warning(message, options)),
  },
);
